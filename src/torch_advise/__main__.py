from torch_advise.cli import main

main()
