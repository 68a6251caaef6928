"""``freecell-cli solve``: a verdict for a deal or a board, from any backend.

Every honest verdict (solved, proven unsolvable, or unknown when the budget ran
out) exits 0; bad input -- a deal number out of range, an unreadable board, an
unknown or unavailable backend, a timeout that is not a positive number -- is one
line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import math

from freecell.cli.common import (
    EXIT_OK,
    CliError,
    add_position_arguments,
    cli_manager,
    resolve_variant,
    starting_position,
    warn,
)
from freecell.cli.plugins import plugin_backend
from freecell.engine import Position, Variant
from freecell.i18n import N_, _, ngettext
from freecell.i18n.commandline import Words
from freecell.i18n.formatting import format_number
from freecell.plugin_host.model import Source
from freecell.plugin_host.solvers import PluginBackend
from freecell.solver.api import Budget, Mode, Solved, Unknown, Verdict
from freecell.solver.backends import Answer, fallback_message, guarded_solve
from freecell.solver.service import SolverService
from freecell.solver.trust import opinion_message

DEFAULT_TIMEOUT = 5.0
DEFAULT_STATES = Budget().states


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise CliError(_("--timeout {text!r} is not a number of seconds").format(text=text[:40]))
    if value <= 0:
        # the number read, as the reader writes numbers: the text may hold spaces or
        # a line break that float() skipped, and the message is one line
        raise CliError(
            _("--timeout must be a positive number of seconds, not {text}").format(
                text=format_number(value)
            )
        )
    return value


def verdict_json(verdict: Verdict) -> dict[str, object]:
    """The ``--json`` shape: exactly verdict, moves, states and seconds."""
    moves = [m.notation for m in verdict.moves] if isinstance(verdict, Solved) else []
    return {
        "verdict": verdict.verdict,
        "moves": moves,
        "states": verdict.states,
        "seconds": round(verdict.seconds, 4),
    }


def verdict_text(verdict: Verdict) -> str:
    """The verdict for a reader, in the player's language (``--json`` is for scripts)."""
    lines: list[str] = []
    if isinstance(verdict, Solved):
        n = len(verdict.moves)
        said = ngettext("solved in {n} move", "solved in {n} moves", n)
        lines.append(said.format(n=format_number(n)))
        lines.append(" ".join(m.notation for m in verdict.moves))
    elif isinstance(verdict, Unknown):
        if verdict.cancelled:
            lines.append(
                _("unknown: no verdict (cancelled); nothing is claimed about this position")
            )
        else:
            lines.append(
                _(
                    "unknown: no verdict (the budget ran out); nothing is claimed about this "
                    "position"
                )
            )
        if verdict.suggested_move is not None:
            move = verdict.suggested_move.notation
            lines.append(_("suggested move: {move}").format(move=move))
    else:
        lines.append(_("unsolvable: the search was exhaustive, no solution exists"))
    # Translators: the positions the search looked at
    lines.append(_("states: {n}").format(n=format_number(verdict.states)))
    lines.append(_("seconds: {seconds}").format(seconds=format_number(round(verdict.seconds, 3))))
    return "\n".join(lines)


def solve_with(
    backend: PluginBackend, position: Position, variant: Variant, budget: Budget, mode: Mode
) -> Answer:
    """The shipped backends run here; a third party's runs in a worker process, so
    that a crash or a hang is caught as in the game.  Either way a failing backend
    is replaced by the built-in search, and the answer says so."""
    if backend.source is Source.BUILTIN:
        return guarded_solve(backend, position, variant, budget, None, mode)

    with SolverService() as service:
        return service.answer(position, variant, budget, mode, backend)


def cmd_solve(args: argparse.Namespace) -> int:
    if args.board and args.deal is not None:
        raise CliError(_("give a deal number or --board FILE, not both"))
    timeout = _timeout(args.timeout)
    manager = cli_manager()
    backend = plugin_backend(args.backend, manager)
    variant = resolve_variant(args.variant, manager)
    position, _number = starting_position(args, variant)
    answer = solve_with(
        backend, position, variant, Budget(DEFAULT_STATES, timeout), Mode(args.mode)
    )
    if answer.fallback is not None:
        warn(fallback_message(answer.fallback))
    verdict = answer.verdict
    if args.json:
        shape = verdict_json(verdict)
        if answer.unconfirmed:  # an opinion, never the verdict
            shape["unconfirmed"] = {"backend": answer.backend_id, "said": "unsolvable"}
        print(json.dumps(shape))
    else:
        print(verdict_text(verdict))
        if answer.unconfirmed:
            print(opinion_message(answer.unconfirmed))
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    solve = sub.add_parser(
        "solve", help=N_("solve a deal or a board: a winning line, a proof, or no verdict yet")
    )
    add_position_arguments(solve)
    solve.add_argument(
        "--backend",
        default="builtin",
        metavar="ID",
        help=N_(
            "solver backend: builtin, fc-solve, or an enabled plugin's "
            "(`freecell-cli plugins` lists them)"
        ),
    )
    solve.add_argument(
        "--mode",
        choices=[m.value for m in Mode],
        default=Mode.FAST.value,
        help=N_("fast (a quick verdict) or short (spend more to find fewer moves)"),
    )
    solve.add_argument(
        "--timeout",
        default=str(DEFAULT_TIMEOUT),
        metavar="S",
        help=Words(
            N_("seconds before the answer is 'unknown' (default {seconds})"),
            seconds=lambda: format_number(DEFAULT_TIMEOUT),
        ),
    )
    solve.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    solve.set_defaults(run=cmd_solve)
