from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torch_advise.catalogue import CatalogueError, UnknownRuleError, load_catalogue, normalize_selector, rules_dir

FENCE = "```"


def page(code="DL002", slug="dataloader-pin-memory", severity="warning", fix="safe", extra_meta="", body=None):
    if body is None:
        body = f"""\
        # DataLoader batches go to CUDA without pin_memory
        ## What it flags
        A DataLoader whose batches are moved
        to CUDA without pin_memory.

        More detail.
        ## Why it matters
        Pageable copies run at 6.8 GB/s.
        ## Example
        {FENCE}python
        # a comment, not a heading
        loader = DataLoader(ds)
        {FENCE}
        ## Fixed
        {FENCE}text
        not python
        {FENCE}
        {FENCE}python
        loader = DataLoader(ds, pin_memory=True)
        {FENCE}
        ## When to ignore it
        CPU-only training.
        """
    meta = f"""\
        +++
        code = "{code}"
        slug = "{slug}"
        severity = "{severity}"   # comment
        fix = "{fix}"
        requires = "cuda"
        {extra_meta}
        +++
        """
    return textwrap.dedent(meta) + textwrap.dedent(body)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def catalogue_dir(tmp_path):
    write(tmp_path, "DL002-dataloader-pin-memory.md", page())
    write(tmp_path, "DL001-dataloader-workers.md", page("DL001", "dataloader-workers", fix="unsafe"))
    write(tmp_path, "AMP004-grad-scaler-order.md", page("AMP004", "grad-scaler-order", severity="error", fix="none"))
    write(tmp_path, "OPT001-zero-grad-set-to-none.md", page("OPT001", "zero-grad-set-to-none"))
    return tmp_path


def test_page_fields_are_parsed(catalogue_dir):
    rule = load_catalogue(catalogue_dir).get("DL002")
    assert (rule.code, rule.slug, rule.severity, rule.fix, rule.requires) == (
        "DL002",
        "dataloader-pin-memory",
        "warning",
        "safe",
        "cuda",
    )
    assert rule.title == "DataLoader batches go to CUDA without pin_memory"
    assert rule.summary == "A DataLoader whose batches are moved to CUDA without pin_memory."
    assert list(rule.sections) == ["What it flags", "Why it matters", "Example", "Fixed", "When to ignore it"]
    assert rule.sections["When to ignore it"] == "CPU-only training."
    assert rule.example == "# a comment, not a heading\nloader = DataLoader(ds)\n"
    assert rule.fixed == "loader = DataLoader(ds, pin_memory=True)\n"
    assert rule.text == (catalogue_dir / "DL002-dataloader-pin-memory.md").read_text(encoding="utf-8")
    assert rule.path == catalogue_dir / "DL002-dataloader-pin-memory.md"


def test_missing_example_is_none(tmp_path):
    body = "# Title\n## What it flags\nSomething.\n"
    write(tmp_path, "DL001-dataloader-workers.md", page("DL001", "dataloader-workers", body=body))
    rule = load_catalogue(tmp_path).get("DL001")
    assert rule.example is None and rule.fixed is None


def test_rules_sorted_and_get_by_code_or_slug(catalogue_dir):
    catalogue = load_catalogue(catalogue_dir)
    assert catalogue.codes() == ["AMP004", "DL001", "DL002", "OPT001"]
    assert catalogue.get("dl001").code == "DL001"
    assert catalogue.get("dataloader-workers").code == "DL001"
    assert catalogue.get("DL999") is None


@pytest.mark.parametrize(
    "select, ignore, expected",
    [
        (None, None, {"AMP004", "DL001", "DL002", "OPT001"}),
        (["DL"], None, {"DL001", "DL002"}),
        (["dl00", "AMP004"], None, {"DL001", "DL002", "AMP004"}),
        (["ALL"], ["DL001"], {"AMP004", "DL002", "OPT001"}),
        (["DL"], ["dataloader-pin-memory"], {"DL001"}),
        ([], None, set()),
    ],
)
def test_select_and_ignore(catalogue_dir, select, ignore, expected):
    assert load_catalogue(catalogue_dir).select(select, ignore) == expected


@pytest.mark.parametrize("selector", ["XYZ", "DL9", "no-such-rule"])
def test_unknown_selector_is_named(catalogue_dir, selector):
    with pytest.raises(UnknownRuleError, match=selector):
        load_catalogue(catalogue_dir).select([selector], None)
    with pytest.raises(CatalogueError, match=selector):
        load_catalogue(catalogue_dir).select(None, [selector])


def test_normalize_selector():
    assert normalize_selector(" dl002 ") == "DL002"
    assert normalize_selector("dataloader-workers") == "dataloader-workers"


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("DL002-x.md", "# no front matter\n", "missing front matter"),
        ("DL002-x.md", "+++\ncode = \"DL002\"\n", "not closed"),
        ("DL002-x.md", "+++\ncode = DL002\n+++\n", "invalid front matter"),
        ("DL002-x.md", page(severity="fatal"), "severity 'fatal'"),
        ("DL002-x.md", page(fix="maybe"), "fix 'maybe'"),
        ("DL002-x.md", page(code="dl002"), "code 'dl002'"),
        ("DL002-x.md", page(slug="PinMemory"), "slug 'PinMemory'"),
        ("DL002-x.md", page(extra_meta='sevrity = "info"'), "unknown front matter key 'sevrity'"),
        ("DL002-x.md", page(extra_meta='needs = "DataLoader"'), "needs must be a list of names"),
        ("DL002-x.md", page(extra_meta='default = "no"'), "default must be true or false"),
        ("DL002-x.md", page(extra_meta='needs = ["Data Loader"]'), "needs must be a list of names"),
        ("DL002-x.md", page(extra_meta='since = "1.7.0"'), "since '1.7.0' must be a torch release"),
        ("DL002-x.md", page().replace('fix = "safe"\n', ""), "lacks fix"),
        ("DL003-x.md", page(), "must start with the rule's code DL002"),
        ("DL0021-x.md", page(), "must start with the rule's code DL002"),
        ("DL002-x.md", page(body="## What it flags\nx\n"), "missing '# ' title"),
        ("DL002-x.md", page(body="# T\n## Why it matters\nx\n"), "What it flags"),
    ],
)
def test_invalid_page_names_file_and_problem(tmp_path, name, text, message):
    write(tmp_path, name, text)
    with pytest.raises(CatalogueError) as raised:
        load_catalogue(tmp_path)
    assert name in str(raised.value)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_duplicate_code_and_slug_are_rejected(tmp_path):
    write(tmp_path, "DL002-a.md", page())
    write(tmp_path, "DL002-b.md", page(slug="other-slug"))
    with pytest.raises(CatalogueError, match="duplicate code DL002"):
        load_catalogue(tmp_path)
    (tmp_path / "DL002-b.md").unlink()
    write(tmp_path, "DL003-b.md", page(code="DL003"))
    with pytest.raises(CatalogueError, match="duplicate slug dataloader-pin-memory"):
        load_catalogue(tmp_path)


def test_missing_or_empty_folder(tmp_path):
    with pytest.raises(CatalogueError, match="not found"):
        load_catalogue(tmp_path / "nowhere")
    with pytest.raises(CatalogueError, match="no rule pages"):
        load_catalogue(tmp_path)


def test_rules_dir_is_the_checkout_rules_folder_in_a_source_tree():
    assert rules_dir().resolve() == (Path(__file__).parents[1] / "rules").resolve()


def _front_matter(text: str) -> str:
    lines = text.splitlines(keepends=True)
    end = next(index for index in range(1, len(lines)) if lines[index].strip() == "+++")
    return "".join(lines[1:end])


@pytest.mark.parametrize("path", sorted(rules_dir().glob("*.md")), ids=lambda p: p.stem.split("-")[0])
def test_shipped_front_matter_reads_as_toml_reads_it(path):
    import tomllib

    from torch_advise.catalogue import _simple_front_matter

    front = _front_matter(path.read_text(encoding="utf-8"))
    assert _simple_front_matter(front) == tomllib.loads(front)


@pytest.mark.parametrize(
    "line",
    [
        'requires = "accelerate with mixed_precision=\\"fp16\\""',
        'requires = "a back\\\\slash"',
        'needs = ["a", "b\\"c"]',
        "needs = []",
        "default = false",
        "requires = 'literal'",
        'requires = "x"  # a comment',
        "requires = '''multi'''",
        'needs = [ "spaced" ]',
        '"quoted key" = "x"',
        'requires = "tab\\tescape"',
    ],
)
def test_front_matter_outside_the_simple_form_reads_as_toml(line):
    import tomllib

    from torch_advise.catalogue import _simple_front_matter

    simple = _simple_front_matter(line + "\n")
    assert simple is None or simple == tomllib.loads(line + "\n")
