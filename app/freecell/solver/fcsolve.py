"""A backend that drives Freecell Solver's ``fc-solve`` as an external process.

Why the long-hand output: ``fc-solve -m`` writes moves as sentences ("Move a card
from stack 3 to freecell 7").  The short ``-snx`` form names free cells ``a``-``h``,
and with eight cells ``h`` is also home; the sentences are never ambiguous.

Nothing ``fc-solve`` says is trusted blindly.  Its line is replayed through the
engine's :func:`~freecell.engine.check_move` and must end in a win.  "I could not
solve this game" from a speed preset (``-l lg``) proves nothing, because presets
skip moves; only a run with the complete atomic move set (``-to 01ABCDE``) that
ends without hitting a limit (``--show-exceeded-limits`` prints "Iterations count
exceeded." when it does) is reported as :class:`Unsolvable`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass

from freecell.engine import (
    BuildRule,
    EmptyColumnRule,
    Move,
    Pile,
    Position,
    Refusal,
    Variant,
    apply_move,
    check_move,
    format_board,
)
from freecell.i18n import N_
from freecell.solver.api import Budget, CancelToken, Mode, Solved, Unknown, Unsolvable, Verdict

EXECUTABLE = "fc-solve"
POLL_SECONDS = 0.02  # how often a running fc-solve is checked for cancel and timeout
COMPLETE_MOVES = "01ABCDE"  # single-card ("atomic") moves: a search that can prove
MAX_CELLS = 8  # fc-solve's compiled-in limit
DEFAULT_BUDGET = Budget()

_BUILD = {
    BuildRule.ALTERNATE_COLOUR: "alternate_color",
    BuildRule.SAME_SUIT: "suit",
    BuildRule.ANY_SUIT: "rank",
}
_EMPTY = {
    EmptyColumnRule.ANY_CARD: "any",
    EmptyColumnRule.KINGS_ONLY: "kings",
    EmptyColumnRule.NOTHING: "none",
}

_STATES = re.compile(r"Total number of states checked is (\d+)\.")
_RUN = re.compile(r"Move (\d+) cards from stack (\d+) to stack (\d+)")
_STACK_TO_CELL = re.compile(r"Move a card from stack (\d+) to freecell (\d+)")
_STACK_HOME = re.compile(r"Move a card from stack (\d+) to the foundations")
_CELL_TO_STACK = re.compile(r"Move a card from freecell (\d+) to stack (\d+)")
_CELL_HOME = re.compile(r"Move a card from freecell (\d+) to the foundations")
_CELL_TO_CELL = re.compile(r"Move a card from freecell (\d+) to freecell (\d+)")
_SEQUENCE_HOME = re.compile(r"Move the sequence on top of Stack (\d+) to the foundations")


class UntrustedOutput(ValueError):
    """fc-solve's line does not replay in our engine (or cannot be read)."""


def variant_flags(variant: Variant) -> list[str]:
    """The command-line flags that describe ``variant`` to fc-solve."""
    return [
        "--freecells-num",
        str(variant.cells),
        "--stacks-num",
        str(variant.columns),
        "--sequences-are-built-by",
        _BUILD[variant.build],
        "--empty-stacks-filled-by",
        _EMPTY[variant.empty_column],
        "--sequence-move",
        "limited",
    ]


@dataclass(frozen=True)
class RunResult:
    """One fc-solve run: ``outcome`` is solved / exhausted / limit / cancelled / timeout."""

    outcome: str
    output: str
    states: int


class FcSolveBackend:
    """Freecell Solver (``fc-solve``) as a backend, where it is installed."""

    id = "fc-solve"
    name = N_("Freecell Solver (fc-solve)")

    def __init__(self, executable: str = EXECUTABLE) -> None:
        self.executable = executable

    def available(self) -> bool:
        return shutil.which(self.executable) is not None

    def supports(self, variant: Variant) -> bool:
        return variant.cells <= MAX_CELLS

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = DEFAULT_BUDGET,
        cancel: CancelToken | None = None,
        mode: Mode = Mode.FAST,
    ) -> Verdict:
        started = time.monotonic()
        deadline = started + budget.seconds
        path = shutil.which(self.executable)
        if path is None or not self.supports(variant):
            return Unknown(None, 0, 0.0)
        board = format_board(position)
        base = [path, "--show-exceeded-limits", "-mi", str(max(1, budget.states)), "-m"]
        complete = [*base, *variant_flags(variant), "-to", COMPLETE_MOVES]
        commands = [complete]
        if variant.supermove:
            # The preset goes first so that the variant's flags override it.
            commands.insert(0, [*base, "-l", preset_for(variant, mode), *variant_flags(variant)])
        states = 0
        for command in commands:
            run = _run(command, board, deadline, cancel)
            states += run.states
            elapsed = time.monotonic() - started
            if run.outcome == "solved":
                try:
                    moves = translate(run.output, position, variant)
                except UntrustedOutput:
                    continue  # e.g. a preset that forgot the variant's rules: ask again
                return Solved(tuple(moves), states, elapsed)
            if run.outcome == "exhausted" and command is complete:
                if variant.foundation_return:
                    break
                return Unsolvable(states, elapsed)
            if run.outcome != "exhausted":
                return Unknown(None, states, elapsed, cancelled=run.outcome == "cancelled")
        return Unknown(None, states, time.monotonic() - started)


def preset_for(variant: Variant, mode: Mode) -> str:
    """The ``-l`` preset: ``lg`` is fastest, but its flares drop non-default build and
    empty-column rules (seen with fc-solve 5.0: a Queen into an empty column under
    kings-only), so other variants get a plain preset.  Lines are replayed anyway."""
    if mode is Mode.SHORT:
        return "ve"
    standard = (
        variant.build is BuildRule.ALTERNATE_COLOUR
        and variant.empty_column is EmptyColumnRule.ANY_CARD
    )
    return "lg" if standard else "ct"


def _run(command: list[str], board: str, deadline: float, cancel: CancelToken | None) -> RunResult:
    """Run fc-solve, killing it when the deadline passes or ``cancel`` is set."""
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    ) as process:
        feed: str | None = board
        while True:
            wait = min(POLL_SECONDS, max(0.0, deadline - time.monotonic()))
            try:
                output, _ = process.communicate(feed, timeout=wait)
                break
            except subprocess.TimeoutExpired:
                feed = None
                stopped = "cancelled" if cancel is not None and cancel.is_set() else None
                if stopped is None and time.monotonic() >= deadline:
                    stopped = "timeout"
                if stopped:
                    process.kill()
                    process.communicate()
                    return RunResult(stopped, "", 0)
    match = _STATES.search(output)
    states = int(match.group(1)) if match else 0
    if "This game is solveable." in output:
        outcome = "solved"
    elif "Iterations count exceeded." in output:
        outcome = "limit"
    elif "I could not solve this game." in output:
        outcome = "exhausted"
    else:
        outcome = "error"
    return RunResult(outcome, output, states)


def translate(output: str, position: Position, variant: Variant) -> list[Move]:
    """fc-solve's move sentences as engine moves, each checked by the engine; the
    line must end in a win.  Raises :class:`UntrustedOutput` otherwise."""
    current = position
    moves: list[Move] = []
    # fc-solve's free cell i holds the card of our cell cell_of[i]; they part ways
    # only when fc-solve moves a card from one cell to another (not a move here).
    cell_of = list(range(variant.cells))

    def play(move: Move) -> Position:
        nonlocal current
        checked = check_move(current, variant, move)
        if isinstance(checked, Refusal):
            raise UntrustedOutput(f"fc-solve move {move} refused: {checked}")
        moves.append(checked)
        current = apply_move(current, checked)
        return current

    try:
        _play_lines(output, current, play, cell_of)
    except IndexError as error:
        raise UntrustedOutput(f"fc-solve named a pile that is not there: {error}") from None
    if not apply_all(position, moves).is_won:
        raise UntrustedOutput("fc-solve's line does not win")
    return moves


def apply_all(position: Position, moves: list[Move]) -> Position:
    for move in moves:
        position = apply_move(position, move)
    return position


def _play_lines(
    output: str, start: Position, play: Callable[[Move], Position], cell_of: list[int]
) -> None:
    current = start
    for line in output.splitlines():
        line = line.strip()
        if not line.startswith("Move"):
            continue
        if m := _RUN.fullmatch(line):
            count, src, dst = (int(g) for g in m.groups())
            current = play(Move(Pile.column(src), Pile.column(dst), count))
        elif m := _STACK_TO_CELL.fullmatch(line):
            current = play(Move(Pile.column(int(m[1])), Pile.cell(cell_of[int(m[2])]), 1))
        elif m := _STACK_HOME.fullmatch(line):
            current = play(Move(Pile.column(int(m[1])), Pile.foundation(), 1))
        elif m := _CELL_TO_STACK.fullmatch(line):
            current = play(Move(Pile.cell(cell_of[int(m[1])]), Pile.column(int(m[2])), 1))
        elif m := _CELL_HOME.fullmatch(line):
            current = play(Move(Pile.cell(cell_of[int(m[1])]), Pile.foundation(), 1))
        elif m := _CELL_TO_CELL.fullmatch(line):
            a, b = int(m[1]), int(m[2])
            cell_of[a], cell_of[b] = cell_of[b], cell_of[a]
        elif m := _SEQUENCE_HOME.fullmatch(line):
            column = int(m[1])
            for _ in range(len(current.columns[column])):
                current = play(Move(Pile.column(column), Pile.foundation(), 1))
        else:
            raise UntrustedOutput(f"unexpected fc-solve output: {line!r}")
