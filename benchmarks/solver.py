"""Benchmark: the built-in solver (fast and short modes) against ``fc-solve -l lg``.

    python benchmarks/solver.py --deals 1-1000 [--jobs N] [--variant ID] [--timeout S]
    python benchmarks/solver.py --deals 1-1000 --solvers short,fc-solve:ve

Prints one table: per solver, how many deals were solved / proven unsolvable /
left unknown, the median, p90, p99 and max seconds per deal, the median solution
length (all moves, and moves not to the foundation), the peak memory of a worker
process, and the ratio of medians against fc-solve.  It also counts contradictions
(the built-in solver proves unsolvable a deal that another row solves), which must be
zero.  fc-solve runs ``-l lg`` for FreeCell proper and ``-l ct`` for variants whose
build or empty-column rule ``lg`` ignores; a preset's "could not solve" is listed
as unsolvable but is not a proof.  ``fc-solve:PRESET`` adds a row for another preset
(``fc-solve:ve``, the slow preset that finds short lines, is the yardstick for
SHORT mode: fewer moves not to the foundation in no more time).

fc-solve is timed as a whole process per deal (as a player's machine would run
it); its moves are counted after translation into our moves.  It prints numbers;
it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from freecell.engine import Variant, apply_move, builtin_variant, deal, format_board
from freecell.solver.api import Budget, Mode, Solved
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.fcsolve import UntrustedOutput, preset_for, translate, variant_flags


@dataclass(frozen=True)
class Row:
    solver: str
    deal: int
    verdict: str
    seconds: float
    moves: int
    non_foundation: int
    states: int
    peak_mb: float


def _peak_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / 2**20


def run_builtin(number: int, variant: Variant, mode: Mode, timeout: float) -> Row:
    position = deal(number, variant)
    started = time.perf_counter()
    verdict = BuiltinSolver().solve(position, variant, Budget(2_000_000, timeout), None, mode)
    seconds = time.perf_counter() - started
    moves = nonf = 0
    if isinstance(verdict, Solved):
        end = position
        for move in verdict.moves:
            end = apply_move(end, move)
        assert end.is_won, f"deal {number}: the line does not win"
        moves = len(verdict.moves)
        nonf = sum(1 for m in verdict.moves if not m.dest.is_foundation)
    return Row(
        f"builtin {mode.value}",
        number,
        verdict.verdict,
        seconds,
        moves,
        nonf,
        verdict.states,
        _peak_mb(),
    )


def run_fcsolve(number: int, variant: Variant, timeout: float, preset: str = "") -> Row:
    position = deal(number, variant)
    preset = preset or preset_for(variant, Mode.FAST)  # lg forgets non-default rules
    command = ["fc-solve", "--show-exceeded-limits", "-m", "-l", preset, *variant_flags(variant)]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command, input=format_board(position), capture_output=True, text=True, timeout=timeout
        )
        output = done.stdout
    except subprocess.TimeoutExpired:
        output = ""
    seconds = time.perf_counter() - started
    moves = nonf = 0
    verdict = "unknown"
    if "This game is solveable." in output:
        try:
            line = translate(output, position, variant)
        except UntrustedOutput:
            verdict = "untrusted"
        else:
            verdict = "solved"
            moves = len(line)
            nonf = sum(1 for m in line if not m.dest.is_foundation)
    elif "I could not solve this game." in output:
        verdict = "unsolvable"  # -l lg is not complete: listed, not trusted as a proof
    return Row(f"fc-solve -l {preset}", number, verdict, seconds, moves, nonf, 0, 0.0)


def _task(job: tuple[str, int, str, float]) -> Row:
    kind, number, variant_id, timeout = job
    variant = builtin_variant(variant_id)
    if kind.startswith("fc-solve"):
        return run_fcsolve(number, variant, timeout, kind.partition(":")[2])
    return run_builtin(number, variant, Mode(kind), timeout)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def parse_range(text: str) -> list[int]:
    deals: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        deals.extend(range(int(lo), int(hi or lo) + 1))
    return deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-100", help="e.g. 1-1000 or 1-10,617,11982")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--variant", default="freecell")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per deal")
    parser.add_argument(
        "--solvers",
        default="fast,short,fc-solve",
        help="any of fast, short, fc-solve, fc-solve:PRESET (e.g. fc-solve:ve)",
    )
    parser.add_argument("--slow", type=float, default=3.0, help="list deals slower than this")
    args = parser.parse_args(argv)
    try:
        builtin_variant(args.variant)
    except KeyError as error:
        parser.error(str(error.args[0]))
    deals = parse_range(args.deals)
    kinds = [k.strip() for k in args.solvers.split(",") if k.strip()]
    if any(k.startswith("fc-solve") for k in kinds) and not shutil.which("fc-solve"):
        print("fc-solve is not installed: its rows are skipped")
        kinds = [k for k in kinds if not k.startswith("fc-solve")]
    unknown = [k for k in kinds if k not in ("fast", "short") and not k.startswith("fc-solve")]
    if unknown:
        parser.error(f"unknown solver {unknown[0]!r}: use fast, short, fc-solve or fc-solve:PRESET")
    jobs = [(kind, n, args.variant, args.timeout) for kind in kinds for n in deals]
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=200) as pool:
        rows = pool.map(_task, jobs, chunksize=4)
    wall = time.perf_counter() - started
    print(
        f"deals {args.deals} ({len(deals)}), variant {args.variant}, timeout {args.timeout:g} s, "
        f"{args.jobs} job(s), {wall:.0f} s wall"
    )
    header = (
        f"{'solver':<16}{'solved':>7}{'proven':>7}{'unknown':>8}{'median s':>10}{'p90 s':>8}"
        f"{'p99 s':>8}{'max s':>8}{'moves':>7}{'non-fnd':>8}{'peak MB':>9}"
    )
    print(header)
    print("-" * len(header))
    medians: dict[str, float] = {}
    by_solver: dict[str, dict[int, Row]] = {}
    for name in dict.fromkeys(r.solver for r in rows):
        mine = [r for r in rows if r.solver == name]
        by_solver[name] = {r.deal: r for r in mine}
        times = [r.seconds for r in mine]
        solved = [r for r in mine if r.verdict == "solved"]
        medians[name] = statistics.median(times)
        print(
            f"{name:<16}{len(solved):>7}{sum(r.verdict == 'unsolvable' for r in mine):>7}"
            f"{sum(r.verdict not in ('solved', 'unsolvable') for r in mine):>8}"
            f"{medians[name]:>10.4f}{_pct(times, 0.9):>8.3f}{_pct(times, 0.99):>8.3f}"
            f"{max(times):>8.3f}"
            f"{statistics.median([r.moves for r in solved]) if solved else 0:>7.0f}"
            f"{statistics.median([r.non_foundation for r in solved]) if solved else 0:>8.0f}"
            f"{max(r.peak_mb for r in mine):>9.0f}"
        )
    references = [n for n in medians if n.startswith("fc-solve")]
    for reference in references:
        for name, median in medians.items():
            if name not in references:
                print(f"ratio of medians {name} / {reference}: {median / medians[reference]:.1f}")
    contradictions = 0
    names = list(by_solver)
    for a in names:
        if a.startswith("fc-solve"):
            continue  # a preset's "could not solve" is not a proof, so not a claim
        for b in names:
            for n, row in by_solver[a].items():
                other = by_solver[b].get(n)
                if row.verdict == "unsolvable" and other is not None and other.verdict == "solved":
                    contradictions += 1
                    print(f"CONTRADICTION deal {n}: {a} says unsolvable, {b} solved it")
    print(f"contradictions: {contradictions}")
    for row in rows:
        if row.seconds > args.slow or row.verdict in ("unknown", "untrusted"):
            print(f"  slow: {row.solver} deal {row.deal}: {row.verdict} {row.seconds:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
