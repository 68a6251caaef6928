"""Auto finish and the toolbar's third button.

Auto finish sends the remaining cards home one by one, a move's animation apart,
until none can go or the player stops it.  The third button offers it when the
engine says it can run, "Stop" while it runs, and a new deal otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction

from freecell.i18n import _
from freecell.ui.shell.colour_scheme import LIGHT
from freecell.ui.shell.toolbar import tool_icon, with_keys
from freecell.ui.table.glide import MOVE_MS

if TYPE_CHECKING:
    from freecell.engine import CommandBus

STEP_GAP_MS = 40  # after a move's animation (or alone, under reduce motion)


class AutoFinish:
    """The timer that sends cards home, and the button that starts and stops it."""

    def __init__(
        self,
        parent: QObject,
        bus: CommandBus,
        button: QAction,
        *,
        reduce_motion: Callable[[], bool],
        before_start: Callable[[], None],
        new_deal: Callable[[], None],
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self._bus = bus
        self.button = button
        self.scheme = LIGHT  # the tool bar's colour scheme, for the button's icon
        self._reduce_motion = reduce_motion
        self._before_start = before_start
        self._new_deal = new_deal
        self._changed = changed  # what can act now may have changed (started, stopped)
        self.timer = QTimer(parent)
        self.timer.setInterval(MOVE_MS + STEP_GAP_MS)
        self.timer.timeout.connect(self._tick)
        self._new_deal_keys: list[str] = []  # the New deal action's (the window's)

    def new_deal_keys(self, keys: list[str]) -> None:
        """The keys the third button's New deal tooltip names."""
        self._new_deal_keys = keys

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    def toggle(self) -> None:
        if self.timer.isActive():
            self.stop()
        elif self._bus.game.can_auto_finish:
            self._before_start()
            self.show_button(True, running=True)
            gap = 0 if self._reduce_motion() else MOVE_MS
            self.timer.setInterval(gap + STEP_GAP_MS)
            self._tick()
            if self._bus.game.can_auto_finish:
                self.timer.start()
                self._changed()

    def stop(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self.show_button(self._bus.game.can_auto_finish)

    def _tick(self) -> None:
        from freecell.engine import AutoFinishStep, MoveRefused

        events = self._bus.dispatch(AutoFinishStep())
        if any(isinstance(e, MoveRefused) for e in events) or not self._bus.game.can_auto_finish:
            self.stop()

    def press_button(self) -> None:
        if self.button.data() == "new":
            self._new_deal()
        else:
            self.toggle()

    def refresh(self, scheme: str) -> None:
        """The third button shown again as it stands, its icon for ``scheme``."""
        self.scheme = scheme
        self.show_button(self._bus.game.can_auto_finish, running=self.running)

    def show_button(self, auto_finish: bool, running: bool = False) -> None:
        """What the third button offers: Stop while running, Auto finish when it can
        run, a new deal otherwise."""
        if running:
            self._show("stop", _("Stop (F)"), _("Stop sending cards home"), ["F"])
        elif auto_finish:
            what = _("Send every remaining card home, one by one")
            self._show("auto", _("Auto finish (F)"), what, ["F"])
        else:
            what = _("Deal a new random game")
            self._show("new", _("New deal (N)"), what, self._new_deal_keys)

    def _show(self, data: str, text: str, what: str, keys: list[str]) -> None:
        icon_name = {"stop": "stop", "auto": "auto-finish", "new": "new-deal"}[data]
        icon = tool_icon(icon_name, self.scheme)
        button = self.button
        button.setText(text)
        button.setData(data)
        button.setIcon(icon)
        button.setToolTip(with_keys(what, keys))
        self._changed()
