"""``freecell-cli``: the headless entry point, one module per subcommand.

Bad input — a deal number out of range, a malformed board or move list, an unknown
variant — is one line on stderr and exit code 2, never a traceback.  Each
subcommand's module is imported only when that subcommand runs, so ``--version``
and ``board N`` pay for no more than they use.
"""

from __future__ import annotations

import argparse
import faulthandler
import importlib
import sys
from collections.abc import Callable, Sequence

from freecell import __version__
from freecell.i18n import N_, _
from freecell.i18n.commandline import Parser

Command = Callable[[argparse.Namespace], int]
verbose_requested = False  # ``--verbose``, for the details handler (freecell.cli.details)

# subcommand -> the module under freecell.cli whose register() adds it
SUBCOMMANDS = {
    "board": "board",
    "replay": "replay",
    "solve": "solve",
    "plugins": "plugins",
    "rate": "rate",
    "history": "history",
    "stats": "stats",
    "review": "review",
    "daily": "daily",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that subcommand's module is imported."""
    parser = Parser(
        prog="freecell-cli", description=N_("FreeCell without the window: deals, replays, solving.")
    )
    parser.add_argument("--version", action="version", version=f"freecell {__version__}")
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help=N_("print the details of what went wrong (a plugin's traceback) on stderr"),
    )
    # (the list of choices no longer fits a terminal line in every language)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module in SUBCOMMANDS.items():
        if only is None or only == name:
            importlib.import_module(f"freecell.cli.{module}").register(sub)
    return parser


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line, when it is a known one."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in SUBCOMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    if not faulthandler.is_enabled():  # a fatal signal's stacks on stderr, not silence
        faulthandler.enable(all_threads=True)
    args_list = list(sys.argv[1:] if argv is None else argv)
    chosen = _chosen(args_list)
    if chosen is None and "--version" in args_list:
        # (argparse answers --version before it looks for a subcommand)
        build_parser(only="").parse_args(args_list)
    parser = build_parser(chosen)
    args = parser.parse_args(args_list)
    global verbose_requested
    verbose_requested = args.verbose
    if chosen != "board":
        from freecell.cli import details

        details.install(verbose_requested)
    # (board asks the plugin manager only when another plugin is on, and
    # common.cli_manager installs the handler then: an answer at once needs no logging)
    from freecell.cli.common import EXIT_BAD_INPUT, EXIT_OK, CliError

    run: Command = args.run
    try:
        return run(args)
    except CliError as error:
        print(_("freecell-cli: error: {message}").format(message=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_OK
