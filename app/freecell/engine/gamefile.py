"""A game as plain text a person can read: the deal (or the board), the variant, the
moves played and the moves taken back (the redo tail).

    # FreeCell game: `freecell FILE` opens it, `freecell-cli replay FILE` plays it
    Variant: freecell
    Deal: 617
    Moves: 3a 3b 3c 4d 82
    Redo: 52 46

A board that is not a numbered deal follows a ``Board:`` line in Freecell Solver's
format (the same text ``freecell-cli board`` prints).  Long move lists continue on
lines that start with a space.  Keys are case-insensitive, ``#`` starts a comment
line, and a file without ``Variant:`` is FreeCell.  Moves are standard notation
(:mod:`freecell.engine.moves`); every move is checked when the game is rebuilt, so a
file that does not play is refused with the move and the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from freecell.engine.clock import Clock
from freecell.engine.deal import InvalidDealNumber, deal, parse_deal_number
from freecell.engine.errors import Problem, TextError
from freecell.engine.game import Game, Origin
from freecell.engine.moves import InvalidMoveNotation, Move, parse_moves
from freecell.engine.notation import BoardFormatError, format_board, parse_board
from freecell.engine.oneline import format_one_line, looks_like_one_line, split_one_line
from freecell.engine.position import Position
from freecell.engine.refusals import Refusal
from freecell.engine.variant import Variant

HEADER = "# FreeCell game: `freecell FILE` opens it, `freecell-cli replay FILE` plays it"
_KEYS = ("variant", "deal", "board", "moves", "redo")
_WRAP = 72


class GameFileError(TextError):
    """Text that is not a game this program can rebuild: a code and its values (the
    edge words them, :func:`freecell.texts.errors.describe`).  A move that does not
    play carries the engine's ``refusal`` too (:func:`freecell.texts.refusals.explain`)."""

    def __init__(
        self,
        message: str,
        code: Problem,
        *,
        line: int | None = None,
        inner: TextError | None = None,
        refusal: Refusal | None = None,
        **values: object,
    ) -> None:
        super().__init__(message, code, line=line, inner=inner, **values)
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as the file holds it: where it starts, under which rules, what was
    played (``moves``) and what was taken back and may be redone (``redo``)."""

    variant: Variant
    deal_number: int | None
    start: Position
    moves: tuple[Move, ...] = ()
    redo: tuple[Move, ...] = ()


def record_of(game: Game) -> GameRecord:
    """The record of a game being played (its redo tail included)."""
    played = tuple(m for step in game.steps[: game.index] for m in step.moves)
    tail = tuple(m for step in game.steps[game.index :] for m in step.moves)
    return GameRecord(game.variant, game.deal_number, game.start, played, tail)


def format_game(record: GameRecord) -> str:
    lines = [HEADER, f"Variant: {record.variant.id}"]
    if record.deal_number is not None:
        lines.append(f"Deal: {record.deal_number}")
    else:
        lines.append("Board:")
        lines.extend(format_board(record.start).splitlines())
    lines.extend(_wrapped("Moves", record.moves))
    if record.redo:
        lines.extend(_wrapped("Redo", record.redo))
    return "\n".join(lines) + "\n"


def _wrapped(key: str, moves: tuple[Move, ...]) -> list[str]:
    """``Moves: 3a 3b ...`` wrapped at about 72 characters; continuation lines start
    with a space."""
    lines: list[str] = []
    line = f"{key}:"
    for move in moves:
        if len(line) + 1 + len(move.notation) > _WRAP and line != f"{key}:":
            lines.append(line)
            line = " "
        line += (" " if line.strip() else "") + move.notation
    lines.append(line)
    return lines


def format_game_line(record: GameRecord) -> str:
    """The game as one line (:mod:`freecell.engine.oneline`): what Copy game copies."""
    board = format_board(record.start) if record.deal_number is None else ""
    return format_one_line(record.variant.id, record.deal_number, board, record.moves)


def looks_like_game_file(text: str) -> bool:
    """True when ``text`` has the keys of a game file or is a game's one line (not
    a bare board or move list)."""
    if looks_like_one_line(text):
        return True
    keys = {_key(line) for line in text.splitlines()}
    return "moves" in keys and bool(keys & {"deal", "board", "variant"})


def _key(line: str) -> str | None:
    name, colon, _ = line.partition(":")
    word = name.strip().lower()
    return word if colon and word in _KEYS and not line[:1].isspace() else None


def parse_game(text: str, resolve: Callable[[str], Variant]) -> GameRecord:
    """Read a game file; ``resolve`` turns a variant id into a variant (KeyError for
    an unknown one).  Raises :class:`GameFileError` with one clear line.  A game's
    one line (:mod:`freecell.engine.oneline`) is read too."""
    text = text.removeprefix("\ufeff")

    if looks_like_one_line(text):
        parts = split_one_line(text)
        if parts is None:
            raise GameFileError(
                f"{text.strip()[:40]!r} is not a game's one line",
                Problem.STRAY_LINE,
                line=1,
                text=text.strip()[:40],
            )
        variant_id, deal_text, board, moves_text = parts
        text = (
            f"Variant: {variant_id}\n"
            + (f"Deal: {deal_text}\n" if deal_text is not None else f"Board:\n{board}")
            + f"Moves: {moves_text}\n"
        )
    fields: dict[str, list[str]] = {}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        key = _key(raw)
        if key is not None:
            if key in fields:
                raise GameFileError(
                    f"line {number}: a second {key.capitalize()} line",
                    Problem.SECOND_KEY_LINE,
                    line=number,
                    key=key.capitalize(),
                )
            fields[key] = [raw.partition(":")[2]]
            current = key
        elif current == "board" or (current in ("moves", "redo") and raw[:1].isspace()):
            fields[current].append(raw)
        else:
            raise GameFileError(
                f"line {number}: {raw.strip()[:40]!r} is not part of a game file",
                Problem.STRAY_LINE,
                line=number,
                text=raw.strip()[:40],
            )
    if "moves" not in fields:
        raise GameFileError("it is not a game file (it has no Moves line)", Problem.NO_MOVES_LINE)
    variant_id = " ".join(fields.get("variant", ["freecell"])).strip() or "freecell"
    try:
        variant = resolve(variant_id)
    except KeyError as error:
        raise GameFileError(
            str(error.args[0]) if error.args else str(error),
            Problem.UNKNOWN_VARIANT,
            variant=variant_id,
        ) from None
    deal_number, start = _start(fields, variant)
    try:
        moves = tuple(parse_moves(" ".join(fields["moves"])))
        redo = tuple(parse_moves(" ".join(fields.get("redo", []))))
    except InvalidMoveNotation as error:
        raise GameFileError.like(error) from None
    return GameRecord(variant, deal_number, start, moves, redo)


def _start(fields: dict[str, list[str]], variant: Variant) -> tuple[int | None, Position]:
    if "deal" in fields and "board" in fields:
        raise GameFileError("it names both a deal and a board", Problem.DEAL_AND_BOARD)
    if "deal" in fields:
        try:
            number = parse_deal_number(" ".join(fields["deal"]).strip())
        except InvalidDealNumber as error:
            raise GameFileError.like(error) from None
        return number, deal(number, variant)
    if "board" in fields:
        try:
            return None, parse_board("\n".join(fields["board"]), variant)
        except BoardFormatError as error:
            raise GameFileError(f"its board: {error}", Problem.BAD_BOARD, inner=error) from None
    raise GameFileError("it names no deal and no board", Problem.NO_DEAL_OR_BOARD)


def game_from_record(record: GameRecord, origin: Origin = Origin.FILE) -> Game:
    """Rebuild the game: every move played again (and checked), then the redo tail
    played and taken back, so Redo brings it back.  GameFileError for a move that
    does not play there.  ``origin``: a game read from text is not dealt here, so
    it sets no record (docs/history.md)."""
    game = Game(record.variant, record.deal_number, start=record.start, origin=origin)
    for index, move in enumerate((*record.moves, *record.redo), start=1):
        result = game.play(move)
        if isinstance(result, Refusal):
            raise GameFileError(
                f"move {index} ({move.notation}) does not play",
                Problem.MOVE_DOES_NOT_PLAY,
                refusal=result,
                index=index,
                move=move.notation,
            )
    if record.redo:
        game.undo_to(len(record.moves))
        game.undo_count = 0
    game.clock = Clock()  # rebuilding took no player's time: the next move starts it
    return game
