"""``advise probe SCRIPT [options] [-- ARGS...]``: the probe's command line."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import NoReturn, Optional

import click

from torch_advise.lint.files import is_notebook
from torch_advise.probe.judge.comparable import ALLOWABLE
from torch_advise.probe.judge.verdict import VERDICT_IDS

INSTALL_HINT = "advise probe needs torch>=2.1 in the same environment: pip install torch (or the probe extra, torch-advise[probe])"


def _fail_on(value: Optional[str]) -> set[str]:
    if not value:
        return set()
    names = {part.strip() for part in value.split(",") if part.strip()}
    unknown = sorted(names - set(VERDICT_IDS))
    if unknown:
        raise click.BadParameter(
            f"unknown verdict {', '.join(unknown)}; choose from {', '.join(VERDICT_IDS)}"
        )
    return names


def _refuse(message: str) -> NoReturn:
    """A usage error as one line, exit 2."""
    click.echo(f"advise: error: {message}", err=True)
    sys.exit(2)


def _compile_modes(parts: list[str]) -> list[str]:
    """The torch.compile modes ``--try compile`` (every mode) or ``compile:MODE`` asks for."""
    from torch_advise.probe.inside.compile_trial import COMPILE, requested_modes

    others = [part for part in parts if part != COMPILE and not part.startswith(f"{COMPILE}:")]
    if others:
        # The as-written arm is the one thing the modes are measured against: a rule's fix or a
        # worker count beside them would change it for some arms and not others.
        _refuse(f"--try {COMPILE} measures torch.compile modes alone; try {', '.join(others)} in another run")
    try:
        return requested_modes(parts)
    except ValueError as error:
        _refuse(f"--try {','.join(parts)}: {error}")


def _tried(value: Optional[str]) -> tuple[list[str], bool, list[str]]:
    """The rule codes to try, whether the worker sweep (``workers``) is asked for, and the
    torch.compile modes (``compile``)."""
    if not value:
        return [], False, []
    from torch_advise.catalogue import CatalogueError, load_catalogue
    from torch_advise.probe.inside.compile_trial import COMPILE
    from torch_advise.probe.judge.sweep import SWEEP

    try:
        catalogue = load_catalogue()
    except CatalogueError as error:
        raise click.ClickException(str(error)) from None
    parts = [part.strip() for part in value.split(",") if part.strip()]
    if any(part == COMPILE or part.startswith(f"{COMPILE}:") for part in parts):
        return [], False, _compile_modes(parts)
    if SWEEP in parts:
        if len(set(parts)) > 1:
            # Each rule's arm and the all-together arm would stand beside worker counts that
            # change the same loaders: one question per run keeps every arm's meaning plain.
            raise click.BadParameter(f"{SWEEP} measures worker counts alone; try rule codes in another run",
                                     param_hint="'--try'")
        return [], True, []
    codes: list[str] = []
    for part in parts:
        rule = catalogue.get(part)
        if rule is None:
            raise click.BadParameter(f"unknown rule {part!r}; `advise rules` lists them", param_hint="'--try'")
        if rule.code not in codes:
            codes.append(rule.code)
    return codes, False, []


@click.command(
    "probe",
    context_settings={"ignore_unknown_options": False, "help_option_names": ["-h", "--help"]},
)
@click.argument("script", type=click.Path(exists=True, dir_okay=False))
@click.argument("script_args", nargs=-1, type=click.UNPROCESSED)
@click.option("--steps", type=click.IntRange(min=1), default=50, show_default=True,
              help="Steps to measure after warm-up (with --try: for each arm).")
@click.option("--warmup", type=click.IntRange(min=1), default=5, show_default=True,
              help="Steps run before measuring (not counted).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=0, min_open=True), default=600.0,
              show_default=True, help="Seconds before the script and its workers are stopped.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--output", "output_path", type=click.Path(dir_okay=False, writable=True),
              help="Write the report here instead of stdout.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, writable=True),
              help="Also write the JSON report here, for `advise compare` (a CI baseline).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, writable=True),
              help="Also write the report as one self-contained HTML page (charts inline, nothing fetched).")
@click.option("--fail-on", "fail_on", metavar="VERDICTS",
              help=f"Exit 1 when one of these verdicts fires ({', '.join(VERDICT_IDS)}).")
@click.option("--try", "try_fixes", metavar="CODES",
              help="Measure these rules' fixes (e.g. DL001,OPT001) applied at run time, in blocks "
                   "alternating with the script as written; no file is edited. `workers` measures "
                   "DataLoader worker counts from 0 up to the usable cores instead; `compile` the "
                   "trained model under torch.compile in each mode that applies (`compile:MODE` for one: "
                   "default, reduce-overhead, max-autotune).")
@click.option("--nproc-per-node", "--nproc_per_node", "nproc", type=click.IntRange(min=1),
              help="Run SCRIPT as this many ranks under torch.distributed.run (torchrun "
                   "--standalone) and report every rank's steps and the late rank.")
@click.option("--summary", "summary_path", type=click.Path(dir_okay=False, writable=True),
              help="Also append the text report to this file, as a Markdown code block "
                   "(for $GITHUB_STEP_SUMMARY).")
def probe(script: str, script_args: tuple[str, ...], steps: int, warmup: int, timeout_s: float,
          output_format: str, output_path: Optional[str], save_path: Optional[str],
          html_path: Optional[str], fail_on: Optional[str],
          try_fixes: Optional[str], nproc: Optional[int], summary_path: Optional[str]) -> None:
    """Run SCRIPT for a bounded number of steps and measure where step time goes.

    Arguments for the script go after `--`. Exit codes: 0 ok, 1 a --fail-on verdict fired,
    2 usage error, 3 the script failed or timed out, 128+N the probe was stopped by signal N
    (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP) and reported what it had measured.
    """
    if is_notebook(Path(script)):
        # The probe runs a script in a child process under instrumentation; a notebook is run
        # by a kernel, cell by cell. Converting it gives the script to probe.
        click.echo(
            f"advise: error: {script} is a notebook and advise probe runs Python scripts; "
            f"convert it with `jupyter nbconvert --to script {script}` and probe the script it writes",
            err=True,
        )
        sys.exit(2)
    fail_on_ids = _fail_on(fail_on)
    tried_codes, sweep, compile_modes = _tried(try_fixes)
    trying = bool(tried_codes) or sweep or bool(compile_modes)
    if compile_modes and nproc:
        _refuse("--try compile measures one process; it cannot be used with --nproc-per-node")
    if trying and nproc:
        raise click.UsageError("--try measures one process; it cannot be used with --nproc-per-node")
    for destination in (output_path, save_path, html_path, summary_path):
        # Checked before the run, which may take minutes, rather than after it, losing its report.
        folder = os.path.dirname(os.path.abspath(destination)) if destination else None
        if folder and not os.path.isdir(folder):
            click.echo(f"advise: error: {destination}: No such file or directory", err=True)
            sys.exit(2)
    if importlib.util.find_spec("torch") is None:
        click.echo(INSTALL_HINT, err=True)
        sys.exit(2)

    from torch_advise.lint.api import lint_paths
    from torch_advise.probe.judge.whatif import trial_request
    from torch_advise.probe.launch import run_child
    from torch_advise.probe.output.render import render_text
    from torch_advise.probe.output.report import build_report, exit_code

    trial: Optional[dict] = None
    untried: list[dict] = []
    if sweep:
        from torch_advise.probe.judge.sweep import sweep_counts, usable_cores

        trial, untried = trial_request([], [], timeout_s=timeout_s, sweep=sweep_counts(usable_cores()))
    elif compile_modes:
        trial, untried = trial_request([], [], timeout_s=timeout_s, compile_modes=compile_modes)
    elif tried_codes:
        # Where each chosen rule fires, in the script's folder: the loader it flags may be built
        # in a module of the project rather than in the script itself.
        flagged = lint_paths([os.path.dirname(os.path.abspath(script))], select=tried_codes)
        trial, untried = trial_request(tried_codes, flagged, timeout_s=timeout_s)
    json_to_stdout = output_format == "json" and not output_path
    run = run_child(script, list(script_args), warmup=warmup, steps=steps, timeout_s=timeout_s,
                    output_to_stderr=json_to_stdout, trial=trial, nproc=nproc)
    local = (run.result or {}).get("local_modules", [])
    paths = [os.path.abspath(script)] + [p for p in local if p != os.path.realpath(script)]
    report = build_report(run, script=script, args=list(script_args), warmup=warmup, steps=steps,
                          timeout_s=timeout_s, findings=lint_paths(paths, select=["ALL"]),
                          untried=untried if trying else None)
    as_json = json.dumps(report, indent=2) + "\n" if output_format == "json" or save_path else ""
    text = as_json if output_format == "json" else render_text(report)
    if output_path:
        with open(output_path, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)
    if save_path:
        with open(save_path, "w", encoding="utf-8") as handle:
            handle.write(as_json)
    if html_path:
        from torch_advise.probe.output.page import render_html

        with open(html_path, "w", encoding="utf-8") as handle:
            handle.write(render_html(report))
    if summary_path:
        with open(summary_path, "a", encoding="utf-8") as handle:
            handle.write(f"## advise probe {script}\n\n```\n{render_text(report)}```\n")
    sys.exit(exit_code(report, fail_on_ids))


def _allowed_differences(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> frozenset[str]:
    names = {part.strip() for value in values for part in value.split(",") if part.strip()}
    unknown = sorted(names - set(ALLOWABLE))
    if unknown:
        raise click.BadParameter(f"{', '.join(unknown)} cannot be allowed to differ; choose from {', '.join(ALLOWABLE)}")
    return frozenset(names)


@click.command("compare", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("baseline", type=click.Path(dir_okay=False))
@click.argument("current", type=click.Path(dir_okay=False))
@click.option("--threshold", "threshold_pct", type=click.FloatRange(min=0), default=5.0, show_default=True,
              metavar="PCT", help="Step time regression, in percent, that fails the comparison.")
@click.option("--allow-different", "allow_different", metavar="WHAT", multiple=True, callback=_allowed_differences,
              help="Compare runs that differ in these (comma-separated), with a warning: "
                   + ", ".join(f"{name} ({what})" for name, what in ALLOWABLE.items()) + ". Without it such runs are refused.")
def compare(baseline: str, current: str, threshold_pct: float, allow_different: frozenset[str]) -> None:
    """Compare two saved probe runs (advise probe --save FILE): step time, input stall, syncs,
    memory and verdicts.

    Runs of different scripts, script arguments, devices or step settings are refused unless
    --allow-different names the difference; a different torch or advise version is compared,
    with a warning.

    Exit codes: 0 no regression, 1 the current run's median step is slower than the baseline's
    by more than --threshold and beyond noise, or a verdict fired that did not before, 2 a file
    is not a valid probe report, or the runs differ in what --allow-different does not allow.
    """
    from torch_advise.probe.judge import compare as comparing
    from torch_advise.probe.judge.comparable import RunsDiffer
    from torch_advise.probe.output.saved_report import ReportError, load_report
    from torch_advise.report.terminal import printable

    try:
        reports = load_report(baseline), load_report(current)
        result = comparing.compare(*reports, threshold_pct=threshold_pct, allow_different=allow_different)
    except (ReportError, RunsDiffer) as error:
        click.echo(printable(f"advise: error: {error}"), err=True)
        sys.exit(2)
    click.echo(comparing.render(result, baseline, current), nl=False)
    sys.exit(1 if result.regressed else 0)
