"""The command bus: the only door into the game.

The UI (or a script, or a test) dispatches a command; the bus applies it to the
current :class:`Game` and publishes the resulting events to every subscriber, in
order, then returns them.  A subscriber that raises does not stop the others, nor
the game: the error goes to the log.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from freecell.engine.deal import InvalidDealNumber, check_deal_number, random_deal_number
from freecell.engine.game import Game, Step
from freecell.engine.home_moves import AutoPlay, home_move
from freecell.engine.moves import Move, Pile
from freecell.engine.refusals import Reason, Refusal
from freecell.engine.rules import check_move
from freecell.engine.variant import FREECELL, Variant

if TYPE_CHECKING:
    from freecell.engine.commands import Command, SendHome
    from freecell.engine.events import Event, GameWon

log = logging.getLogger(__name__)

Subscriber: TypeAlias = "Callable[[Event], None]"


class CommandBus:
    def __init__(
        self,
        game: Game | None = None,
        *,
        variant: Variant = FREECELL,
        rng: random.Random | None = None,
        now: Callable[[], float] | None = None,
    ) -> None:
        self._rng = rng
        self._now = now
        self._subscribers: list[Subscriber] = []
        self.game = game or Game(variant, random_deal_number(rng), now=now)
        self._auto_finish_was = self.game.can_auto_finish

    # -- subscribers -------------------------------------------------------------
    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Add a subscriber; returns a function that removes it."""
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

        return unsubscribe

    def _publish(self, events: list[Event]) -> list[Event]:
        for event in events:
            for subscriber in list(self._subscribers):
                try:
                    subscriber(event)
                except Exception:
                    log.exception("subscriber %r failed on %r", subscriber, event)
        return events

    # -- commands ----------------------------------------------------------------
    def dispatch(self, command: Command) -> list[Event]:
        """Apply a command and publish what happened; returns the events."""
        return self._publish(self._handle(command))

    def _handle(self, command: Command) -> list[Event]:
        # The commands and events are imported with the first command: a window's
        # first frame dispatches none (their dataclasses cost start-up time).
        from freecell.engine.commands import (
            AutoFinishStep,
            ContinueGame,
            CountHint,
            LoadPosition,
            MoveCards,
            NewDeal,
            PauseClock,
            Redo,
            RedoTo,
            ReplayDeal,
            ResumeClock,
            SendHome,
            SetAutoPlay,
            SolutionMove,
            Undo,
            UndoTo,
        )
        from freecell.engine.events import ClockChanged, MoveRefused

        game = self.game
        if isinstance(command, MoveCards | SolutionMove):
            assisted = isinstance(command, SolutionMove)
            return self._after_step(game.play(command.move, assisted), command.move)
        if isinstance(command, CountHint):
            game.hints_used += 1
            return []
        if isinstance(command, SendHome):
            move = home_move(game.position, command.source)
            if move is None:
                return [MoveRefused(self._why_not_home(command), None)]
            return self._after_step(game.play(move), move)
        if isinstance(command, AutoFinishStep):
            return self._after_step(game.auto_finish_step(), None)
        if isinstance(command, Undo):
            return self._go_back(game.index - 1, Reason.NOTHING_TO_UNDO)
        if isinstance(command, UndoTo):
            return self._go_back(command.index, Reason.NO_SUCH_POSITION)
        if isinstance(command, Redo):
            return self._go_forward(game.index + 1)
        if isinstance(command, RedoTo):
            return self._go_forward(command.index)
        if isinstance(command, NewDeal):
            variant = command.variant or game.variant
            try:
                number = (
                    random_deal_number(self._rng)
                    if command.number is None
                    else check_deal_number(command.number)
                )
            except InvalidDealNumber:
                return [MoveRefused(Refusal(Reason.BAD_DEAL_NUMBER, count=command.number))]
            return self._start(Game(variant, number, auto_play=game.auto_play, now=self._now))
        if isinstance(command, ReplayDeal):
            return self._start(
                Game(
                    game.variant,
                    game.deal_number,
                    start=game.start,
                    auto_play=game.auto_play,
                    now=self._now,
                    # a numbered deal played again from its first move is dealt here;
                    # a board stays what it was
                    origin=None if game.deal_number is not None else game.origin,
                )
            )
        if isinstance(command, LoadPosition):
            try:
                new = Game(command.variant, None, start=command.position, now=self._now)
            except ValueError as error:
                return [MoveRefused(Refusal(Reason.UNPLAYABLE_BOARD, detail=str(error)))]
            new.auto_play = game.auto_play
            return self._start(new)
        if isinstance(command, ContinueGame):
            return self._start(command.game)
        if isinstance(command, SetAutoPlay):
            game.auto_play = AutoPlay.of(command.mode)
            return []
        if isinstance(command, PauseClock):
            game.clock.pause()
            return [ClockChanged(False, game.elapsed)]
        if isinstance(command, ResumeClock):
            game.resume_clock()
            return [ClockChanged(game.clock.running, game.elapsed)]
        raise TypeError(f"not a command: {command!r}")

    def _go_back(self, index: int, nothing: Reason) -> list[Event]:
        """Undo and undo-to: one command, one ``Undone`` carrying every step's moves."""
        from freecell.engine.events import MoveRefused, Undone

        game = self.game
        before = game.position
        taken = game.undo_to(index)
        if taken is None:
            return [MoveRefused(Refusal(nothing))]
        moves = tuple(m for step in taken for m in step.moves)
        return [Undone(moves, before, game.position, game.move_count), *self._status_events()]

    def _go_forward(self, index: int) -> list[Event]:
        """Redo and redo-to: one command, one ``Redone``; reaching the win says so."""
        from freecell.engine.events import MoveRefused, Redone

        game = self.game
        before = game.position
        made = game.redo_to(index)
        if made is None:
            return [MoveRefused(Refusal(Reason.NOTHING_TO_REDO))]
        moves = tuple(m for step in made for m in step.moves)
        events: list[Event] = [Redone(moves, before, game.position, game.move_count)]
        if game.is_won:
            events.append(self._won())
        return events + self._status_events()

    def _why_not_home(self, command: SendHome) -> Refusal:
        game = self.game
        checked = check_move(game.position, game.variant, Move(command.source, Pile.foundation()))
        return checked if isinstance(checked, Refusal) else Refusal(Reason.CANNOT_GO_HOME)

    def _after_step(self, result: Step | Refusal, move: Move | None) -> list[Event]:
        from freecell.engine.events import MoveApplied, MoveRefused

        if isinstance(result, Refusal):
            return [MoveRefused(result, move)]
        game = self.game
        before = game.position_before()
        events: list[Event] = [
            MoveApplied(result.moves, before, result.position, game.move_count, result.auto_finish)
        ]
        if game.is_won:
            events.append(self._won())
        return events + self._status_events()

    def _won(self) -> GameWon:
        from freecell.engine.events import GameWon

        game = self.game
        return GameWon(game.deal_number, game.variant, game.move_count, game.elapsed)

    def _status_events(self) -> list[Event]:
        from freecell.engine.events import AutoFinishAvailable, NoMovesLeft

        game = self.game
        events: list[Event] = []
        available = game.can_auto_finish
        if available != self._auto_finish_was:
            self._auto_finish_was = available
            events.append(AutoFinishAvailable(available))
        if not game.is_won and not game.has_legal_move:
            events.append(NoMovesLeft())
        return events

    def _start(self, game: Game) -> list[Event]:
        from freecell.engine.events import AutoFinishAvailable, DealStarted, NoMovesLeft

        self.game = game
        self._auto_finish_was = game.can_auto_finish
        events: list[Event] = [
            DealStarted(game.deal_number, game.variant, game.position),
            AutoFinishAvailable(self._auto_finish_was),
        ]
        if not game.has_legal_move:
            events.append(NoMovesLeft())
        return events
