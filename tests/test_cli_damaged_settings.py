"""A subcommand that moves a damaged settings file aside says so (issue 36): one
``freecell-cli: warning:`` line on stderr naming where the file went, the command
does its work with the defaults, and the file is kept aside, not lost.  On main the
file went aside without a word."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from freecell.storage.paths import default_paths
from special_files import make_special

CLI = [sys.executable, "-m", "freecell.cli"]
GARBAGE = b"{\x00 not json"

# the subcommands that read the settings file (for the plugins enabled, the solver)
COMMANDS = [
    ("plugins",),
    ("plugins", "--json"),
    ("plugins", "--enable", "scoring"),
    ("solve", "1"),
    ("rate", "1", "--backend", "fc-solve"),
]


def _damaged_settings(kind: str) -> Path:
    path = default_paths().settings_file
    if kind == "garbage":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(GARBAGE)
        return path
    return make_special(path, kind)


def _kept_aside(path: Path) -> list[Path]:
    return [p for p in path.parent.iterdir() if ".unreadable-" in p.name]


@pytest.mark.parametrize("kind", ["garbage", "fifo"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_damaged_settings_file_moved_aside_is_one_line_on_stderr(
    kind: str, command: tuple[str, ...]
) -> None:
    path = _damaged_settings(kind)

    done = subprocess.run([*CLI, *command], capture_output=True, text=True, timeout=120)

    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    (kept,) = _kept_aside(path)
    said = [line for line in lines if "settings" in line]
    assert len(said) == 1, lines
    assert said[0].startswith("freecell-cli: warning: ") and str(kept) in said[0]
    assert not os.path.lexists(path) or path.read_bytes() != GARBAGE
    if kind == "garbage":
        assert kept.read_bytes() == GARBAGE


def test_a_healthy_settings_file_says_nothing() -> None:
    done = subprocess.run([*CLI, "plugins"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
