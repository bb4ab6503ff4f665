"""What the checks read about a file, and nothing that runs a lint.

One walk builds the model (builder.py -> model.py); facts.py answers questions about loaders,
optimizers, scalers, autocasts and devices; steps.py says what a training step is, reading
calls through the one inliner (inline.py) so that every rule sees through helpers and methods
alike. Checks import only this package; nothing here imports a check, the runner or the CLI
(tests/test_layering.py keeps it so).
"""
