"""The game in progress comes back at the next start, offered rather than imposed."""

from __future__ import annotations

from game_child import run_game_child

RESUME_CHILD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
def act():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    from freecell.engine import Move, MoveCards
    from freecell.ui.panels.hint_bar import ButtonId
    if sys.argv[1] == "play":
        for text in ("5a", "5b", "5c"):
            window.dispatch(MoveCards(Move.parse(text)))
    else:
        print(window.bus.game.deal_number, window.bus.game.move_count, flush=True)
        print(window.hint_bar.text, flush=True)
        print("|".join(window.hint_bar.buttons), flush=True)
        window.hint_bar.buttons[ButtonId.NEW_DEAL].click()
        print(window.bus.game.move_count, window.bus.game.deal_number != 1, flush=True)
    window.close()
QTimer.singleShot(300, act)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=1 if sys.argv[1] == "play" else None))
"""


def test_a_saved_game_is_offered_back_with_a_way_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    def child(mode: str) -> list[str]:
        return run_game_child(RESUME_CHILD, mode, home=tmp_path)

    child("play")
    lines = child("resume")
    assert lines[0] == "1 3"  # deal 1, three moves made, as it was left
    assert "Welcome back: deal #1 is as you left it." in lines[1]
    assert lines[2] == "keep-playing|new-deal"  # the buttons, by id
    assert lines[3] == "0 True"  # New deal really starts afresh


SIGNAL_CHILD = """
import os, signal, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
def act():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    from freecell.engine import Move, MoveCards
    for text in ("5a", "5b"):
        window.dispatch(MoveCards(Move.parse(text)))
    os.kill(os.getpid(), getattr(signal, sys.argv[1]))
QTimer.singleShot(300, act)
from freecell.ui.shell.app import run
code = run(deal_number=1)
print("exit", code, flush=True)
sys.exit(code)
"""


def test_a_signal_to_quit_closes_the_window_as_the_player_would(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SIGTERM (a session ending) and SIGINT (Ctrl+C) used to end the process on the
    spot; now the window closes, the game in progress is kept, and run() returns."""
    for name in ("SIGTERM", "SIGINT"):
        home = tmp_path / name
        assert run_game_child(SIGNAL_CHILD, name, home=home) == ["exit 0"]
        lines = run_game_child(RESUME_CHILD, "resume", home=home)
        assert lines[0] == "1 2"  # deal 1, both moves kept
