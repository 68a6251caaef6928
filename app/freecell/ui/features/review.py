"""Review a game in the window: Game > Review (the game on the table), the results
panel's Review button and the history's Review this game.

The moves become a timeline under the table (:class:`ReviewPanel`) and each
position is shown on the real table as the player steps: Left and Right (or the
buttons, or a click on the timeline), Home and End, T for the turning point, Esc
to close.  The table only *shows* the reviewed positions: while the review is
open the table takes no move (mouse and keys go to the review), and any change of
the game itself (a new deal, an undo) closes it and shows the game again.

The verdicts come from :func:`freecell.analysis.review.review_game`, run as a
background job of the insight's solver worker (:mod:`freecell.ui.shell.background`,
slot ``Slot.REVIEW``) with the player's backend, the live checks' trail and the built-in
search's proof memory; each verdict is coloured in as it is settled.  Every step
is said in the message bar, which the screen reader hears (docs/accessibility.md).
"Play on from here" starts a new game from the step shown, whose replayed moves
count as the stepper's: the game is helped and sets no record.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent

from freecell.analysis.review import Review, StepVerdict, path_positions, review_game
from freecell.core.services import asked_of
from freecell.engine import (
    ContinueGame,
    DealStarted,
    Event,
    Game,
    MoveApplied,
    Origin,
    Position,
    Redone,
    Undone,
)
from freecell.engine.gamefile import GameRecord, game_from_record
from freecell.i18n import _
from freecell.solver.backends import FallbackBackend
from freecell.ui.features.insight import Insight
from freecell.ui.features.past_games import Subject, subject_of
from freecell.ui.panels.review_panel import ReviewPanel
from freecell.ui.shell.door import Door, Doorway, MessageKind, Slot, door_of

if TYPE_CHECKING:
    from freecell.storage.history_rows import GameRow
    from freecell.ui.features.hints import HintService

SLOT = Slot.REVIEW
_STEP_KEYS = {Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End}
_MOUSE = {
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove,
}


def verdict_words(verdict: StepVerdict, finished: bool) -> str:
    if verdict is StepVerdict.WINNABLE:
        return _("winnable")
    if verdict is StepVerdict.LOST:
        return _("proven lost")
    return _("unknown") if finished else _("not known yet")


class _Signals(QObject):
    verdict = Signal(int, int, str)  # generation, step, verdict


class GameReview(QObject):
    """The review of one window (one game at a time)."""

    def __init__(self, door: Door) -> None:
        super().__init__(door.host)
        self.door = door
        self.panel = ReviewPanel(
            step=self.step_to,
            to_turning_point=self.to_turning_point,
            play_on=self.play_on,
            close=self.close,
        )
        door.add_panel(self.panel)
        self.action = QAction(_("Revi&ew this game"), door.host)
        self.action.setObjectName("reviewAction")
        self.action.setToolTip(_("Step through the game's moves with each position's verdict"))
        self.action.setStatusTip(self.action.toolTip())
        self.action.triggered.connect(lambda _c=False: self.review_current())
        door.add_action(self.action)
        self.subject: Subject | None = None
        self.positions: list[Position] = []
        self.verdicts: list[StepVerdict] = []
        self.turning_point: int | None = None
        self.current = 0
        self.finished = False
        self._generation = 0
        self._cancel = threading.Event()
        self._signals = _Signals(self)
        self._signals.verdict.connect(self._on_verdict)
        self._unsubscribe = door.subscribe(self._on_event)

    @property
    def active(self) -> bool:
        return self.subject is not None

    # -- starting -----------------------------------------------------------------------
    def review_current(self) -> bool:
        game = self.door.game
        if not game.path:
            self.door.say(
                _("No move made yet: there is nothing to review."),
                MessageKind.INFO,
                timeout_ms=5000,
            )
            return False
        return self.start(
            Subject(game.variant, game.deal_number, game.start, tuple(game.path), game.origin.value)
        )

    def review_row(self, row: GameRow) -> bool:
        """Review a game of the history."""
        subject = subject_of(row, self.door)
        return subject is not None and self.start(subject)

    def start(self, subject: Subject) -> bool:
        self.close()
        try:
            self.positions = path_positions(subject.start, subject.variant, subject.moves)
        except ValueError:
            self.door.say(
                _("This game's moves do not play: it cannot be reviewed."),
                MessageKind.REFUSED,
                timeout_ms=8000,
            )
            return False
        self.subject = subject
        self.verdicts = [StepVerdict.UNKNOWN] * len(self.positions)
        self.turning_point, self.finished = None, False
        deal = (
            _("deal #{number}").format(number=subject.deal)
            if subject.deal is not None
            else _("a custom board")
        )
        self.panel.title.setText(
            _("Review of {deal}: {n} moves").format(deal=deal, n=len(subject.moves))
        )
        self.door.stop_auto_finish()
        self.door.mark_hint(None)
        self.door.watch_table(self)
        self.panel.installEventFilter(self)
        self.panel.show()
        self.current = len(self.positions) - 1
        self._show(animate=False)
        self._run()
        self.door.focus_table()
        return True

    def _run(self) -> None:
        subject = self.subject
        insight = self.door.feature(Insight)
        assert subject is not None
        if insight is None:
            self.finished = True
            self.panel.progress.setText(_("No solver here: the verdicts stay unknown."))
            return
        self._generation += 1
        self._cancel = threading.Event()
        generation, cancel = self._generation, self._cancel
        loader = self.door.session.solver_backend()
        trail = self.door.session.analysis.trail
        signals = self._signals

        def work(service: HintService) -> Review:
            return review_game(
                subject.start,
                subject.variant,
                subject.moves,
                FallbackBackend(loader, asked_of(service, loader)),
                trail=trail,
                cancel=cancel,
                on_verdict=lambda i, v: signals.verdict.emit(generation, i, v.value),
                guarded=True,  # the worker guarded each answer (trust, replayed lines)
            )

        self.panel.progress.setText(_("Working out the verdicts…"))
        insight.jobs.submit(SLOT, work, self._on_done, self._on_error)

    # -- answers ------------------------------------------------------------------------
    def _on_verdict(self, generation: int, step: int, verdict: str) -> None:
        if generation != self._generation or not self.active:
            return
        self.verdicts[step] = StepVerdict(verdict)
        if step == self.current:
            self._show(animate=False, say=True)
        else:
            self._refresh()

    def _on_done(self, result: Any) -> None:
        if not self.active or not isinstance(result, Review):
            return
        self.finished = True
        self.verdicts = [result.start, *(m.verdict for m in result.moves)]
        self.turning_point = result.turning_point
        self.panel.progress.setText(self._summary(result))
        self.door.say(self._summary(result), MessageKind.INFO)
        self._refresh()

    def _on_error(self, error: str) -> None:
        if self.active:
            self.finished = True
            self.panel.progress.setText(
                _("The review stopped ({reason}): what is not known stays unknown.").format(
                    reason=error
                )
            )
            self._refresh()

    def _summary(self, result: Review) -> str:
        if result.start is StepVerdict.LOST:
            return _("The deal could not be won from its start: no move lost it.")
        if result.turning_point is not None:
            move = result.moves[result.turning_point - 1].move
            return _("The turning point is move {n} ({move}): after it the game was lost.").format(
                n=result.turning_point, move=move.notation
            )
        if all(m.verdict is StepVerdict.WINNABLE for m in result.moves):
            return _("Every position of this game was winnable.")
        return _("Some positions stay unknown: no turning point can be named.")

    # -- stepping -----------------------------------------------------------------------
    def step_to(self, step: int) -> None:
        if not self.active or not 0 <= step < len(self.positions) or step == self.current:
            return
        forward = step == self.current + 1
        self.current = step
        self._show(animate=forward)

    def to_turning_point(self) -> None:
        if self.turning_point is not None:
            self.step_to(self.turning_point)

    def _show(self, animate: bool, say: bool = True) -> None:
        subject = self.subject
        assert subject is not None
        step = self.current
        moves = (subject.moves[step - 1],) if animate and step > 0 else ()
        before = self.positions[step - 1] if animate and step > 0 else None
        self.door.show_on_table(
            subject.variant, self.positions[step], moves, before, animate=animate
        )
        self._refresh()
        if say:
            self.door.say(self.step_words(step), MessageKind.INFO)

    def _refresh(self) -> None:
        step = self.current
        self.panel.show_step(
            self.verdicts,
            step,
            self.turning_point,
            self.step_words(step),
            can_play_on=step > 0 and not self.positions[step].is_won,
        )

    def step_words(self, step: int) -> str:
        subject = self.subject
        assert subject is not None
        verdict = verdict_words(self.verdicts[step], self.finished)
        if step == 0:
            return _("The deal, before the first move: {verdict}.").format(verdict=verdict)
        words = _("Move {i} of {n}, {move}: {verdict}.").format(
            i=step, n=len(subject.moves), move=subject.moves[step - 1].notation, verdict=verdict
        )
        if step == self.turning_point:
            words += " " + _("This is the turning point: after it the game could not be won.")
        return words

    # -- leaving ------------------------------------------------------------------------
    def play_on(self) -> None:
        """A new game from the step shown (its moves count as the stepper's)."""
        subject, step = self.subject, self.current
        if subject is None or step == 0:
            return
        origin = Origin(subject.origin) if subject.origin in set(Origin) else Origin.FILE
        record = GameRecord(subject.variant, subject.deal, subject.start, subject.moves[:step])
        game: Game = game_from_record(record, origin)
        game.solution_moves = step  # replayed for the player: helped, no record
        game.auto_play = self.door.game.auto_play
        self.close()
        self.door.dispatch(ContinueGame(game))
        self.door.say(
            _("A new game from move {n}: it counts as helped.").format(n=step),
            MessageKind.INFO,
            timeout_ms=6000,
        )

    def close(self) -> None:
        if not self.active:
            return
        self.subject = None
        self._generation += 1
        self._cancel.set()
        insight = self.door.feature(Insight)
        if insight is not None:
            insight.jobs.cancel(SLOT)
        self.door.watch_table(self, watch=False)
        self.panel.removeEventFilter(self)
        self.panel.hide()
        self.door.table_shows_game()
        self.door.dismiss()
        self.door.focus_table()

    def _on_event(self, event: Event) -> None:
        if self.active and isinstance(event, DealStarted | MoveApplied | Undone | Redone):
            self.close()  # the game changed: the table is the game's again

    # -- keys and the mouse while reviewing ---------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.active:
            return False
        kind = event.type()
        if kind in _MOUSE and watched is not self.panel:
            return True  # the table shows the review: no card is taken from it
        if kind != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False  # the window's shortcuts
        if key in _STEP_KEYS:
            last = len(self.positions) - 1
            target = {
                Qt.Key.Key_Left: self.current - 1,
                Qt.Key.Key_Right: self.current + 1,
                Qt.Key.Key_Home: 0,
                Qt.Key.Key_End: last,
            }[Qt.Key(key)]
            self.step_to(max(0, min(target, last)))
            return True
        if key == Qt.Key.Key_T:
            self.to_turning_point()
            return True
        if key == Qt.Key.Key_Escape:
            self.close()
            return True
        if watched is self.panel:
            return False  # Tab, Space and Enter work the panel's buttons
        return key not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)


def install_review(doorway: Doorway) -> GameReview:
    """Game > Review this game, and the results panel's Review button."""
    door = door_of(doorway)
    review = door.register(GameReview(door))
    door.add_results_button(_("Review"), "resultsReview", review.review_current)
    return review
