"""What runs inside the script's process: the patches and hooks, the step window, the phases,
the what-if arms switched at step boundaries. Imported by the child the probe starts, so it
imports nothing of the lint, the CLI or the report writers (tests/test_probe_layers.py)."""
