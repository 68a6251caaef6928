"""Undo to the last winnable position: once a position is proven lost, the
positions since the last one known winnable are checked (latest first) to find the
move that lost the game; the hint bar and the Game menu offer to go back there in
one command (``UndoTo``), and "Back to where I was" is ``RedoTo``."""

from __future__ import annotations

from collections.abc import Callable

from freecell.engine import RedoTo, UndoTo
from freecell.i18n import _
from freecell.solver.api import Mode
from freecell.solver.backends import Answer
from freecell.ui.features.feature_kit import LIVE_BUDGET, FeatureKit
from freecell.ui.features.hint_answers import with_note
from freecell.ui.shell.door import Button, ButtonId, MessageKind, Slot

MAX_TRACE_CHECKS = 12  # positions re-checked to pin down the losing move


class UndoToWinnable:
    """The losing-move trace and the way back; ``before_undo`` stops what must not
    run on (the solution stepper)."""

    def __init__(self, kit: FeatureKit, before_undo: Callable[[], None]) -> None:
        self.kit = kit
        self._before_undo = before_undo
        self.traced = 0
        self.came_from: int | None = None  # the index before an undo-to-winnable
        self.action = kit.action(
            _("Undo to the last w&innable position"),
            self.undo_to_winnable,
            _("Go back to the last position the solver knows can still be won"),
        )
        self.action.setShortcut("Ctrl+Shift+W")
        self.action.setEnabled(False)

    def deal_started(self) -> None:
        self.came_from = None
        self.traced = 0

    def trace(self, *, again: bool = True) -> None:
        """Check earlier unchecked positions (latest first) until the last winnable
        one is found, so the losing move is known exactly (``again``: from scratch)."""
        if again:
            self.traced = 0
        kit = self.kit
        game = kit.game
        trail = kit.analysis.trail
        index = trail.unchecked_between(game)
        if index is None or self.traced >= MAX_TRACE_CHECKS:
            self._losing_move_found()
            return
        self.traced += 1
        position = trail.path_positions(game)[index]
        variant = game.variant

        def done(answer: Answer) -> None:
            if kit.analysis.record(position, kit.heard(answer)) is None:
                self.traced = MAX_TRACE_CHECKS  # no verdict in time: stop tracing
            self.trace(again=False)

        kit.jobs.submit(Slot.TRACE, kit.ask(position, variant, LIVE_BUDGET, Mode.FAST), done)

    def _losing_move_found(self) -> None:
        self.update_action()
        losing = self.kit.analysis.trail.losing_move(self.kit.game)
        if losing is None:
            return
        notation = " ".join(m.notation for m in losing.moves)
        if losing.proven:
            # Translators: {notation} is the losing move in standard notation ("3a")
            text = _(
                "This position is proven lost: move {number} ({notation}) turned a "
                "winnable game into a lost one."
            ).format(number=losing.move_number, notation=notation)
        elif losing.index:
            text = _(
                "This position is proven lost; after move {number} the game could still be won."
            ).format(number=losing.index)
        else:
            text = _("This position is proven lost; at the start the game could still be won.")
        door = self.kit.door
        actions = [
            Button(ButtonId.UNDO_TO_WINNABLE, _("Undo to the last winnable position"), self._offer)
        ]
        game = self.kit.game
        if not game.is_won and not game.has_legal_move:
            # "no legal move" comes first and keeps its exits; the pointer stands beside it
            text = with_note(_("No legal move is left."), text)
            actions = [
                door.button(ButtonId.UNDO, _("Undo")),
                *actions,
                door.button(ButtonId.REPLAY_DEAL, _("Replay deal")),
                door.button(ButtonId.NEW_DEAL, _("New deal")),
            ]
        door.say(text, MessageKind.LOST, actions)

    def update_action(self) -> None:
        trail = self.kit.analysis.trail
        self.action.setEnabled(trail.losing_move(self.kit.game) is not None)

    def _offer(self) -> None:
        self.undo_to_winnable()

    def undo_to_winnable(self) -> bool:
        """Go back to the last position known winnable (one command, undoable)."""
        door = self.kit.door
        game = self.kit.game
        losing = self.kit.analysis.trail.losing_move(game)
        if losing is None:
            door.say(
                _("No winnable position to go back to is known yet."),
                MessageKind.INFO,
                timeout_ms=5000,
            )
            return False
        came_from = game.index
        self._before_undo()
        door.stop_auto_finish()
        door.dispatch(UndoTo(losing.index))
        self.came_from = came_from
        if losing.index:
            back = _("Back after move {number}: this position can still be won.").format(
                number=losing.index
            )
        else:
            back = _("Back at the start: this position can still be won.")
        # said of this position, and offered while the way back is there
        here = self.kit.game.position
        door.say(
            back,
            MessageKind.INFO,
            [
                Button(
                    ButtonId.BACK_TO_WHERE_I_WAS, _("Back to where I was"), self.back_to_where_i_was
                )
            ],
            holds=lambda: self.kit.game.position == here and self.came_from is not None,
        )
        return True

    def back_to_where_i_was(self) -> None:
        door = self.kit.door
        if self.came_from is not None and self.came_from > self.kit.game.index:
            door.dispatch(RedoTo(self.came_from))
        self.came_from = None
        door.dismiss()
