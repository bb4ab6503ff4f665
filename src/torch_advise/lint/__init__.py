"""Static analysis of training scripts: model, checks, fixes, and the file runner."""
