"""``freecell-cli``: the headless entry point (board, replay, and the commands other
layers add).

Bad input — a deal number out of range, a malformed board or move list, an unknown
variant — is one line on stderr and exit code 2, never a traceback.  An illegal
move in a replay is a result, not an error: exit 1 with its index and reason.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from . import __version__
from .engine import (
    BUILTIN_VARIANTS,
    BoardFormatError,
    Game,
    InvalidDealNumber,
    InvalidMoveNotation,
    Position,
    Refusal,
    Variant,
    deal,
    format_board,
    parse_board,
    parse_deal_number,
    parse_moves,
)

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """Bad input: reported as one line, exit code 2."""


def resolve_variant(variant_id: str) -> Variant:
    """Any variant an enabled plugin offers (the built-ins, Custom ids, third-party)."""
    from .plugins.cli import plugin_variant

    return plugin_variant(variant_id)


def read_text(path: str) -> str:
    """Read a file named on the command line (``-`` is standard input)."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None


def deal_number(text: str) -> int:
    try:
        return parse_deal_number(text)
    except InvalidDealNumber as error:
        raise CliError(str(error)) from None


def starting_position(args: argparse.Namespace, variant: Variant) -> tuple[Position, int | None]:
    """The position named by ``N`` or ``--board FILE``."""
    if getattr(args, "board", None):
        try:
            return parse_board(read_text(args.board), variant), None
        except BoardFormatError as error:
            raise CliError(f"{args.board}: {error}") from None
    if args.deal is None:
        raise CliError("give a deal number or --board FILE")
    number = deal_number(args.deal)
    return deal(number, variant), number


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    """``N | --board FILE`` and ``--variant ID``, shared by replay, solve and friends."""
    parser.add_argument("deal", nargs="?", help="Microsoft deal number (1 to 8,589,934,591)")
    parser.add_argument("--board", metavar="FILE", help="a board in Freecell Solver's format")
    parser.add_argument("--variant", default="freecell", metavar="ID", help=variant_help())


def variant_help() -> str:
    # static on purpose: building the parser must not load plugins
    return (
        "variant id ("
        + ", ".join(v.id for v in BUILTIN_VARIANTS)
        + ", custom-<N>cells-<N>columns-<build>-<empty>, or any enabled plugin's; "
        + "`freecell-cli plugins` lists them)"
    )


# -- board -------------------------------------------------------------------------
def cmd_board(args: argparse.Namespace) -> int:
    variant = resolve_variant(args.variant)
    print(format_board(deal(deal_number(args.deal), variant)), end="")
    return EXIT_OK


# -- replay ------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    variant = resolve_variant(args.variant)
    if args.board and args.deal is not None:
        raise CliError("give a deal number or --board FILE, not both")
    start, number = starting_position(args, variant)
    try:
        moves = parse_moves(read_text(args.moves))
    except InvalidMoveNotation as error:
        raise CliError(f"{args.moves}: {error}") from None
    game = Game(variant, number, start=start)
    for index, move in enumerate(moves, start=1):
        result = game.play(move)
        if isinstance(result, Refusal):
            print(f"illegal move {index} ({move}): {result.reason}")
            return EXIT_ILLEGAL
        if not args.quiet:
            print(f"{index}: {move} ok")
    if game.is_won:
        print("won")
    else:
        print(format_board(game.position), end="")
    return EXIT_OK


# -- wiring ------------------------------------------------------------------------
Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="freecell-cli", description="FreeCell without the window: deals, replays, solving."
    )
    parser.add_argument("--version", action="version", version=f"freecell {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    board = sub.add_parser("board", help="print deal N in Freecell Solver's board format")
    board.add_argument("deal", help="Microsoft deal number (1 to 8,589,934,591)")
    board.add_argument("--variant", default="freecell", metavar="ID", help=variant_help())
    board.set_defaults(run=cmd_board)

    replay = sub.add_parser("replay", help="play a move list from a deal or a board")
    add_position_arguments(replay)
    replay.add_argument("--moves", required=True, metavar="FILE", help="moves in standard notation")
    replay.add_argument("-q", "--quiet", action="store_true", help="print only the outcome")
    replay.set_defaults(run=cmd_replay)

    # Other layers own their subcommands; imported here, not at module level, because
    # they build on this module's helpers (CliError, starting_position, ...).
    from . import rate_cli, solver_cli
    from .plugins import cli as plugins_cli

    solver_cli.register(sub)
    plugins_cli.register(sub)
    rate_cli.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Command = args.run
    try:
        return run(args)
    except CliError as error:
        print(f"freecell-cli: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
