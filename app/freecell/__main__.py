"""``freecell`` / ``python -m freecell``: open the game window.

A thin launcher on purpose: the solver's worker process is started with
``spawn``/``forkserver`` and re-imports the ``__main__`` module, so nothing here may
import PySide6 at module level.  The Qt UI is imported inside ``main``.
"""

from __future__ import annotations

import argparse
import sys

from freecell import __version__


def build_parser() -> argparse.ArgumentParser:
    from freecell.i18n import N_
    from freecell.i18n.commandline import Parser, Words

    parser = Parser(prog="freecell", description=N_("Play FreeCell (Microsoft-numbered deals)."))
    parser.add_argument("--version", action="version", version=f"freecell {__version__}")
    parser.add_argument(
        "--deal",
        metavar="N",
        help=Words(N_("play deal number N (1 to {last})"), last=_last_deal),
    )
    parser.add_argument(
        "--variant", metavar="ID", help=N_("play this variant (e.g. freecell, bakers-game)")
    )
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help=N_("open a saved game (or a board) from this file")
    )
    return parser


def _last_deal() -> str:
    from freecell.engine import MAX_DEAL
    from freecell.i18n.formatting import format_number

    return format_number(MAX_DEAL)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from freecell.launch import prepare

    prepare()  # logging, crash hook, CI smoke switch: before Qt is imported
    from freecell.engine import InvalidDealNumber, parse_deal_number

    number = None
    if args.deal is not None:
        try:
            number = parse_deal_number(args.deal)
        except InvalidDealNumber as error:
            from freecell.i18n import _
            from freecell.texts.errors import describe

            words = {"prog": "freecell", "message": describe(error)}
            print(_("%(prog)s: error: %(message)s\n") % words, end="", file=sys.stderr)
            return 2
    # The session (Qt-free) before Qt: PySide6's import hook reads the source of every
    # module an import statement names after it, looking for its feature switches, so
    # what the window's modules do not import again is never read (docs/startup.md).
    from freecell.core.start import StartError, open_session

    try:
        session = open_session(number, args.variant, resume=args.file is None)
    except StartError as error:
        from freecell.i18n import _

        words = {"prog": "freecell", "message": str(error)}
        print(_("%(prog)s: error: %(message)s\n") % words, end="", file=sys.stderr)
        return 2
    from freecell.ui.shell.app import run

    return run(open_path=args.file, session=session)


if __name__ == "__main__":
    sys.exit(main())
