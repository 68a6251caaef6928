"""One deal being played: the variant, the deal, the history, the counters, the clock.

The history is a list of immutable steps; undo and redo only move a pointer, so a
supermove, or a player's move with the cards auto-play sent home after it, is one
step and one undo.  The move count is the number of steps on the path to the
current position: each player action one move, each card auto finish sends home one
move; an undo takes its step off the count.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from freecell.engine.clock import Clock
from freecell.engine.deal import deal as deal_position
from freecell.engine.home_moves import (
    AutoPlay,
    auto_play_moves,
    can_auto_finish,
    exposed_home_moves,
)
from freecell.engine.moves import Move
from freecell.engine.position import Position
from freecell.engine.refusals import Reason, Refusal
from freecell.engine.rules import apply_move, check_move, has_legal_move
from freecell.engine.variant import Variant


class Origin(StrEnum):
    """Where a game came from: only a deal dealt here (and played from its first
    move, which a dealt game always is) may set a record; see docs/history.md."""

    DEALT = "dealt"  # a deal number dealt by this program (new deal, replay, daily)
    FILE = "file"  # opened from a game file: someone else's moves may be in it
    PASTED = "pasted"  # a game pasted from the clipboard
    BOARD = "board"  # a board typed in or pasted: not a deal dealt here


def new_game_id() -> str:
    """A game's identity for the history, random (``os.urandom``: ``uuid``'s
    import would cost the first frame)."""
    return os.urandom(12).hex()


@dataclass(frozen=True, slots=True)
class Step:
    """One undo step: the moves it made and the position it left."""

    moves: tuple[Move, ...]
    position: Position
    auto_finish: bool = False


class Game:
    def __init__(
        self,
        variant: Variant,
        deal_number: int | None = None,
        start: Position | None = None,
        *,
        auto_play: AutoPlay | bool = False,
        now: Callable[[], float] | None = None,
        origin: Origin | None = None,
    ) -> None:
        if start is None:
            if deal_number is None:
                raise ValueError("a game needs a deal number or a starting position")
            start = deal_position(deal_number, variant)
        else:
            start.validate()
        self.variant = variant
        self.deal_number = deal_number
        if origin is None:
            origin = Origin.DEALT if deal_number is not None else Origin.BOARD
        self.origin = origin
        self.game_id = new_game_id()
        """Which row of the game history this game is (kept across a restart)."""
        self.start = start
        self.auto_play = AutoPlay.of(auto_play)
        self.clock = Clock() if now is None else Clock(now)
        self.steps: list[Step] = []
        self.index = 0  # steps[:index] are on the path to the current position
        self.undo_count = 0
        self.hints_used = 0
        self.solution_moves = 0  # moves the solution stepper made
        self._waiting = False  # the clock is paused because nothing can be played

    # -- state -------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.steps[self.index - 1].position if self.index else self.start

    @property
    def move_count(self) -> int:
        return self.index

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.steps)

    @property
    def assisted(self) -> bool:
        """Helped by a hint or the solution: counted, but no record is set by it."""
        return self.hints_used > 0 or self.solution_moves > 0

    @property
    def own(self) -> bool:
        """The player's own game: dealt here, played from the first move, no hint,
        no stepper.  Only such a game sets records and streaks."""
        return self.origin is Origin.DEALT and not self.assisted

    @property
    def is_won(self) -> bool:
        return self.position.is_won

    @property
    def elapsed(self) -> float:
        return self.clock.elapsed

    @property
    def can_auto_finish(self) -> bool:
        return can_auto_finish(self.position)

    @property
    def has_legal_move(self) -> bool:
        return has_legal_move(self.position, self.variant)

    @property
    def path(self) -> list[Move]:
        """Every move from the start to the current position, in order."""
        return [m for step in self.steps[: self.index] for m in step.moves]

    # -- changes -----------------------------------------------------------------
    def play(self, move: Move, assisted: bool = False) -> Step | Refusal:
        """Make a player's move (plus what auto-play sends home after it);
        ``assisted`` when the solution stepper makes it."""
        step = self._step_for(self.position, move, assisted)
        return step if isinstance(step, Refusal) else self._push(step)

    def play_all(self, moves: Sequence[Move]) -> tuple[int, Refusal | None]:
        """Play ``moves`` in order up to the first refused: how many were played, and
        that refusal (None when all were).  As many :meth:`play` calls, but the clock
        is settled once at the end, not after each move: that asks whether any legal
        move is left, the most costly part of a replay of a long list (issue 36)."""
        refusal: Refusal | None = None
        position = self.position
        played: list[Step] = []
        for move in moves:
            step = self._step_for(position, move, False)
            if isinstance(step, Refusal):
                refusal = step
                break
            played.append(step)
            position = step.position
        if played:  # as play(): the redo steps go only when a move is made
            del self.steps[self.index :]
            self.steps.extend(played)
            self.index = len(self.steps)
            self.clock.start()
            self._settle_clock()
        return len(played), refusal

    def _step_for(self, position: Position, move: Move, assisted: bool) -> Step | Refusal:
        """The step ``move`` makes from ``position`` (not yet pushed)."""
        if position.is_won:
            return Refusal(Reason.GAME_WON)
        checked = check_move(position, self.variant, move)
        if isinstance(checked, Refusal):
            return checked
        if assisted:
            self.solution_moves += 1
        after = apply_move(position, checked)
        moves = [checked]
        if self.auto_play:
            for extra in auto_play_moves(after, self.variant, self.auto_play):
                moves.append(extra)
                after = apply_move(after, extra)
        return Step(tuple(moves), after)

    def auto_finish_step(self) -> Step | Refusal:
        """Send the lowest exposed card that can go home; one move, one undo step."""
        if not can_auto_finish(self.position):
            return Refusal(Reason.NO_AUTO_FINISH)
        move = exposed_home_moves(self.position)[0]
        return self._push(Step((move,), apply_move(self.position, move), auto_finish=True))

    def _push(self, step: Step) -> Step:
        del self.steps[self.index :]
        self.steps.append(step)
        self.index += 1
        self.clock.start()
        self._settle_clock()
        return step

    def _settle_clock(self) -> None:
        """Won: the clock stops for good.  No legal move: it waits (the game is not
        over until the player leaves it or undoes); a move that ends the wait starts
        it again.  A clock paused because the player is away stays paused."""
        if self.is_won:
            self.clock.stop()
            self._waiting = False
        elif not self.has_legal_move:
            self.clock.pause()
            self._waiting = True
        elif self._waiting:
            self._waiting = False
            self.clock.resume()

    def resume_clock(self) -> None:
        """The player is back (the window active again): the clock runs on, unless
        there is nothing to play."""
        if not self.is_won and self.has_legal_move:
            self.clock.resume()

    def undo(self) -> Step | None:
        """Take back the last step; None when there is nothing to undo."""
        taken = self.undo_to(self.index - 1)
        return taken[0] if taken else None

    def undo_to(self, index: int) -> list[Step] | None:
        """Go back to the position after ``index`` steps in one action (one undo is
        counted); returns the steps taken back, oldest first, or None when ``index``
        is not behind the current position."""
        if not 0 <= index < self.index:
            return None
        taken = self.steps[index : self.index]
        self.index = index
        self.undo_count += 1
        self._settle_clock()
        return taken

    def redo_to(self, index: int) -> list[Step] | None:
        """Redo forward to the position after ``index`` steps; returns the steps
        made again, oldest first, or None when ``index`` is not ahead on the redo
        stack."""
        if not self.index < index <= len(self.steps):
            return None
        made = self.steps[self.index : index]
        self.index = index
        self._settle_clock()
        return made

    def redo(self) -> Step | None:
        """Make the next step of the redo stack again; None when there is none."""
        made = self.redo_to(self.index + 1)
        return made[0] if made else None

    def position_before(self, steps_back: int = 1) -> Position:
        i = self.index - steps_back
        return self.steps[i - 1].position if i > 0 else self.start
