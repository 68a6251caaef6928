"""Launching the game: the launcher imports no Qt and answers --version and a bad
argument itself; start-up finishes after the first paint."""

from __future__ import annotations

import subprocess
import sys

from game_child import run_game_child


def test_launcher_does_not_import_qt_and_prints_version() -> None:
    probe = "import sys, freecell.__main__; print('PySide6' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    version = subprocess.run(
        [sys.executable, "-m", "freecell", "--version"], capture_output=True, text=True, check=True
    )
    from freecell import __version__

    assert version.stdout.strip() == f"freecell {__version__}"
    bad = subprocess.run(
        [sys.executable, "-m", "freecell", "--deal", "zero"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.startswith("freecell: ")


STARTUP_CHILD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
seen = []
def first_look():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    seen.append(window.insight is not None)
def act():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    if window.insight is None:
        QTimer.singleShot(50, act)
        return
    game = [a.text() for a in window.menus["game"].actions()]
    print(seen, flush=True)
    print("|".join(t for t in game if t), flush=True)
    print(app.windowIcon().isNull(), window.accessibility.live.label.text(), flush=True)
    window.close()
def watch():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    window.view.first_painted.connect(first_look)
QTimer.singleShot(0, watch)
QTimer.singleShot(0, act)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=5))
"""


def test_start_up_finishes_after_the_first_paint(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The table is painted before the insight, the icon and the dialogs' menu
    entries are added; they are all there a moment later."""
    first, game_menu, rest = run_game_child(STARTUP_CHILD, home=tmp_path)
    assert first == "[False]"  # at the first paint: not yet
    for entry in ("Preferences", "Statistics", "Plugins", "Custom variant", "Show the s&olution"):
        assert entry.lower().replace("&", "") in game_menu.lower().replace("&", "")
    assert rest == "False D describes the table; F1 lists the keys."
