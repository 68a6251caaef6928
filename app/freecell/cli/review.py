"""``freecell-cli review FILE``: each position's verdict along a saved game and its
turning point, the first move after which it could no longer be won
(:mod:`freecell.analysis.review`).  FILE is a game file or a game's one line.

The searches use the player's solver backend (``--backend`` chooses another),
with the built-in search standing in for one that fails, as in the game.
"""

from __future__ import annotations

import argparse
import json

from freecell.analysis.review import NotPlayable, review_game
from freecell.cli.common import (
    EXIT_OK,
    MAX_MOVES_BYTES,
    CliError,
    cli_manager,
    in_file,
    read_text,
    warn,
)
from freecell.cli.plugins import plugin_backend
from freecell.cli.replay import resolve_variant_for_file
from freecell.cli.solve import _timeout
from freecell.engine.gamefile import GameFileError, parse_game
from freecell.i18n import N_, _
from freecell.i18n.commandline import Words
from freecell.i18n.formatting import format_number
from freecell.solver.api import Budget
from freecell.solver.backends import Fallback, fallback_message
from freecell.storage import Storage
from freecell.texts.refusals import explain

DEFAULT_TIMEOUT = 5.0

_VERDICTS = {
    "winnable": N_("winnable"),
    "lost": N_("lost"),
    "unknown": N_("unknown"),
}


def _player_backend() -> str:
    return Storage().settings.load().solver_backend


def cmd_review(args: argparse.Namespace) -> int:
    timeout = _timeout(args.timeout)
    text = read_text(args.file, MAX_MOVES_BYTES, "file")
    try:
        record = parse_game(text, resolve_variant_for_file)
    except GameFileError as error:
        raise CliError(in_file(args.file, error)) from None

    backend_id = args.backend or _player_backend()
    backend = plugin_backend(backend_id, cli_manager())
    told: list[Fallback] = []

    try:
        review = review_game(
            record.start,
            record.variant,
            record.moves,
            backend,
            budget=Budget(Budget().states, timeout),
            on_fallback=lambda fallback: told.append(fallback) if not told else None,
        )
    except NotPlayable as error:
        raise CliError(
            _("{path}: move {index} ({move}) does not play: {reason}").format(
                path=args.file,
                index=error.index,
                move=error.move.notation,
                reason=explain(error.refusal),
            )
        ) from None
    for fallback in told:
        warn(fallback_message(fallback))
    if args.json:
        print(json.dumps(review.to_json()))
        return EXIT_OK
    for step in review.moves:
        print(f"{step.index:>4}  {step.move.notation:<6} {_(_VERDICTS[step.verdict.value])}")
    if review.turning_point is not None:
        print(_("turning point: move {n}").format(n=format_number(review.turning_point)))
    elif review.start.value == "lost":
        print(_("no turning point: the deal could not be won from the start"))
    elif review.moves and review.moves[-1].verdict.value == "winnable":
        print(_("no turning point: the game could still be won at its last move"))
    else:
        print(_("no turning point found: some positions stayed unknown"))
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    review = sub.add_parser(
        "review",
        help=N_("each position's verdict along a saved game, and the move that lost it"),
    )
    review.add_argument("file", metavar="FILE", help=N_("a saved game file or a game's one line"))
    review.add_argument(
        "--backend",
        metavar="ID",
        help=N_("solver backend (default: the one chosen in Preferences)"),
    )
    review.add_argument(
        "--timeout",
        default=str(DEFAULT_TIMEOUT),
        metavar="S",
        help=Words(
            N_("seconds each search may take before its position is 'unknown' (default {seconds})"),
            seconds=lambda: format_number(DEFAULT_TIMEOUT),
        ),
    )
    review.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    review.set_defaults(run=cmd_review)
