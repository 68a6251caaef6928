"""``freecell-cli replay``: play a move list from a deal or a board.

An illegal move is a result, not an error: exit 1 with its index and reason.  The
output ends with ``won`` on a win, and with the board then ``no legal move`` when the
moves leave nothing to play.
"""

from __future__ import annotations

import argparse

from freecell.cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    MAX_MOVES_BYTES,
    CliError,
    add_position_arguments,
    read_text,
    resolve_variant,
    starting_position,
)
from freecell.engine import Game, InvalidMoveNotation, Refusal, format_board, parse_moves
from freecell.i18n import _
from freecell.texts.refusals import explain


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = sub.add_parser("replay", help=_("play a move list from a deal or a board"))
    add_position_arguments(replay)
    replay.add_argument(
        "--moves", required=True, metavar="FILE", help=_("moves in standard notation")
    )
    replay.add_argument("-q", "--quiet", action="store_true", help=_("print only the outcome"))
    replay.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    variant = resolve_variant(args.variant)
    if args.board and args.deal is not None:
        raise CliError(_("give a deal number or --board FILE, not both"))
    start, number = starting_position(args, variant)
    try:
        moves = parse_moves(read_text(args.moves, MAX_MOVES_BYTES, "move list"))
    except InvalidMoveNotation as error:
        raise CliError(f"{args.moves}: {error}") from None
    game = Game(variant, number, start=start)
    for index, move in enumerate(moves, start=1):
        result = game.play(move)
        if isinstance(result, Refusal):
            print(f"illegal move {index} ({move}): {explain(result)}")
            return EXIT_ILLEGAL
        if not args.quiet:
            print(f"{index}: {move} ok")
    if game.is_won:
        print("won")
    else:
        print(format_board(game.position), end="")
        if not game.has_legal_move:
            print("no legal move")
    return EXIT_OK
