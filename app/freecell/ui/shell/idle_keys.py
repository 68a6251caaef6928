"""A key that cannot act now says why.

F with no auto finish possible, H with no hint to give, U / Ctrl+Z with nothing to
undo, Ctrl+Y with nothing to redo: the message bar says why (and so the screen
reader, which says every message of the bar), instead of nothing happening.

Two ways a key reaches here: the window's own slot for it finds it cannot act
(:func:`why_not` is asked first), or its action is disabled -- Qt then delivers the
key as an ordinary key press, which goes up to the window unhandled, where
:class:`IdleKeys` (an event filter on the window) matches it against the disabled
actions' shortcuts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence

from freecell.engine import Reason, Refusal
from freecell.engine.home_moves import exposed_home_moves
from freecell.i18n import _, ngettext
from freecell.texts.refusals import explain
from freecell.ui.panels.hint_bar import MessageKind

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from freecell.ui.shell.door import Door

SAY_MS = 5000

UNDO, REDO, HINT, AUTO_FINISH = "undo", "redo", "hint", "auto-finish"


def why_not(door: Door, what: str) -> str | None:
    """Why ``what`` (one of the names above) cannot act now, or None when it can."""
    game = door.game
    if what == UNDO:
        return None if game.can_undo else explain(Refusal(Reason.NOTHING_TO_UNDO))
    if what == REDO:
        return None if game.can_redo else explain(Refusal(Reason.NOTHING_TO_REDO))
    if what == HINT:
        if game.is_won:
            return explain(Refusal(Reason.GAME_WON))
        if door.auto_finishing:
            return _("No hint is needed: auto finish is sending the cards home.")
        if not game.has_legal_move:
            return _("No legal move is left.")
        return None
    if what == AUTO_FINISH:
        if door.auto_finishing or game.can_auto_finish:
            return None
        if game.is_won:
            return explain(Refusal(Reason.GAME_WON))
        return _auto_finish_words(door)
    return None


def _auto_finish_words(door: Door) -> str:
    ready = len(exposed_home_moves(door.game.position))
    if not ready:
        return _("Auto finish cannot start: no card can go home now.")
    return ngettext(
        "Auto finish cannot start yet: {n} card can go home now, but not every card.",
        "Auto finish cannot start yet: {n} cards can go home now, but not every card.",
        ready,
    ).format(n=ready)


def say_why_not(door: Door, what: str) -> bool:
    """Say why ``what`` cannot act now, in the message bar; True when it was said."""
    reason = why_not(door, what)
    if reason is None:
        return False
    game = door.game
    if what == HINT and not game.is_won and not door.auto_finishing:
        door.say_no_legal_move()  # with its ways out, as the hint itself says it
        return True
    door.say(reason, MessageKind.INFO, timeout_ms=SAY_MS)
    return True


class KeyActions(Protocol):
    """The window's actions whose keys are watched (named here, so that the window,
    which makes the filter, is not imported back)."""

    undo_action: QAction
    redo_action: QAction
    hint_action: QAction
    auto_finish_action: QAction


class IdleKeys(QObject):
    """Catches the keys of the window's disabled actions (Qt hands them on as plain
    key presses) and says why each cannot act."""

    def __init__(self, door: Door, actions: KeyActions) -> None:
        super().__init__(door.host)
        self._door = door
        self._actions = {
            UNDO: actions.undo_action,
            REDO: actions.redo_action,
            HINT: actions.hint_action,
            AUTO_FINISH: actions.auto_finish_action,
        }
        door.host.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self._door.host or event.type() != QEvent.Type.KeyPress:
            return False
        assert isinstance(event, QKeyEvent)
        if event.isAutoRepeat():
            return False
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        pressed = QKeySequence(QKeyCombination(modifiers, Qt.Key(event.key())))
        for what, action in self._actions.items():
            if action.isEnabled():
                continue
            if pressed in action.shortcuts():
                return say_why_not(self._door, what)
        return False
