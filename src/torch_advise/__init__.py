"""torch-advise: finds what makes PyTorch training slow or silently wrong."""

__version__ = "0.1.0"
