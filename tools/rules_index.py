"""Write docs/rules.md, the index of the rule catalogue, from the rule pages in rules/.

    python tools/rules_index.py           # write docs/rules.md
    python tools/rules_index.py --check   # exit 1 when docs/rules.md is not what this writes

The pages are the one place a rule is described; the index is read from them with the
package's own catalogue loader, so it says what `advise rules` says. tests/test_docs.py fails
when the committed index differs from what this writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from torch_advise.catalogue import Catalogue, load_catalogue

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "rules"
INDEX = REPO / "docs" / "rules.md"

HEADER = """\
# Rules

<!-- Written by tools/rules_index.py from rules/*.md: edit the rule pages, then run
     `python tools/rules_index.py`. -->

Every rule is one page in [`rules/`](../rules/): what it flags, why it matters (with a figure
measured on an NVIDIA H200), an example and its fix, when the fix is safe, and when to ignore
the rule. The page's Example and Fixed blocks are tests, so the page cannot drift from what the
rule does.

- **Set**: *default* rules run when nothing is selected; *opt-in* rules are right about the
  pattern they flag, but on real code what they flag is seldom worth the time, so they run only
  when selected (`--extend-select DL001`, or `select = ["ALL"]`). See
  [configuration](configuration.md#choosing-rules) and [trust](trust.md) for how the split is decided.
- **Fix**: *safe* fixes run with `--fix`: they cannot change what the program computes or
  raises. *unsafe* fixes also need `--unsafe-fixes`. *none*: the rule has no automatic fix.
- **Severity**: *error*: breaks or silently corrupts training; *warning*: costs speed or
  safety; *info*: worth knowing.

`advise rules` prints this list, `advise rule CODE` a rule's page. A code (`DL002`) and a slug
(`dataloader-pin-memory`) work alike on the command line, in the configuration and in
suppression comments.

"""


def _cell(text: str) -> str:
    # A pipe in a title would end the table cell.
    return text.replace("|", "\\|")


def render(catalogue: Catalogue) -> str:
    """The index's Markdown, one row per rule in code order."""
    rows = [
        "| Code | Slug | What it flags | Severity | Set | Fix |",
        "|---|---|---|---|---|---|",
    ]
    for rule in catalogue.rules:
        rows.append(
            f"| [{rule.code}](../rules/{rule.path.name}) | `{rule.slug}` | {_cell(rule.title)} | {rule.severity} "
            f"| {'default' if rule.default else 'opt-in'} | {rule.fix} |"
        )
    default = len(catalogue.default_codes())
    counts = f"{len(catalogue)} rules: {default} in the default set, {len(catalogue) - default} opt-in.\n"
    return HEADER + "\n".join(rows) + "\n\n" + counts


def expected() -> str:
    return render(load_catalogue(RULES))


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/rules.md differs; write nothing")
    args = parser.parse_args(argv)
    text = expected()
    current = INDEX.read_text(encoding="utf-8") if INDEX.is_file() else None
    if args.check:
        if current != text:
            print(f"{INDEX.relative_to(REPO)} is out of date: run python tools/rules_index.py", file=sys.stderr)
            return 1
        return 0
    if current != text:
        INDEX.write_text(text, encoding="utf-8")
        print(f"wrote {INDEX.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
