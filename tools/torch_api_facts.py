"""Read what torch's deprecated AMP callables take and pass on, from the source of every torch
release on PyPI, and keep it in tests/data/torch_amp_api.json.

    python tools/torch_api_facts.py            # read every release from 2.4.0 on and write the record
    python tools/torch_api_facts.py --since 2.13.0

Only the few source files needed are read out of each wheel, with HTTP range requests (a wheel
is a zip archive whose directory sits at its end), so a release costs a few hundred kilobytes,
not the wheel's hundreds of megabytes. Standard library only.

What is read, per release: each callable's signature (as torch_advise.lint.analysis.torch_api
writes it), what a deprecated callable passes to its successor (from the call it makes:
`super().__init__(...)` or `functools.partial(torch.amp.X, ...)(...)`), and which successor, called
without its first parameter, returns a decorator calling itself again (`if fwd is None: return
functools.partial(custom_fwd, ...)`). tests/test_torch_api.py checks the package's tables
against every release in the record.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
import urllib.request
import zipfile
from pathlib import Path
from typing import Optional

RECORD = Path(__file__).resolve().parents[1] / "tests" / "data" / "torch_amp_api.json"
INDEX = "https://pypi.org/simple/torch/"
WHEEL = re.compile(r"torch-(\d+)\.(\d+)\.(\d+)-cp311-cp311-manylinux[^/]*_x86_64\.whl$")

# qualname -> (file in the wheel, class or None, function)
CALLABLES = {
    "torch.cuda.amp.autocast": ("torch/cuda/amp/autocast_mode.py", "autocast", "__init__"),
    "torch.amp.autocast": ("torch/amp/autocast_mode.py", "autocast", "__init__"),
    "torch.cuda.amp.GradScaler": ("torch/cuda/amp/grad_scaler.py", "GradScaler", "__init__"),
    "torch.amp.GradScaler": ("torch/amp/grad_scaler.py", "GradScaler", "__init__"),
    "torch.cuda.amp.custom_fwd": ("torch/cuda/amp/autocast_mode.py", None, "custom_fwd"),
    "torch.amp.custom_fwd": ("torch/amp/autocast_mode.py", None, "custom_fwd"),
    "torch.cuda.amp.custom_bwd": ("torch/cuda/amp/autocast_mode.py", None, "custom_bwd"),
    "torch.amp.custom_bwd": ("torch/amp/autocast_mode.py", None, "custom_bwd"),
}
DEPRECATED = {name: name.replace("torch.cuda.amp.", "torch.amp.") for name in CALLABLES if name.startswith("torch.cuda.amp.")}


class RangeFile(io.RawIOBase):
    """A remote file read in pieces with HTTP range requests."""

    def __init__(self, url: str, size: int) -> None:
        self.url, self.size, self.position = url, size, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = 0) -> int:
        self.position = {0: offset, 1: self.position + offset, 2: self.size + offset}[whence]
        return self.position

    def readinto(self, buffer) -> int:
        count = min(len(buffer), self.size - self.position)
        if count <= 0:
            return 0
        request = urllib.request.Request(self.url, headers={"Range": f"bytes={self.position}-{self.position + count - 1}"})
        with urllib.request.urlopen(request, timeout=120) as response:
            data = response.read()
        buffer[: len(data)] = data
        self.position += len(data)
        return len(data)


def releases(since: tuple[int, int, int]) -> list[tuple[tuple[int, int, int], str, int]]:
    request = urllib.request.Request(INDEX, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        files = json.load(response)["files"]
    found = {}
    for entry in files:
        match = WHEEL.match(entry["filename"])
        if match and not entry.get("yanked"):
            version = tuple(int(part) for part in match.groups())
            if version >= since:
                found.setdefault(version, (entry["url"], entry["size"]))
    return [(version, url, size) for version, (url, size) in sorted(found.items())]


def _function(tree: ast.Module, klass: Optional[str], name: str) -> ast.FunctionDef:
    scope: ast.AST = tree
    if klass is not None:
        scope = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == klass)
    return next(n for n in ast.walk(scope) if isinstance(n, ast.FunctionDef) and n.name == name)


def _signature(function: ast.FunctionDef, method: bool) -> str:
    """The parameters as a `def` writes them, without annotations (and without `self`)."""
    arguments = ast.arguments(**{field: getattr(function.args, field) for field in function.args._fields})
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    for argument in every:
        if argument is not None:
            argument.annotation = None
    if method:
        if arguments.posonlyargs:
            arguments.posonlyargs = arguments.posonlyargs[1:]
        else:
            arguments.args = arguments.args[1:]
    return f"({ast.unparse(arguments)})"


def _positional(signature: str) -> list[str]:
    function = ast.parse(f"def f{signature}: pass").body[0]
    assert isinstance(function, ast.FunctionDef)
    return [a.arg for a in [*function.args.posonlyargs, *function.args.args]]


def _forwarding(function: ast.FunctionDef, successor_signature: str) -> Optional[dict[str, str]]:
    """What the deprecated callable passes to its successor, from the one call that does it."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        passed: dict[str, str] = {}
        if isinstance(func, ast.Attribute) and func.attr == "__init__" and ast.unparse(func.value) == "super()":
            call_args, call_keywords = node.args, node.keywords
        elif isinstance(func, ast.Call) and ast.unparse(func.func) == "functools.partial":
            call_args, call_keywords = node.args, [*func.keywords, *node.keywords]
        else:
            continue
        for name, value in zip(_positional(successor_signature), call_args):
            passed[str(name)] = ast.unparse(value)
        for keyword in call_keywords:
            passed[str(keyword.arg)] = ast.unparse(keyword.value)
        return passed
    return None


def _curried(function: ast.FunctionDef) -> Optional[str]:
    """`if fwd is None: return functools.partial(<itself>, <every other parameter>=...)`."""
    for node in ast.walk(function):
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Name)):
            continue
        returned = node.body[-1]
        if isinstance(returned, ast.Return) and isinstance(returned.value, ast.Call):
            call = returned.value
            if ast.unparse(call.func) == "functools.partial" and call.args and ast.unparse(call.args[0]) == function.name:
                others = {a.arg for a in [*function.args.args, *function.args.kwonlyargs]} - {node.test.left.id}
                if {k.arg for k in call.keywords} == others:
                    return node.test.left.id
    return None


def facts_of(sources: dict[str, str]) -> dict:
    trees = {path: ast.parse(text) for path, text in sources.items()}
    facts: dict = {}
    for qualname, (path, klass, name) in CALLABLES.items():
        function = _function(trees[path], klass, name)
        facts[qualname] = {"signature": _signature(function, method=klass is not None)}
        curried = _curried(function)
        if curried is not None:
            facts[qualname]["curried"] = curried
    for old, new in DEPRECATED.items():
        path, klass, name = CALLABLES[old]
        facts[old]["successor"] = new
        facts[old]["forwards"] = _forwarding(_function(trees[path], klass, name), facts[new]["signature"])
    return facts


def read_release(url: str, size: int) -> dict:
    archive = zipfile.ZipFile(io.BufferedReader(RangeFile(url, size), buffer_size=1 << 16))
    paths = {path for path, _, _ in CALLABLES.values()}
    return facts_of({path: archive.read(path).decode("utf-8") for path in paths})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--since", default="2.4.0", help="the first release to read (default: 2.4.0, when torch.amp got them all)")
    arguments = parser.parse_args()
    since = tuple(int(part) for part in arguments.since.split("."))
    record = {"source": "torch wheels on PyPI (CPython 3.11, manylinux x86_64), read by tools/torch_api_facts.py", "releases": {}}
    for version, url, size in releases(since):  # type: ignore[arg-type]
        text = ".".join(map(str, version))
        record["releases"][text] = read_release(url, size)
        print(text, file=sys.stderr)
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['releases'])} releases to {RECORD}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
