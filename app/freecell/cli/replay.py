"""``freecell-cli replay``: play a move list from a deal or a board.

An illegal move is a result, not an error: exit 1 with its index and reason.  The
output ends with ``won`` on a win, and with the board then ``no legal move`` when the
moves leave nothing to play.  A game file saved by the window (``--game FILE``, or
just ``replay FILE``) gives the deal or board, the variant and the moves in one.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys

from freecell.cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    MAX_BOARD_BYTES,
    MAX_MOVES_BYTES,
    CliError,
    add_position_arguments,
    in_file,
    read_text,
    resolve_variant,
    starting_position,
)
from freecell.engine import (
    Game,
    InvalidMoveNotation,
    Move,
    Position,
    Variant,
    format_board,
    parse_moves,
)
from freecell.engine.gamefile import GameFileError, parse_game
from freecell.i18n import N_, _
from freecell.texts.refusals import explain


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = sub.add_parser(
        "replay", help=N_("play a move list from a deal or a board, or a saved game file")
    )
    add_position_arguments(replay)
    replay.add_argument("--moves", metavar="FILE", help=N_("moves in standard notation"))
    replay.add_argument(
        "--game",
        metavar="FILE",
        help=N_(
            "a game saved by the window (its deal or board, variant and moves); "
            "`replay FILE` does the same"
        ),
    )
    replay.add_argument("-q", "--quiet", action="store_true", help=N_("print only the outcome"))
    replay.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    game_path = args.game
    if game_path is None and args.deal is not None and _names_a_file(args.deal):
        game_path, args.deal = args.deal, None
    if game_path is not None:
        if args.board or args.deal is not None or args.moves:
            raise CliError(_("a game file names its own deal or board and moves"))
        variant, number, start, moves = _from_game_file(game_path)
    else:
        if args.moves is None:
            raise CliError(_("give --moves FILE (or a saved game file)"))
        variant = resolve_variant(args.variant)
        if args.board and args.deal is not None:
            raise CliError(_("give a deal number or --board FILE, not both"))
        start, number = starting_position(args, variant)
        try:
            moves = parse_moves(read_text(args.moves, MAX_MOVES_BYTES, "move list"))
        except InvalidMoveNotation as error:
            raise CliError(in_file(args.moves, error)) from None
    game = Game(variant, number, start=start)
    # A replay makes a position per move and no reference cycle: the collector's
    # passes over the growing game were a third of a 341,000-move replay (issue 36).
    collecting = gc.isenabled()
    gc.disable()
    try:
        played, refusal = game.play_all(moves)
    finally:
        if collecting:
            gc.enable()
    if not args.quiet:  # one write: a print per move cost more than playing them
        ok = _("{index}: {move} ok")
        sys.stdout.write(
            "".join(ok.format(index=i, move=m) + "\n" for i, m in enumerate(moves[:played], 1))
        )
    if refusal is not None:
        line = _("illegal move {index} ({move}): {reason}")
        print(line.format(index=played + 1, move=moves[played], reason=explain(refusal)))
        return EXIT_ILLEGAL
    if game.is_won:
        print(_("won"))
    else:
        print(format_board(game.position), end="")
        if not game.has_legal_move:
            print(_("no legal move"))
    return EXIT_OK


def _names_a_file(text: str) -> bool:
    # anything there (a FIFO, a folder too): the file reader refuses what is not a file
    return not text.strip().isdigit() and os.path.lexists(text)


def _from_game_file(path: str) -> tuple[Variant, int | None, Position, list[Move]]:
    """A saved game's rules, start and moves played (its redo tail is not played)."""
    text = read_text(path, MAX_MOVES_BYTES + MAX_BOARD_BYTES, "game file")
    try:
        record = parse_game(text, resolve_variant_for_file)
    except GameFileError as error:
        raise CliError(in_file(path, error)) from None
    return record.variant, record.deal_number, record.start, list(record.moves)


def resolve_variant_for_file(variant_id: str) -> Variant:
    """The variant a game file names; KeyError (which the file reader words) if none."""
    try:
        return resolve_variant(variant_id)
    except CliError as error:
        raise KeyError(str(error)) from None
