"""What turns the child's measurements into figures and verdicts: ratios and their intervals,
the rounds an arm runs (used inside the process too, to stop when settled), verdicts with their
actions, static findings joined to what was measured, distributed ranks, run comparisons."""
