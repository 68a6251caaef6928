"""``freecell-cli board N``: deal N in Freecell Solver's board format."""

from __future__ import annotations

import argparse

from freecell.cli.common import EXIT_OK, deal_help, deal_number, resolve_variant, variant_help
from freecell.engine import deal, format_board
from freecell.i18n import N_


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    board = sub.add_parser("board", help=N_("print deal N in Freecell Solver's board format"))
    board.add_argument("deal", help=deal_help())
    board.add_argument("--variant", default="freecell", metavar="ID", help=variant_help())
    board.set_defaults(run=cmd_board)


def cmd_board(args: argparse.Namespace) -> int:
    variant = resolve_variant(args.variant)
    print(format_board(deal(deal_number(args.deal), variant)), end="")
    return EXIT_OK
