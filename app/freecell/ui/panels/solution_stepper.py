"""The "Show the solution" panel: step a known solution on the real table.

Every step is an ordinary command on the bus -- ``SolutionMove`` forward (a move
counted as help), ``Undo`` back -- so the steps are animated like any move, count as
moves, undo like moves and are saved with the game: the player's record says they
were helped (no record is set by such a win).  "Take
over" simply closes the panel at the current step.

While the panel steps, safe auto-play is switched off (and back on afterwards):
the solver's line already sends every card home itself, and an auto-play step
would take cards the next solution move names.  Any move the panel did not make
(the player dragged a card, a new deal) means the player took over: the panel
closes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from freecell.engine import (
    AutoPlay,
    CommandBus,
    DealStarted,
    Event,
    GameWon,
    Move,
    MoveApplied,
    MoveRefused,
    Redone,
    SetAutoPlay,
    SolutionMove,
    Undo,
    Undone,
)
from freecell.i18n import _, ngettext, pgettext
from freecell.i18n.formatting import format_number
from freecell.texts.refusals import explain

# Milliseconds between steps for speed 1 (slowest) .. 5 (fastest).
SPEEDS = (1600, 1000, 650, 380, 180)
DEFAULT_SPEED = 3


class _EnterButton(QPushButton):
    """A push button that Enter presses too, as Space does: outside a dialog Qt
    gives Enter to no button, so a player who tabbed to Next got nothing."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.isAutoRepeat():
            self.animateClick()
            event.accept()
            return
        super().keyPressEvent(event)


class SolutionStepper(QFrame):
    """next / previous / play / pause / speed / take over, for one solution."""

    def __init__(
        self,
        bus: CommandBus,
        parent: QWidget | None = None,
        on_message: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.bus = bus
        self._on_message = on_message
        self.setObjectName("solutionStepper")
        self.setStyleSheet(
            "#solutionStepper { background: #1b3a4b; border-top: 1px solid #2f5d75; }"
            "#solutionStepper QLabel { color: #e3f4ff; font-size: 10.5pt; }"
            "#solutionStepper QPushButton { color: #e3f4ff; background: rgba(255,255,255,28);"
            " border: 1px solid rgba(255,255,255,70); border-radius: 4px; padding: 3px 10px; }"
            "#solutionStepper QPushButton:hover { background: rgba(255,255,255,60); }"
            "#solutionStepper QPushButton:focus { border: 2px solid #ffcc33; }"
            "#solutionStepper QPushButton:disabled { color: #7d8794; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 4, 8, 4)
        row.setSpacing(6)
        self.label = QLabel()
        self.label.setAccessibleName(_("Solution step"))
        row.addWidget(self.label, 1)
        previous = "\u25c0 " + pgettext("solution", "Previous")
        self.prev_button = self._button(row, previous, self.previous, _("Take back one step"))
        play = "\u25b6 " + pgettext("solution", "Play")
        self.play_button = self._button(row, play, self.toggle_play, _("Play the steps"))
        self.next_button = self._button(
            row, pgettext("solution", "Next") + " \u25b6", self.next, _("Make the next move")
        )
        speed_label = QLabel(_("Speed"))
        row.addWidget(speed_label)
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setRange(1, len(SPEEDS))
        self.speed.setValue(DEFAULT_SPEED)
        self.speed.setFixedWidth(90)
        self.speed.setAccessibleName(_("Playback speed"))
        self.speed.valueChanged.connect(self._speed_changed)
        row.addWidget(self.speed)
        self.take_over_button = self._button(
            row, _("Take over"), self.take_over, _("Stop here and play on yourself")
        )
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.moves: tuple[Move, ...] = ()
        self.step = 0
        self.base_index = 0
        self._stepping = False
        self._restore_autoplay = AutoPlay.OFF
        self._unsubscribe: Callable[[], None] | None = None
        self.setFixedHeight(42)
        self.hide()

    def _button(
        self, row: QHBoxLayout, text: str, slot: Callable[[], object], tip: str
    ) -> QPushButton:
        button = _EnterButton(text)
        button.setToolTip(tip)
        button.clicked.connect(lambda _c=False: slot())
        row.addWidget(button)
        return button

    # -- state ---------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self._unsubscribe is not None

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def start(self, moves: tuple[Move, ...]) -> None:
        """Show the panel for ``moves``, a solution from the current position."""
        self.stop()
        game = self.bus.game
        self.moves = tuple(moves)
        self.step = 0
        self.base_index = game.index
        self._restore_autoplay = game.auto_play
        if game.auto_play:
            self._dispatch(SetAutoPlay(AutoPlay.OFF))
        self._unsubscribe = self.bus.subscribe(self._on_event)
        self._speed_changed(self.speed.value())
        self._refresh()
        self.show()
        self.next_button.setFocus()

    def stop(self, message: str | None = None) -> None:
        """Close the panel (the moves made stay made)."""
        self.timer.stop()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
            if self._restore_autoplay:
                self._dispatch(SetAutoPlay(self._restore_autoplay))
            self._restore_autoplay = AutoPlay.OFF
        self.hide()
        if message and self._on_message is not None:
            self._on_message(message)

    # -- stepping ------------------------------------------------------------------
    def next(self) -> bool:
        """Make the next solution move; False at the end or if it was refused."""
        if not self.active or self.step >= len(self.moves):
            return False
        events = self._dispatch(SolutionMove(self.moves[self.step]))
        refused = next((e for e in events if isinstance(e, MoveRefused)), None)
        if refused is not None:
            self.stop(
                _("The solution does not fit the table any more ({reason}).").format(
                    reason=explain(refused.refusal)
                )
            )
            return False
        self.step += 1
        if self.step >= len(self.moves):
            self.timer.stop()
        self._refresh()
        return True

    def previous(self) -> bool:
        """Take back the last solution move made (an ordinary Undo)."""
        if not self.active or self.step == 0 or self.bus.game.index != self.base_index + self.step:
            return False
        self.timer.stop()
        self._dispatch(Undo())
        self.step -= 1
        self._refresh()
        return True

    def play(self) -> None:
        if self.active and self.step < len(self.moves):
            self.timer.start()
            self._refresh()

    def pause(self) -> None:
        self.timer.stop()
        self._refresh()

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def take_over(self) -> None:
        made = self.step
        self.stop(
            ngettext(
                "Your turn. The solver made {n} move for you; it counts as a move.",
                "Your turn. The solver made {n} moves for you; they count as moves.",
                made,
            ).format(n=format_number(made))
        )

    def _tick(self) -> None:
        if not self.next():
            self.timer.stop()
            self._refresh()

    def _speed_changed(self, value: int) -> None:
        self.timer.setInterval(SPEEDS[max(1, min(value, len(SPEEDS))) - 1])

    def _dispatch(self, command: object) -> list[Event]:
        self._stepping = True
        try:
            return self.bus.dispatch(command)  # type: ignore[arg-type]
        finally:
            self._stepping = False

    def _on_event(self, event: Event) -> None:
        if isinstance(event, GameWon):
            self.stop()  # stepped to the end: the results panel takes over
            return
        if self._stepping:
            return
        if isinstance(event, DealStarted):
            self.stop()
        elif isinstance(event, MoveApplied | Undone | Redone):
            self.stop(_("You took over from the solution."))

    def _refresh(self) -> None:
        total = len(self.moves)
        if self.step >= total:
            text = ngettext(
                "Solution: the one move made.", "Solution: all {n} moves made.", total
            ).format(n=format_number(total))
        else:
            # Translators: {move} is the next move in standard notation ("3a", "2h")
            text = _("Solution: step {step} of {total} \u00b7 next: {move}").format(
                step=format_number(self.step),
                total=format_number(total),
                move=self.moves[self.step].notation,
            )
        self.label.setText(text)
        self.prev_button.setEnabled(self.step > 0)
        self.next_button.setEnabled(self.step < total)
        self.play_button.setEnabled(self.step < total)
        self.play_button.setText(self._play_text())

    def _play_text(self) -> str:
        if self.playing:
            return "\u275a\u275a " + pgettext("solution", "Pause")
        return "\u25b6 " + pgettext("solution", "Play")
