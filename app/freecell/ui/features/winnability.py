"""Live winnability in the status bar: a moment after each move (debounced) the
position is checked in the session's insight worker; "Winnable", "Proven lost" or
nothing while unknown.  The next move cancels the check.  A hint's verdict is news
too, and a proven loss has the losing move traced (:mod:`.undo_winnable`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel

from freecell.analysis.insight import Verdict
from freecell.engine import Position
from freecell.i18n import _, pgettext
from freecell.solver.api import Mode
from freecell.solver.api import Verdict as SolverVerdict
from freecell.ui.features.feature_kit import LIVE_BUDGET, FeatureKit
from freecell.ui.features.hints import HintAnswer
from freecell.ui.features.undo_winnable import UndoToWinnable
from freecell.ui.panels.status import PRIORITY_WINNABILITY
from freecell.ui.shell.door import Slot

log = logging.getLogger(__name__)

DEBOUNCE_MS = 350


@dataclass
class InsightSettings:
    """The live switch as shown; it mirrors the session's ``live_winnability``
    (winnable-only and the difficulty filter are the session's deal chooser's)."""

    live: bool = True


def state_of(verdict: Verdict | None) -> str:
    if verdict is Verdict.WINNABLE:
        return "winnable"
    if verdict is Verdict.LOST:
        return "lost"
    return ""


class LiveWinnability(QObject):
    """The status-bar label, the debounced check and the Game menu switch."""

    def __init__(self, kit: FeatureKit, settings: InsightSettings, undo: UndoToWinnable) -> None:
        super().__init__(kit.door.host)
        self.kit = kit
        self.settings = settings
        self.undo = undo
        self.state = ""  # "winnable", "lost", "" (unknown / not checked)
        self.save_live: Callable[[bool], None] | None = self._save
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self.check_now)
        self.label = QLabel()
        self.label.setAccessibleName(_("Winnability: not known"))
        self.label.setToolTip(_("What the solver knows about this position"))
        kit.door.add_status_item(self.label, PRIORITY_WINNABILITY)  # left out when narrow
        self.action = kit.action(
            _("Check winnability as I pla&y"),
            lambda: self.set_live(self.action.isChecked()),
            _("Show in the status bar whether the position can still be won"),
        )
        self.action.setCheckable(True)
        self.action.setChecked(settings.live)

    def _save(self, on: bool) -> None:
        self.kit.door.session.change_settings(live_winnability=on)

    def set_live(self, on: bool, *, save: bool = True) -> None:
        self.settings.live = on
        self.action.setChecked(on)
        if save and self.save_live is not None:
            try:
                self.save_live(on)
            except Exception:
                log.exception("saving the live winnability setting failed")
        if on:
            self.position_changed()
        else:  # nothing in flight may put a verdict back on the status bar
            self.debounce.stop()
            self.kit.jobs.cancel(Slot.LIVE)
            self.kit.jobs.cancel(Slot.TRACE)
            self.show_state("")

    def position_changed(self) -> None:
        self.kit.jobs.cancel(Slot.LIVE)
        self.kit.jobs.cancel(Slot.TRACE)
        self.debounce.stop()
        game = self.kit.game
        known = self.kit.analysis.trail.verdict(game.position)
        # switched off, the status bar keeps no verdict from before (a hint asked
        # for one shows it, until the next move)
        self.show_state(state_of(known) if self.settings.live else "")
        self.undo.update_action()
        if known is Verdict.LOST and self.settings.live:
            self.undo.trace()  # the bar says so again, with the way back
        if known is None and not game.is_won and self.settings.live:
            self.debounce.start()

    def say_known_loss(self) -> None:
        """Say a proven loss of the current position again, with its losing move and
        the way back (the message bar's words are derived from what is known)."""
        if self.settings.live and self.kit.analysis.trail.verdict(self.kit.game.position) is (
            Verdict.LOST
        ):
            self.undo.trace()

    def show_state(self, state: str) -> None:
        self.state = state if not self.kit.game.is_won else ""
        if self.state == "winnable":
            # Translators: the status bar's verdict (after a check mark)
            self.label.setText("\u2714 " + pgettext("status", "Winnable"))
            name = _("Winnability: winnable")
        elif self.state == "lost":
            self.label.setText("\u2716 " + pgettext("status", "Proven lost"))
            name = _("Winnability: proven lost")
        else:
            self.label.setText("")
            name = _("Winnability: not known")
        # its colour comes from the window's style sheet, in the light or dark scheme
        if self.label.property("verdict") != self.state:
            self.label.setProperty("verdict", self.state)
            self.label.style().unpolish(self.label)
            self.label.style().polish(self.label)
        # The name carries the state, so a screen reader hears it change (the mark
        # and the colour alone would say nothing to it).
        self.label.setAccessibleName(name)

    def check_now(self) -> None:
        """Check the current position (the debounce timer calls this)."""
        game = self.kit.game
        if game.is_won or not self.settings.live:
            return
        position, variant = game.position, game.variant
        if self.kit.analysis.trail.verdict(position) is not None:
            self.position_changed()
            return
        self.kit.jobs.submit(
            Slot.LIVE,
            self.kit.ask(position, variant, LIVE_BUDGET, Mode.FAST),
            lambda answer: self.on_verdict(position, self.kit.heard(answer)),
        )

    def on_hint(self, answer: HintAnswer) -> None:
        """The window's hint search answered: keep its verdict; a proven loss gets
        the losing move traced and "Undo to the last winnable position" offered
        (after the window's own message, which this then replaces)."""
        position, verdict = answer.position, answer.verdict
        trail = self.kit.analysis.trail
        if answer.error is not None or self.kit.analysis.record(position, verdict) is None:
            return
        if position == self.kit.game.position and trail.verdict(position) is Verdict.LOST:
            self.show_state("lost")
            self.undo.trace()
        elif position == self.kit.game.position:
            self.show_state(state_of(trail.verdict(position)))

    def on_verdict(self, position: Position, verdict: SolverVerdict) -> None:
        found = self.kit.analysis.record(position, verdict)
        if position != self.kit.game.position:
            return
        self.show_state(state_of(found))
        if found is Verdict.LOST:
            self.undo.trace()
        self.undo.update_action()
