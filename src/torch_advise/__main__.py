from torch_advise.cli import run

run()
