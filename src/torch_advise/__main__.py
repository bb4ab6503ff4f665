"""`python -m torch_advise`.

For -m Python puts the current folder first on sys.path (unless -P), so a `torch_advise/`
there would have been run instead of this; nothing can stop that. What can be stopped is the
rest: once this runs, the folder leaves sys.path, so that a checked project's own `click.py`
or `json.py` is never imported, and run, in place of the library advise means.
"""

import os
import sys

if sys.path and not getattr(sys.flags, "safe_path", False) and os.path.abspath(sys.path[0] or os.curdir) == os.getcwd():
    del sys.path[0]

from torch_advise.console import run  # noqa: E402 - after the folder has left sys.path

run()
