"""`--format sarif`: valid SARIF 2.1.0 that code scanning can show, with rules, fingerprints and fixes."""

from __future__ import annotations

import json

import pytest

from torch_advise.catalogue import load_catalogue

from conftest import BAD_SCRIPT, FIXTURES


def sarif(advise, *args, cwd):
    result = advise("--format", "sarif", "--select", "DL002,OPT001", *args, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads(result.stdout)


def apply_replacements(text: str, replacements: list[dict]) -> str:
    """Apply a SARIF fix's replacements (1-based lines and code-point columns) to the original text."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column - 1

    spans = []
    for replacement in replacements:
        region = replacement["deletedRegion"]
        start = offset(region["startLine"], region["startColumn"])
        end = offset(region.get("endLine", region["startLine"]), region.get("endColumn", region["startColumn"]))
        spans.append((start, end, replacement["insertedContent"]["text"]))
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def test_findings_validate_and_describe_every_rule(advise, sarif_validator, tmp_path):
    (tmp_path / "train.py").write_text(BAD_SCRIPT)
    status, document = sarif(advise, "train.py", cwd=tmp_path)

    sarif_validator.validate(document)
    assert status == 1
    run = document["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    catalogue = load_catalogue()
    described = {rule["id"]: rule for rule in rules}
    for rule in catalogue.rules:
        descriptor = described[rule.code]
        assert descriptor["name"] == rule.slug
        assert descriptor["shortDescription"]["text"] == rule.title
        assert descriptor["fullDescription"]["text"] == rule.summary
        assert "## Why it matters" in descriptor["help"]["markdown"]
        assert "+++" not in descriptor["help"]["text"]
    assert described["DL002"]["defaultConfiguration"]["level"] == "warning"
    assert {"E999", "E902"} <= set(described)

    results = run["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results] == [
        ("DL002", 6),
        ("OPT001", 9),
    ]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": "train.py", "uriBaseId": "%SRCROOT%"}
        assert location["region"]["startColumn"] >= 1
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"


def test_each_fix_applied_alone_gives_what_fix_writes(advise, sarif_validator, tmp_path):
    (tmp_path / "train.py").write_text(BAD_SCRIPT)
    # A text run first, as CI often does: whatever it leaves behind must not cost SARIF its fixes.
    assert advise("--select", "DL002,OPT001", "train.py", cwd=tmp_path).returncode == 1
    _, document = sarif(advise, "train.py", cwd=tmp_path)
    results = {r["ruleId"]: r for r in document["runs"][0]["results"]}

    for code in ("DL002", "OPT001"):
        (fix,) = results[code]["fixes"]
        (change,) = fix["artifactChanges"]
        assert change["artifactLocation"]["uri"] == "train.py"
        fixed_by_sarif = apply_replacements(BAD_SCRIPT, change["replacements"])
        (tmp_path / "train.py").write_text(BAD_SCRIPT)
        assert advise("--fix", "--unsafe-fixes", "--select", code, "train.py", cwd=tmp_path).returncode == 0
        assert fixed_by_sarif == (tmp_path / "train.py").read_text()
    assert apply_replacements(BAD_SCRIPT, results["DL002"]["fixes"][0]["artifactChanges"][0]["replacements"]) != BAD_SCRIPT


def test_fingerprints_survive_lines_added_above(advise, sarif_validator, tmp_path):
    (tmp_path / "train.py").write_text(BAD_SCRIPT)
    _, before = sarif(advise, "train.py", cwd=tmp_path)
    (tmp_path / "train.py").write_text('"""Training."""\n\n# a comment\n' + BAD_SCRIPT)
    _, after = sarif(advise, "train.py", cwd=tmp_path)

    def keyed(document):
        return {
            r["ruleId"]: (r["partialFingerprints"]["adviseFingerprint/v1"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
            for r in document["runs"][0]["results"]
        }

    old, new = keyed(before), keyed(after)
    assert {code: fp for code, (fp, _) in old.items()} == {code: fp for code, (fp, _) in new.items()}
    assert new["DL002"][1] == old["DL002"][1] + 3
    assert len({fp for fp, _ in old.values()}) == 2


def test_no_findings_is_a_valid_empty_run(advise, sarif_validator, tmp_path):
    (tmp_path / "clean.py").write_text("import torch\n\nprint(torch.ones(2))\n")
    status, document = sarif(advise, "clean.py", cwd=tmp_path)

    sarif_validator.validate(document)
    assert status == 0
    assert document["runs"][0]["results"] == []
    assert document["runs"][0]["tool"]["driver"]["rules"]


def test_a_file_that_does_not_parse_is_an_error_result(advise, sarif_validator, tmp_path):
    (tmp_path / "broken.py").write_text("def train(:\n    pass\n")
    status, document = sarif(advise, "broken.py", cwd=tmp_path)

    sarif_validator.validate(document)
    assert status == 1
    (result,) = document["runs"][0]["results"]
    assert result["ruleId"] == "E999"
    assert result["level"] == "error"
    assert document["runs"][0]["tool"]["driver"]["rules"][result["ruleIndex"]]["name"] == "syntax-error"
    assert "fixes" not in result


def test_the_lint_fixtures_give_valid_sarif(advise, sarif_validator):
    folder = FIXTURES / "lint"
    if not any(folder.rglob("*.py")):
        pytest.skip("no lint fixtures")
    result = advise("--format", "sarif", str(folder), "--select", "ALL", "--unsafe-fixes", cwd=FIXTURES.parent)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)

    sarif_validator.validate(document)
    results = document["runs"][0]["results"]
    assert {r["ruleId"] for r in results} >= {"DL001", "DL002", "OPT001", "AMP002", "AMP004", "AMP005"}
    assert any("fixes" in r for r in results)
    assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("fixtures/lint/") for r in results)
