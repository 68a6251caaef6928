"""The game in progress: saved after every move and when the window closes, offered
back at the next start with its history (undo and redo still work), move count and
clock.

The file holds moves, not positions: the variant id, the deal number, the starting
board in Freecell Solver's text format, every undo step as standard move notation
(including the redo tail beyond the current point), the current index, the move
count, the clock's seconds and whether auto-play is on.  Restoring replays every move
through the rules, so a file that no longer makes sense (edited by hand, a variant
whose rules changed, a move that is no longer legal) is caught and moved aside --
never half-loaded, never crashed on.  A few hundred moves make a few kilobytes, so
saving after each move stays cheap.

Two running copies share one slot: each save is locked and atomic, and the last
game saved is the one offered at the next start.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from freecell.engine import (
    AutoPlay,
    Game,
    Move,
    Origin,
    Position,
    Refusal,
    Variant,
    apply_move,
    builtin_variant,
    check_move,
    deal,
)
from freecell.engine.clock import Clock
from freecell.engine.game import Step
from freecell.engine.notation import format_board, parse_board
from freecell.storage.jsonfile import MAX_ID_LENGTH, JsonFile, JsonObject, UnreadableFile
from freecell.storage.notices import Damage, FileKind, StorageNotice, Then
from freecell.storage.paths import default_paths

SAVED_GAME_VERSION = 1
MAX_SAVED_GAME_BYTES = 4 * 1024 * 1024  # thousands of moves are a few hundred KB
MAX_SECONDS = 10 * 365 * 24 * 3600.0  # a clock beyond ten years is damage, not patience

VariantResolver = Callable[[str], Variant]
"""variant id -> Variant; raises (KeyError, ...) for an id it does not know."""


@dataclass(frozen=True)
class SavedGameSummary:
    """What the start-up offer tells the player, without replaying anything."""

    variant_id: str
    deal_number: int | None
    move_count: int
    seconds: float


def game_to_json(game: Game) -> JsonObject:
    """The file's content for ``game`` (the file layer adds ``version``)."""
    return {
        "variant": game.variant.id,
        "deal": game.deal_number,
        "start": format_board(game.start),
        "steps": [
            {"moves": [m.notation for m in step.moves], "auto_finish": step.auto_finish}
            if step.auto_finish
            else {"moves": [m.notation for m in step.moves]}
            for step in game.steps
        ],
        "index": game.index,
        "move_count": game.move_count,
        "undo_count": game.undo_count,
        "hints_used": game.hints_used,
        "solution_moves": game.solution_moves,
        "seconds": round(game.elapsed, 3),
        # a bool while the mode is off or safe, so an older release reads it as before
        "auto_play": game.auto_play.value
        if game.auto_play is AutoPlay.ALL
        else bool(game.auto_play),
        "origin": game.origin.value,
        "game_id": game.game_id,
    }


def game_from_json(
    data: Mapping[str, Any],
    resolve: VariantResolver = builtin_variant,
    now: Callable[[], float] | None = None,
) -> Game:
    """Rebuild the game exactly; raise UnreadableFile when it cannot be replayed.

    The clock comes back holding the saved seconds and, like a fresh deal's, starts
    counting again at the player's first move (so time spent deciding whether to
    carry on, or a window that never gets an activation event, costs nothing); a
    won game's clock stays stopped.  ``now`` is the clock's time source.
    """
    if not isinstance(data, Mapping):
        raise UnreadableFile("it is not a saved game", Damage.NOT_AN_OBJECT)
    variant_id = _variant_id(data)
    try:
        variant = resolve(variant_id)
    except Exception:
        raise UnreadableFile(
            f"the variant {variant_id!r} is not available",
            Damage.VARIANT_MISSING,
            variant=variant_id,
        ) from None
    deal_number = data.get("deal")
    if deal_number is not None and (
        isinstance(deal_number, bool) or not isinstance(deal_number, int)
    ):
        raise UnreadableFile("its deal number is not a number")
    start = _start_position(data.get("start"), deal_number, variant)
    steps_data = data.get("steps")
    index = data.get("index")
    if not isinstance(steps_data, list):
        raise UnreadableFile("its history is missing")
    if not _is_count(index) or index > len(steps_data):
        raise UnreadableFile("its place in the history is wrong")
    move_count = data.get("move_count", index)
    if move_count != index:
        raise UnreadableFile("its move count does not match its history")
    seconds = data.get("seconds", 0.0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise UnreadableFile("its clock is not a number")
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
        raise UnreadableFile("its clock is not a number of seconds")
    auto_play = data.get("auto_play", False)
    undo_count = data.get("undo_count", 0)
    hints_used = data.get("hints_used", 0)
    solution_moves = data.get("solution_moves", 0)

    game = Game(
        variant,
        deal_number,
        start=start,
        auto_play=AutoPlay.of(auto_play) if isinstance(auto_play, bool | str) else False,
    )
    position = start
    for number, step_data in enumerate(steps_data, 1):
        moves, position = _replay_step(step_data, position, variant, number)
        auto_finish = isinstance(step_data, dict) and step_data.get("auto_finish") is True
        game.steps.append(Step(moves, position, auto_finish))
        if position.is_won and number < len(steps_data):
            raise UnreadableFile(f"its history goes on after the game was won (step {number})")
    game.index = index
    game.undo_count = undo_count if _is_count(undo_count) else 0
    # help must survive a restart, or quitting and resuming would launder a record
    game.hints_used = hints_used if _is_count(hints_used) else 0
    game.solution_moves = solution_moves if _is_count(solution_moves) else 0
    # where it came from survives too: an opened game resumed is still not dealt
    # here; a file from before origins were kept counts as not the player's own
    origin = data.get("origin")
    game.origin = Origin(origin) if origin in set(Origin) else Origin.FILE
    game_id = data.get("game_id")
    if isinstance(game_id, str) and 0 < len(game_id) <= 64 and game_id.isalnum():
        game.game_id = game_id
    game.clock = Clock(now or time.monotonic, float(seconds))
    game.clock.started = False  # the next move starts it, from the saved seconds
    if game.is_won:
        game.clock.stop()
    return game


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _start_position(board: object, deal_number: int | None, variant: Variant) -> Position:
    if deal_number is not None:
        try:
            dealt = deal(deal_number, variant)
        except ValueError as e:
            raise UnreadableFile(f"deal {deal_number} cannot be dealt: {e}") from None
        if board is not None and (not isinstance(board, str) or _parse(board, variant) != dealt):
            raise UnreadableFile(f"its starting board is not deal {deal_number}")
        return dealt
    if not isinstance(board, str):
        raise UnreadableFile("it has neither a deal number nor a starting board")
    return _parse(board, variant)


def _parse(board: str, variant: Variant) -> Position:
    try:
        position = parse_board(board, variant)
        position.validate()
    except ValueError as e:
        raise UnreadableFile(f"its starting board is damaged: {e}") from None
    return position


def _replay_step(
    step_data: object, position: Position, variant: Variant, number: int
) -> tuple[tuple[Move, ...], Position]:
    if not isinstance(step_data, dict) or not isinstance(step_data.get("moves"), list):
        raise UnreadableFile(f"step {number} of its history is damaged")
    texts = step_data["moves"]
    if not texts:
        raise UnreadableFile(f"step {number} of its history is empty")
    moves: list[Move] = []
    for text in texts:
        if not isinstance(text, str):
            raise UnreadableFile(f"step {number} of its history is damaged")
        try:
            checked = check_move(position, variant, Move.parse(text))
        except ValueError:
            raise UnreadableFile(f"{text!r} in step {number} is not a move") from None
        if isinstance(checked, Refusal):
            raise UnreadableFile(f"move {text} in step {number} no longer plays: {checked}")
        moves.append(checked)
        position = apply_move(position, checked)
    return tuple(moves), position


def summary_from_json(data: Mapping[str, Any]) -> SavedGameSummary:
    """The offer's figures, read without replaying (cheap; not a validity check)."""
    if not isinstance(data, Mapping):
        raise UnreadableFile("it is not a saved game")
    deal_number = data.get("deal")
    moves = data.get("move_count", data.get("index", 0))
    seconds = data.get("seconds", 0.0)
    return SavedGameSummary(
        _variant_id(data),
        deal_number if _is_count(deal_number) else None,
        moves if _is_count(moves) else 0,
        float(seconds)
        if isinstance(seconds, int | float) and not isinstance(seconds, bool)
        else 0.0,
    )


def _variant_id(data: Mapping[str, Any]) -> str:
    variant_id = data.get("variant")
    if not isinstance(variant_id, str) or not 0 < len(variant_id) <= MAX_ID_LENGTH:
        raise UnreadableFile("it names no variant")
    return variant_id


def _slot(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The saved game's object inside the file, or None for an empty slot."""
    if not isinstance(data, Mapping) or "game" not in data:
        raise UnreadableFile("it is not a saved game")
    game = data["game"]
    if game is None:
        return None
    if not isinstance(game, Mapping):
        raise UnreadableFile("its game is damaged")
    return game


class SavedGameStore:
    """The game-in-progress slot at ``path`` (default: the data folder).

    The file is ``{"version": 1, "game": {...}}``, or ``"game": null`` once the slot
    is cleared.  ``resolve`` turns a variant id into a Variant (the plugin system's
    lookup; the built-in variants by default).
    """

    def __init__(
        self,
        path: Path | None = None,
        notices: list[StorageNotice] | None = None,
        resolve: VariantResolver = builtin_variant,
    ) -> None:
        self.file = JsonFile(
            path if path is not None else default_paths().saved_game_file,
            what=FileKind.SAVED_GAME,
            version=SAVED_GAME_VERSION,
            notices=notices,
            max_bytes=MAX_SAVED_GAME_BYTES,
            then=Then.NEW_DEAL,
        )
        self.resolve = resolve

    @property
    def path(self) -> Path:
        return self.file.path

    def save(self, game: Game) -> None:
        """Keep ``game`` for the next start; a won or untouched game clears the slot."""
        self.write(self.document(game))

    @staticmethod
    def document(game: Game) -> JsonObject:
        """The file's content for ``game`` -- build it on the thread that owns the game."""
        if game.is_won or not game.steps:
            return {"game": None}
        return {"game": game_to_json(game)}

    def write(self, document: JsonObject) -> None:
        """Write a :meth:`document` (safe from any thread; an empty slot over no file
        writes nothing)."""
        if document.get("game") is None and not self.path.exists():
            return
        self.file.save(document)

    def load(self, now: Callable[[], float] | None = None) -> Game | None:
        """The saved game restored, or None: no game saved, or one that no longer
        replays (that file is moved aside and the player told, via ``notices``)."""

        def decode(data: JsonObject) -> Game | None:
            game = _slot(data)
            return None if game is None else game_from_json(game, self.resolve, now)

        return self.file.load(decode)

    def summary(self) -> SavedGameSummary | None:
        """What is in the slot, cheaply, without replaying (None if empty).

        A file that cannot be read at all is moved aside and the player told, as
        :meth:`load` does (the previous good copy's summary is then the answer): an
        empty slot written at exit must never be what becomes of a damaged game."""

        def decode(data: JsonObject) -> SavedGameSummary | None:
            game = _slot(data)
            return None if game is None else summary_from_json(game)

        found = self.file.peek(decode)
        if found is None and (self.path.exists() or self.file.backup_path.exists()):
            return self.file.load(decode)  # an empty slot, or damage: moved aside
        return found

    def clear(self) -> None:
        """Empty the slot (the game was won, abandoned or taken back up).

        The file is not deleted: an empty slot is written over it, so the previous
        game survives in the backup copy until the next save.
        """
        self.write({"game": None})
