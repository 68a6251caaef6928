"""The user plugin folder is read without running or parsing what the player has not
enabled (issue 36, finding 9): 100 KB of ``x = ----...1`` -- which makes Python's
parser raise MemoryError or RecursionError -- costs only its own file, in
``freecell-cli plugins`` and ``solve`` and in the window's discovery, where the
enabled plugins beside it stay."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.plugin_host import create_manager
from freecell.plugin_host.discovery import user_folder_candidates
from freecell.plugin_host.loading import find_the_rest
from freecell.plugin_host.source_scan import SCAN_BYTES, read_head, scan_source
from freecell.storage.paths import default_paths
from plugin_helpers import write_plugin

DEEP = "x = " + "-" * 100_000 + "1\n"

GOOD = '''
"""Adds the Six-cell variant.

More words."""
from freecell import hookimpl
from freecell.engine import Variant

__version__ = "2.5"


@hookimpl
def freecell_variants():
    return [Variant(id="six-cells", name="Six cells", cells=6)]
'''


@pytest.fixture
def folder() -> Path:
    """The player's own plugin folder (FREECELL_HOME is the test's)."""
    path = default_paths().user_plugins_dir
    path.mkdir(parents=True, exist_ok=True)
    (path / "deep.py").write_text(DEEP, encoding="utf-8")
    write_plugin(path, "six", GOOD)
    return path


def test_the_scan_reads_hooks_docstring_and_version_without_parsing() -> None:
    hooks, doc, version = scan_source(GOOD)
    assert hooks == ("freecell_variants",) and version == "2.5"
    assert doc == "Adds the Six-cell variant.\n\nMore words."
    assert scan_source(DEEP) == ((), "", "")
    nested = "def outer():\n    def freecell_variants():\n        pass\n"
    assert scan_source(nested)[0] == ()  # only the top level defines hooks


def test_a_bad_file_costs_only_itself_in_discovery(folder: Path) -> None:
    found = {c.name: c for c in user_folder_candidates(folder)}
    assert set(found) == {"deep", "six"}
    assert found["deep"].hooks == () and found["six"].hooks == ("freecell_variants",)
    assert found["six"].version == "2.5" and found["six"].description.startswith("Adds")
    manager = create_manager({"six": True}, user_plugin_dir=folder)
    assert manager.plugin("six").loaded and "six-cells" in {v.id for v in manager.variants()}
    assert not manager.plugin("deep").loaded and not manager.notices


def test_the_windows_discovery_keeps_the_enabled_plugins(folder: Path) -> None:
    """What the window's worker thread runs after the first paint."""
    found = find_the_rest({"six": True}, frozenset(), 3.0, user_plugin_dir=folder)
    imported = {c.name: i for c, i in found}
    assert imported["deep"] is None  # never enabled: never run
    six = imported["six"]
    assert six is not None and six.failure is None and six.plugin is not None


def test_the_cli_lists_and_solves_beside_a_bad_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plugins", "--enable", "six"]) == 0
    capsys.readouterr()
    assert main(["plugins"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "six-cells" in out and "deep" in out
    assert main(["solve", "1", "--variant", "six-cells", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and '"verdict": "solved"' in out


def test_only_a_regular_files_head_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.py"
    big.write_text("#" * (3 * SCAN_BYTES), encoding="utf-8")
    assert len(read_head(big)) == SCAN_BYTES
    fifo = tmp_path / "fifo.py"
    os.mkfifo(fifo)
    assert read_head(fifo) == ""  # not waited on
    assert read_head(tmp_path) == "" and read_head(tmp_path / "gone.py") == ""
