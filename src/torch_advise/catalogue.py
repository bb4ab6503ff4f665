"""The rule catalogue: one Markdown page per rule in rules/, with TOML front matter.

The pages are the single source of a rule's code, slug, severity, fix safety and
documentation, so `advise explain`, `advise rules`, the report formats and the tests
that run each page's examples all read the same text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Optional

from torch_advise.records import dataclass, field
from torch_advise.toml_reader import toml

SEVERITIES = ("error", "warning", "info")
FIX_KINDS = ("safe", "unsafe", "none")

_CODE = re.compile(r"[A-Z]+[0-9]+")
# A slug always has a hyphen, which is how a selector tells a slug from a code prefix.
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")
_REQUIRED_KEYS = ("code", "slug", "severity", "fix")
_KNOWN_KEYS = frozenset(_REQUIRED_KEYS + ("requires", "needs", "default", "example-target", "since"))
_RELEASE = re.compile(r"([0-9]+)\.([0-9]+)")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
_PYTHON_FENCE_LANGS = ("python", "py", "python3")
# The front matter's usual lines: a basic string (with only \" and \\ escapes), a boolean, or a
# list of such strings on one line. Any other line is read by a TOML parser.
_STRING = r'"(?:[^"\\\n]|\\["\\])*"'
_SIMPLE_ENTRY = re.compile(rf"([A-Za-z0-9_-]+) = ({_STRING}|true|false|\[(?:{_STRING}(?:, {_STRING})*)?\])")
_STRING_VALUE = re.compile(_STRING)


class CatalogueError(Exception):
    """A rule page is malformed; the message names the file and the problem."""


class UnknownRuleError(CatalogueError):
    """A selector (code, prefix or slug) matches no rule."""


def normalize_selector(selector: str) -> str:
    """A code or code prefix upper-cased; a slug (it has a hyphen) as written."""
    selector = selector.strip()
    return selector if "-" in selector else selector.upper()


@dataclass(frozen=True)
class Rule:
    code: str
    slug: str
    severity: str
    fix: str
    requires: str
    # Words (whole names) without one of which no finding of the rule can exist in a file: the
    # pre-filter skips parsing a file that has none of them. Empty: every file is parsed.
    needs: tuple[str, ...]
    # In the set a run checks when nothing is selected. A rule whose findings on real training
    # code are mostly right but seldom worth the user's time is opt-in (--extend-select, "ALL").
    default: bool
    # The GPU the page's examples are for, where the rule depends on it (`v100`); empty: sm_80.
    example_target: str
    # The first torch release the advice holds on (the API it names, the default it corrects):
    # on an older target the rule is not run. None: every release.
    since: Optional[tuple[int, int]]
    title: str
    summary: str
    sections: dict[str, str] = field(hash=False)
    example: Optional[str]
    fixed: Optional[str]
    text: str
    path: Path
    body: str = ""  # the page without its front matter: what a person reads


class Catalogue:
    """The rules, sorted by code, with look-up and selection by code, prefix or slug."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules: tuple[Rule, ...] = tuple(sorted(rules, key=lambda rule: rule.code))
        self._by_code = {rule.code: rule for rule in self.rules}
        self._by_slug = {rule.slug: rule for rule in self.rules}

    def __len__(self) -> int:
        return len(self.rules)

    def __iter__(self):
        return iter(self.rules)

    def get(self, code_or_slug: str) -> Optional[Rule]:
        key = code_or_slug.strip()
        return self._by_code.get(key.upper()) or self._by_slug.get(key)

    def codes(self) -> list[str]:
        return [rule.code for rule in self.rules]

    def matching(self, selector: str) -> set[str]:
        """Codes a selector names: "ALL", a code prefix ("DL", "DL00", "DL002") or a slug.

        Raises UnknownRuleError when it names none.
        """
        normalized = normalize_selector(selector)
        if normalized in self._by_slug:
            return {self._by_slug[normalized].code}
        if normalized == "ALL":
            return set(self._by_code)
        codes = {code for code in self._by_code if normalized and code.startswith(normalized)}
        if not codes:
            raise UnknownRuleError(f"unknown rule selector {selector.strip()!r}: no rule code or slug matches it")
        return codes

    def default_codes(self) -> list[str]:
        """The rules a run checks when nothing is selected."""
        return [rule.code for rule in self.rules if rule.default]

    def select(self, select: Optional[list[str]], ignore: Optional[list[str]]) -> set[str]:
        """Codes enabled by `select` (None: the default set) minus those named by `ignore`."""
        chosen = set(self.default_codes()) if select is None else self._union(select)
        return chosen - self._union(ignore or [])

    def _union(self, selectors: list[str]) -> set[str]:
        codes: set[str] = set()
        for selector in selectors:
            if selector.strip():
                codes |= self.matching(selector)
        return codes


def rules_dir() -> Path:
    """The catalogue folder: inside the installed package, else the source checkout's rules/."""
    packaged = Path(__file__).parent / "rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "rules"


def load_catalogue(directory: Optional[Path] = None) -> Catalogue:
    """Load and validate every rule page in `directory` (default: rules_dir(), cached)."""
    if directory is None:
        return _load_default()
    return _load(Path(directory))


@functools.lru_cache(maxsize=1)
def _load_default() -> Catalogue:
    return _load(rules_dir())


def _load(directory: Path) -> Catalogue:
    if not directory.is_dir():
        raise CatalogueError(f"{directory}: rule catalogue folder not found")
    pages = sorted(p for p in directory.glob("*.md") if not p.name.upper().startswith("README"))
    if not pages:
        raise CatalogueError(f"{directory}: no rule pages (*.md)")
    rules = [parse_rule_page(page) for page in pages]
    _check_unique(rules)
    return Catalogue(rules)


def _check_unique(rules: list[Rule]) -> None:
    seen_codes: dict[str, Path] = {}
    seen_slugs: dict[str, Path] = {}
    for rule in rules:
        if rule.code in seen_codes:
            raise CatalogueError(f"{rule.path}: duplicate code {rule.code} (also in {seen_codes[rule.code].name})")
        if rule.slug in seen_slugs:
            raise CatalogueError(f"{rule.path}: duplicate slug {rule.slug} (also in {seen_slugs[rule.slug].name})")
        seen_codes[rule.code] = rule.path
        seen_slugs[rule.slug] = rule.path


def parse_rule_page(path: Path) -> Rule:
    """Parse and validate one rule page."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogueError(f"{path}: cannot read: {exc}") from exc
    meta, body = _split_front_matter(path, text)
    _validate_meta(path, meta)
    title, sections = _split_sections(body)
    if not title:
        raise CatalogueError(f"{path}: missing '# ' title heading")
    summary = _first_paragraph(sections.get("What it flags", ""))
    if not summary:
        raise CatalogueError(f"{path}: missing or empty '## What it flags' section")
    return Rule(
        code=meta["code"],
        slug=meta["slug"],
        severity=meta["severity"],
        fix=meta["fix"],
        requires=meta.get("requires", ""),
        needs=tuple(meta.get("needs", ())),
        default=meta.get("default", True),
        example_target=meta.get("example-target", ""),
        since=_release(meta["since"]) if "since" in meta else None,
        title=title,
        summary=summary,
        sections=sections,
        example=_first_python_block(sections.get("Example")),
        fixed=_first_python_block(sections.get("Fixed")),
        text=text,
        path=path,
        body=body,
    )


def _release(text: str) -> tuple[int, int]:
    major, minor = text.split(".")
    return int(major), int(minor)


def _split_front_matter(path: Path, text: str) -> tuple[dict, str]:
    lines = text.lstrip("\ufeff").splitlines(keepends=True)
    if not lines or lines[0].strip() != "+++":
        raise CatalogueError(f"{path}: missing front matter (the file must start with a '+++' line)")
    for index in range(1, len(lines)):
        if lines[index].strip() == "+++":
            break
    else:
        raise CatalogueError(f"{path}: front matter is not closed by a '+++' line")
    front = "".join(lines[1:index])
    meta = _simple_front_matter(front)
    if meta is None:
        meta = _toml_front_matter(path, front)
    return meta, "".join(lines[index + 1 :])


def _simple_front_matter(front: str) -> Optional[dict]:
    """The front matter when every line is a simple entry (the shipped pages' form), read without
    a TOML parser: importing one costs a pre-commit run of one file more than reading every page.
    None when a line is anything else, or a key repeats (which TOML refuses)."""
    meta: dict = {}
    for line in front.splitlines():
        if not line.strip():
            continue
        entry = _SIMPLE_ENTRY.fullmatch(line.rstrip())
        if entry is None or entry.group(1) in meta:
            return None
        value = entry.group(2)
        if value in ("true", "false"):
            meta[entry.group(1)] = value == "true"
        elif value.startswith("["):
            meta[entry.group(1)] = [_unquote(item) for item in _STRING_VALUE.findall(value)]
        else:
            meta[entry.group(1)] = _unquote(value)
    return meta


def _unquote(literal: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", literal[1:-1])


def _toml_front_matter(path: Path, front: str) -> dict:
    tomllib = toml()
    try:
        return tomllib.loads(front)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{path}: invalid front matter: {exc}") from exc


def _validate_meta(path: Path, meta: dict) -> None:
    missing = [key for key in _REQUIRED_KEYS if key not in meta]
    if missing:
        raise CatalogueError(f"{path}: front matter lacks {', '.join(missing)}")
    unknown = sorted(set(meta) - _KNOWN_KEYS)
    if unknown:
        raise CatalogueError(f"{path}: unknown front matter key {unknown[0]!r}")
    for key, value in meta.items():
        if key == "default":
            if not isinstance(value, bool):
                raise CatalogueError(f"{path}: front matter default must be true or false")
        elif key == "needs":
            if not isinstance(value, list) or not all(isinstance(word, str) and _WORD.fullmatch(word) for word in value):
                raise CatalogueError(f"{path}: front matter needs must be a list of names, e.g. [\"DataLoader\"]")
        elif not isinstance(value, str):
            raise CatalogueError(f"{path}: front matter {key} must be a string")
    if "since" in meta and not _RELEASE.fullmatch(meta["since"]):
        raise CatalogueError(f"{path}: since {meta['since']!r} must be a torch release, major.minor, e.g. \"1.7\"")
    if not _CODE.fullmatch(meta["code"]):
        raise CatalogueError(f"{path}: code {meta['code']!r} must be upper-case letters then digits, e.g. DL002")
    if not _SLUG.fullmatch(meta["slug"]):
        raise CatalogueError(f"{path}: slug {meta['slug']!r} must be lower-case words joined by hyphens")
    if meta["severity"] not in SEVERITIES:
        raise CatalogueError(f"{path}: severity {meta['severity']!r} must be one of {', '.join(SEVERITIES)}")
    if meta["fix"] not in FIX_KINDS:
        raise CatalogueError(f"{path}: fix {meta['fix']!r} must be one of {', '.join(FIX_KINDS)}")
    stem = path.stem
    if not (stem == meta["code"] or stem.startswith(meta["code"] + "-")):
        raise CatalogueError(f"{path}: file name must start with the rule's code {meta['code']}")


def _split_sections(body: str) -> tuple[str, dict[str, str]]:
    """The '# ' title and the '## ' sections in order; headings inside code fences don't count."""
    title = ""
    sections: dict[str, list[str]] = {}
    current: Optional[list[str]] = None
    fence: Optional[str] = None
    for line in body.splitlines():
        opening = _FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            fence = None
        elif fence is None and line.startswith("## "):
            current = sections.setdefault(line[3:].strip(), [])
            continue
        elif fence is None and line.startswith("# ") and not title:
            title = line[2:].strip()
            continue
        if current is not None:
            current.append(line)
    return title, {name: "\n".join(lines).strip("\n") for name, lines in sections.items()}


def _first_paragraph(markdown: str) -> str:
    paragraph: list[str] = []
    for line in markdown.strip().splitlines():
        if not line.strip():
            break
        paragraph.append(line.strip())
    return " ".join(paragraph)


def _first_python_block(markdown: Optional[str]) -> Optional[str]:
    if not markdown:
        return None
    block: Optional[list[str]] = None
    fence = ""
    for line in markdown.splitlines():
        if block is None:
            opening = _FENCE.match(line)
            if opening and opening.group(2).lower() in _PYTHON_FENCE_LANGS:
                fence, block = opening.group(1), []
        elif line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            return "\n".join(block) + "\n"
        else:
            block.append(line)
    return None
