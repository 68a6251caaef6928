"""Auto-play's three choices, as the Game menu and Preferences offer them: Off,
Safe cards (the default: what Windows FreeCell and kpat send home) and Every card
that can go home.  The choice is the session's setting ``auto_play``; the menu's
check mark is set from it (:func:`show_auto_play`) whenever the settings change."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup

from freecell.core.session import Session
from freecell.i18n import N_, _

# (setting's value, the menu's words, Preferences' words)
AUTO_PLAY_CHOICES: tuple[tuple[str, str, str], ...] = (
    ("off", N_("&Off"), N_("Off")),
    ("safe", N_("&Safe cards"), N_("Safe cards")),
    ("all", N_("&Every card that can go home"), N_("Every card that can go home")),
)

AUTO_PLAY_TIP = N_(
    "After each move: nothing, the cards no other card can still need (safe), or "
    "every card that can go home"
)


def auto_play_actions(window: QObject, session: Session) -> dict[str, QAction]:
    """The Game menu's Auto-play choices, one checked, by setting value (``window``:
    their parent)."""
    group = QActionGroup(window)
    actions: dict[str, QAction] = {}
    for value, words, _said in AUTO_PLAY_CHOICES:
        action = QAction(_(words), window, checkable=True)
        action.setObjectName(f"autoPlay-{value}")
        action.setStatusTip(_(AUTO_PLAY_TIP))
        action.triggered.connect(lambda _c=False, v=value: session.change_settings(auto_play=v))
        group.addAction(action)
        actions[value] = action
    show_auto_play(actions, session.settings.auto_play)
    return actions


def show_auto_play(actions: dict[str, QAction], mode: str) -> None:
    for value, action in actions.items():
        action.setChecked(value == mode)
