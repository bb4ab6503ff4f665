"""Runtime probe: runs a training script for a bounded number of steps and measures it.

Nothing here is imported by the lint path; torch is imported only in the child process.
"""
