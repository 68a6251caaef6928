"""Shared test setup.

Qt tests run offscreen; every test gets its own FREECELL_HOME so no test touches
the player's real settings, statistics or saved game, and sees no installed card deck.
"""

from __future__ import annotations

import faulthandler
import gc
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from plugin_helpers import FakeSite, fake_site, user_plugin_folder

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Tests assert English words (a German desktop must not change them); the i18n tests
# choose their languages themselves.
os.environ["LANGUAGE"] = "en"
# Every Python child a test starts (the game, the CLI, a solver worker) writes every
# thread's stack to its stderr if a fatal signal kills it: a crash never hides
# behind an exit code (issue 36, finding 13).  The tests' own process too.
os.environ["PYTHONFAULTHANDLER"] = "1"
faulthandler.enable(all_threads=True)

FC_SOLVE = shutil.which("fc-solve")
MAKE_BOARD = shutil.which("make-microsoft-freecell-board")


def require_fc_solve() -> None:
    """Skip where Freecell Solver is absent -- but never in CI, which installs it."""
    if FC_SOLVE and MAKE_BOARD:
        return
    if os.environ.get("CI"):
        pytest.fail("CI must install freecell-solver-bin (fc-solve) but it is missing")
    pytest.skip("Freecell Solver (apt package freecell-solver-bin) is not installed")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSite]:
    """A folder on sys.path that plugin packages are installed into (plugin_helpers)."""
    yield from fake_site(tmp_path, monkeypatch)


@pytest.fixture
def user_dir(tmp_path: Path) -> Iterator[Path]:
    """A user plugin folder, its modules forgotten afterwards (plugin_helpers)."""
    yield from user_plugin_folder(tmp_path)


@pytest.fixture(autouse=True)
def _freecell_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FREECELL_HOME", str(tmp_path_factory.mktemp("freecell-home")))
    # the SVG card decks this machine has are themes too: tests see none unless they
    # say where to look (tests/test_ui_card_decks.py)
    monkeypatch.setenv("FREECELL_CARD_DECK_DIRS", "")


@pytest.fixture(autouse=True)
def _garbage_collected_on_the_main_thread() -> Iterator[None]:
    """As in the game (freecell.ui.shell.gui_thread_gc): no automatic collection,
    which could run in a pool thread and free a finished test's widgets there; the
    GUI thread collects while Qt waits, and every test's garbage goes on the main
    thread when it ends."""
    gc.disable()
    yield
    if "PySide6.QtWidgets" in sys.modules:
        from PySide6.QtWidgets import QApplication

        from freecell.ui.shell.gui_thread_gc import collect_on_gui_thread

        app = QApplication.instance()
        if app is not None:
            collect_on_gui_thread(app)
    gc.collect()


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A test that switches the language (freecell.i18n.set_language) leaves none behind."""
    yield
    from freecell import i18n

    i18n.set_language("en")
