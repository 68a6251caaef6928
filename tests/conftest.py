"""Shared test setup.

Qt tests run offscreen; every test gets its own FREECELL_HOME so no test touches
the player's real settings, statistics or saved game, and sees no installed card deck.
"""

from __future__ import annotations

import os
import shutil

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FC_SOLVE = shutil.which("fc-solve")
MAKE_BOARD = shutil.which("make-microsoft-freecell-board")


def require_fc_solve() -> None:
    """Skip where Freecell Solver is absent -- but never in CI, which installs it."""
    if FC_SOLVE and MAKE_BOARD:
        return
    if os.environ.get("CI"):
        pytest.fail("CI must install freecell-solver-bin (fc-solve) but it is missing")
    pytest.skip("Freecell Solver (apt package freecell-solver-bin) is not installed")


@pytest.fixture(autouse=True)
def _freecell_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FREECELL_HOME", str(tmp_path_factory.mktemp("freecell-home")))
    # the SVG card decks this machine has are themes too: tests see none unless they
    # say where to look (tests/test_ui_card_decks.py)
    monkeypatch.setenv("FREECELL_CARD_DECK_DIRS", "")
