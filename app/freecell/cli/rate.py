"""``freecell-cli rate 1-32000 --jobs N [--out FILE]``: rate deals in a process pool.

Each deal is rated by :func:`freecell.analysis.difficulty.rate_deal` (one SHORT-mode search
with a states-only budget, so the answer is the same on every machine).  Without
``--out`` a line per deal is printed; with ``--out`` the packed ratings file of
:mod:`freecell.analysis.ratings` is written, and rewritten every few hundred deals so an
interrupted batch keeps what it finished.  ``--resume`` skips the deals an existing
``--out`` file already rates.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from freecell.analysis.difficulty import Rating, rate_deal
from freecell.cli.common import EXIT_OK, CliError
from freecell.engine import FREECELL, MAX_DEAL, InvalidDealNumber
from freecell.engine.deal import check_deal_number

CHECKPOINT_EVERY = 500
CHUNK = 8


def parse_range(text: str) -> list[int]:
    """``"1-32000"``, ``"617"`` or ``"1-10,617,11982"`` into deal numbers."""
    numbers: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, sep, high = part.partition("-")
        try:
            first = int(low)
            last = int(high) if sep else first
            check_deal_number(first)
            check_deal_number(last)
        except (ValueError, InvalidDealNumber):
            raise CliError(f"{part!r} is not a deal number or range (1-{MAX_DEAL})") from None
        if last < first:
            raise CliError(f"{part!r}: the range runs backwards")
        numbers.extend(range(first, last + 1))
    return numbers


def _rate(number: int) -> tuple[int, Rating]:
    return number, rate_deal(number, FREECELL)


def rate_many(numbers: list[int], jobs: int) -> Iterator[tuple[int, Rating]]:
    """Rate ``numbers`` (in order) with ``jobs`` worker processes (spawned: safe
    whatever the parent has loaded)."""
    if jobs <= 1:
        for number in numbers:
            yield _rate(number)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        yield from pool.map(_rate, numbers, chunksize=CHUNK)


def cmd_rate(args: argparse.Namespace) -> int:
    from freecell.analysis import ratings as rating_data

    numbers = parse_range(args.deals)
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    out = Path(args.out) if args.out else None
    done: dict[int, Rating] = {}
    if out is not None and args.resume and out.exists():
        try:
            done = dict(rating_data.read(out).rated())
        except ValueError as error:
            raise CliError(f"{out}: {error}") from None
        numbers = [n for n in numbers if n not in done]
    fingerprint = rating_data.solver_fingerprint()  # of the code the workers run
    started = time.monotonic()
    for i, (number, rating) in enumerate(rate_many(numbers, args.jobs), 1):
        if out is None:
            if args.json:
                record = {
                    "deal": number,
                    "rating": rating.label,
                    "length": rating.length,
                    "states": rating.states,
                }
                print(json.dumps(record), flush=True)
            else:
                line = f"{rating.length} moves" if rating.length is not None else "no line"
                print(f"{number}\t{rating.label}\t{line}\tstates {rating.states}", flush=True)
            continue
        done[number] = rating
        if i % CHECKPOINT_EVERY == 0:
            rating_data.write(out, done, fingerprint)
            elapsed = time.monotonic() - started
            print(f"rated {i}/{len(numbers)} in {elapsed:.0f} s", file=sys.stderr, flush=True)
    if out is not None:
        rating_data.write(out, done, fingerprint)
        elapsed = time.monotonic() - started
        print(
            f"rated {len(numbers)} deals in {elapsed:.0f} s on {args.jobs} process(es); "
            f"{len(done)} in {out}",
            file=sys.stderr,
        )
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rate = sub.add_parser("rate", help="rate deals (Easy/Medium/Hard/Expert) with the solver")
    rate.add_argument("deals", help="deal numbers: 617, 1-32000 or 1-10,617")
    rate.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes")
    rate.add_argument("--out", metavar="FILE", help="write the packed ratings file here")
    rate.add_argument(
        "--resume", action="store_true", help="skip deals the --out file already rates"
    )
    rate.add_argument("--json", action="store_true", help="one JSON object a line")
    rate.set_defaults(run=cmd_rate)
