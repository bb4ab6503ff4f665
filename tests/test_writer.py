from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest

from torch_advise.lint import writer
from torch_advise.lint.files import PathError
from torch_advise.lint.writer import read_source, write_atomic

SOURCE = "\ufeff# coding: utf-8\r\nname = 'café'\r\n".encode("utf-8")


def test_bytes_are_kept_exactly(tmp_path):
    path = tmp_path / "train.py"
    path.write_bytes(b"old\n")
    write_atomic(path, SOURCE)
    assert read_source(path) == SOURCE
    latin1 = "# -*- coding: latin-1 -*-\nname = 'café'\n".encode("latin-1")
    write_atomic(path, latin1)
    assert path.read_bytes() == latin1


def test_permission_bits_are_kept(tmp_path):
    path = tmp_path / "run.py"
    path.write_bytes(b"#!/usr/bin/env python\n")
    path.chmod(0o755)
    write_atomic(path, b"#!/usr/bin/env python\nprint(1)\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o755


def test_no_temporary_file_is_left(tmp_path):
    path = tmp_path / "train.py"
    path.write_bytes(b"a\n")
    write_atomic(path, b"b\n")
    assert os.listdir(tmp_path) == ["train.py"]


def test_a_symlink_stays_a_symlink(tmp_path):
    real = tmp_path / "real.py"
    real.write_bytes(b"a\n")
    link = tmp_path / "link.py"
    link.symlink_to(real)
    write_atomic(link, b"b\n")
    assert link.is_symlink() and real.read_bytes() == b"b\n"


def test_failed_write_leaves_original_intact(tmp_path, monkeypatch):
    path = tmp_path / "train.py"
    path.write_bytes(SOURCE)

    def fail_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail_replace)
    with pytest.raises(PathError, match="train.py: No space left on device"):
        write_atomic(path, b"new content\n")
    assert path.read_bytes() == SOURCE
    assert os.listdir(tmp_path) == ["train.py"]


def test_interrupted_write_leaves_original_intact(tmp_path, monkeypatch):
    path = tmp_path / "train.py"
    path.write_bytes(SOURCE)

    def interrupt(descriptor):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, b"new content\n")
    assert path.read_bytes() == SOURCE
    assert os.listdir(tmp_path) == ["train.py"]


def test_unwritable_folder_is_reported_and_file_kept(tmp_path, monkeypatch):
    path = tmp_path / "train.py"
    path.write_bytes(SOURCE)

    def refuse(**kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(PathError, match=r"train\.py: Permission denied$"):
        write_atomic(path, b"x\n")
    assert path.read_bytes() == SOURCE


def test_new_file_gets_the_usual_mode(tmp_path):
    previous = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.py", b"x = 1\n")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "new.py").stat().st_mode) == 0o644


def test_read_source_errors_are_one_line(tmp_path):
    with pytest.raises(PathError, match=r"missing\.py: No such file or directory$"):
        read_source(tmp_path / "missing.py")
    with pytest.raises(PathError, match="Is a directory"):
        read_source(tmp_path)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores permission bits")
def test_unreadable_file(tmp_path):
    path = tmp_path / "secret.py"
    path.write_bytes(b"x\n")
    path.chmod(0)
    try:
        with pytest.raises(PathError, match=r"secret\.py: Permission denied$"):
            read_source(path)
    finally:
        path.chmod(0o644)


def _editor_saves_in_place(path: Path, text: bytes):
    def save() -> None:
        with open(path, "r+b") as handle:
            handle.write(text)
            handle.truncate()

    return save


def _editor_saves_by_rename(path: Path, text: bytes):
    def save() -> None:
        new = path.with_name("editor-save.tmp")
        new.write_bytes(text)
        os.replace(new, path)

    return save


def _just_before(monkeypatch, name: str, editor) -> None:
    """Run `editor` the moment the writer calls os.<name>, then do what it asked."""
    real = getattr(os, name)
    done = []

    def hooked(*args, **kwargs):
        if not done:
            done.append(True)
            editor()
        return real(*args, **kwargs)

    monkeypatch.setattr(writer.os, name, hooked)


@pytest.mark.parametrize("moment", ["link", "replace"])
def test_an_edit_saved_in_place_while_the_fix_is_written_is_kept(tmp_path, monkeypatch, moment):
    path = tmp_path / "train.py"
    path.write_bytes(b"old\n")
    _just_before(monkeypatch, moment, _editor_saves_in_place(path, b"edited\n"))
    with pytest.raises(PathError, match="changed while it was checked"):
        write_atomic(path, b"fixed\n", expected=b"old\n")
    assert path.read_bytes() == b"edited\n"
    assert [p.name for p in tmp_path.iterdir()] == ["train.py"]


def test_an_edit_saved_by_renaming_a_new_file_over_it_while_the_fix_is_written_is_kept(tmp_path, monkeypatch):
    path = tmp_path / "train.py"
    path.write_bytes(b"old\n")
    real_link = os.link
    save = _editor_saves_by_rename(path, b"edited\n")

    def link_then_save(source, destination):
        # The old file, now held, still holds what was checked: only its inode tells.
        real_link(source, destination)
        save()

    monkeypatch.setattr(writer.os, "link", link_then_save)
    with pytest.raises(PathError, match="changed while it was checked"):
        write_atomic(path, b"fixed\n", expected=b"old\n")
    assert path.read_bytes() == b"edited\n"


def test_without_an_edit_the_fix_is_written_and_nothing_is_left_beside_it(tmp_path):
    path = tmp_path / "train.py"
    path.write_bytes(b"old\n")
    write_atomic(path, b"fixed\n", expected=b"old\n")
    assert path.read_bytes() == b"fixed\n"
    assert [p.name for p in tmp_path.iterdir()] == ["train.py"]
