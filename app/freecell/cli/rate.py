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
import collections
import errno
import functools
import itertools
import json
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from freecell.analysis import ratings as rating_data
from freecell.analysis.difficulty import Rating, rate_deal, rate_position
from freecell.analysis.labels import difficulty_word
from freecell.cli.common import EXIT_OK, CliError, cli_manager, deal_number
from freecell.cli.plugins import plugin_backend
from freecell.engine import FREECELL, MAX_DEAL, InvalidDealNumber, Position, Variant, deal
from freecell.engine.deal import check_deal_number
from freecell.i18n import N_, _, ngettext
from freecell.i18n.formatting import format_number
from freecell.plugin_host.model import Source
from freecell.solver.api import Budget, CancelToken, Mode
from freecell.solver.backends import (
    BUILTIN_ID,
    Answer,
    Ask,
    BackendLoader,
    FallbackBackend,
    fallback_message,
)
from freecell.solver.service import SolverService

T = TypeVar("T")
R = TypeVar("R")

CHECKPOINT_EVERY = 500
CHUNK = 8


def rating_line(number: int, rating: Rating) -> str:
    """One deal's tab-separated line in the player's words (scripts read ``--json``,
    whose fields are the stable codes)."""
    if rating.length is None:
        # Translators: freecell-cli rate: the search found no winning line in its budget
        line = _("no line")
    else:
        line = ngettext("{n} move", "{n} moves", rating.length).format(
            n=format_number(rating.length)
        )
    states = _("states: {n}").format(n=format_number(rating.states))  # as `solve` says it
    return f"{number}\t{difficulty_word(rating.difficulty)}\t{line}\t{states}"


class DealRange:
    """``"1-32000"``, ``"617"`` or ``"1-10,617,11982"``: the deal numbers, made one at
    a time (``rate 1-8589934591`` starts rating at once, in bounded memory)."""

    def __init__(self, text: str) -> None:
        self.spans: list[tuple[int, int]] = [_span(part.strip()) for part in text.split(",")]

    def __len__(self) -> int:
        return sum(last - first + 1 for first, last in self.spans)

    def __iter__(self) -> Iterator[int]:
        for first, last in self.spans:
            yield from range(first, last + 1)


def _span(part: str) -> tuple[int, int]:
    low, sep, high = part.partition("-")
    for end in (low, high):
        if any(c.isdigit() and not c.isascii() for c in end):
            deal_number(end)  # "٣": refused in board's words, as every subcommand does
    try:
        if not (low.strip().isascii() and (not sep or high.strip().isascii())):
            raise ValueError(part)
        first = int(low)
        last = int(high) if sep else first
        check_deal_number(first)
        check_deal_number(last)
    except (ValueError, InvalidDealNumber):
        raise CliError(
            _("{part!r} is not a deal number or range (1-{last})").format(
                part=part, last=format_number(MAX_DEAL)
            )
        ) from None
    if last < first:
        raise CliError(_("{part!r}: the range runs backwards").format(part=part))
    return first, last


def parse_range(text: str) -> list[int]:
    """Every deal number of a range, as a list (small ranges; :class:`DealRange`
    streams)."""
    return list(DealRange(text))


Rated = tuple[int, Rating, str | None]  # deal, rating, a fallback's sentence


class RunTrust:
    """A backend caught lying is turned off for the rest of the run (the built-in
    rates every later deal), and that is said once, not once a deal."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.off = False

    def caught(self) -> bool:
        """Turn the backend off; True the first time (the one to tell)."""
        with self._lock:
            first, self.off = not self.off, True
            return first


def _rate(
    number: int,
    loader: BackendLoader | None = None,
    ask: Ask | None = None,
    trust: RunTrust | None = None,
) -> Rated:
    if loader is None or (trust is not None and trust.off):
        return number, rate_deal(number, FREECELL), None
    backend = FallbackBackend(loader, ask)
    rating = rate_position(deal(number, FREECELL), FREECELL, backend=backend)
    why = fallback_message(backend.fallback) if backend.fallback is not None else None
    if backend.liars and trust is not None and not trust.caught():
        why = None  # a deal asked before it was off: already said
    return number, rating, why


def _runs_here(loader: BackendLoader | None) -> bool:
    """Whether a backend is ours (the built-in search, fc-solve), run in the rating
    process itself; a third party's runs in a solver worker process, as in the game."""
    return loader is None or getattr(loader, "source", Source.BUILTIN) is Source.BUILTIN


def rate_many(
    numbers: Iterable[int], jobs: int, loader: BackendLoader | None = None
) -> Iterator[Rated]:
    """Rate ``numbers`` (in order) with ``jobs`` worker processes (spawned: safe
    whatever the parent has loaded); ``loader`` names a backend other than the
    built-in search (each process loads it from its plugin)."""
    if not _runs_here(loader):
        assert loader is not None
        yield from _rate_in_workers(numbers, jobs, loader)
        return
    work = functools.partial(_rate, loader=loader)
    if jobs <= 1:
        for number in numbers:
            yield work(number)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        chunks = _chunks(numbers, CHUNK)
        for done in _bounded_map(pool, functools.partial(_rate_chunk, work), chunks, jobs * 4):
            yield from done


def _rate_chunk(work: Callable[[int], Rated], numbers: list[int]) -> list[Rated]:
    return [work(number) for number in numbers]


def _chunks(numbers: Iterable[int], size: int) -> Iterator[list[int]]:
    it = iter(numbers)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _bounded_map(
    pool: Executor, work: Callable[[T], R], items: Iterable[T], window: int
) -> Iterator[R]:
    """``pool.map`` in order, with at most ``window`` items handed over at a time
    (``Executor.map`` takes the whole iterable first: 20 million deals, 894 MB)."""
    pending: collections.deque[Future[R]] = collections.deque()
    for item in items:
        pending.append(pool.submit(work, item))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def _rate_in_workers(numbers: Iterable[int], jobs: int, loader: BackendLoader) -> Iterator[Rated]:
    """A third party's backend rates in solver worker processes, one per job, each
    waited on by a thread here: a backend that kills its process, hangs past the
    budget or raises is one warning, the built-in search rates that deal, and the
    batch goes on (in the rating process itself a crash ended the CLI)."""
    mine = threading.local()
    services: list[SolverService] = []
    lock = threading.Lock()

    def service() -> SolverService:
        made: SolverService | None = getattr(mine, "service", None)
        if made is None:
            made = mine.service = SolverService()
            with lock:
                services.append(made)
        return made

    def ask(
        position: Position, variant: Variant, budget: Budget, _c: CancelToken | None, mode: Mode
    ) -> Answer:
        return service().answer(position, variant, budget, mode, loader)

    work = functools.partial(_rate, loader=loader, ask=ask, trust=RunTrust())
    try:
        if jobs <= 1:
            for number in numbers:
                yield work(number)
        else:
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                yield from _bounded_map(pool, work, numbers, jobs * 4)
    finally:
        for made in services:
            made.close()


def _backend(backend_id: str, out: Path | None) -> BackendLoader | None:
    """None for the built-in search (rated as the shipped table is), else the
    enabled plugin's backend."""
    if backend_id == BUILTIN_ID:
        return None
    if out is not None:
        raise CliError(
            _(
                "--out writes the game's ratings table, which the built-in solver makes; "
                "leave out --backend to write it, or --out to print another backend's ratings"
            )
        )

    return plugin_backend(backend_id, cli_manager())


def cmd_rate(args: argparse.Namespace) -> int:
    numbers: DealRange | Iterable[int] = DealRange(args.deals)
    total = len(DealRange(args.deals))
    if args.jobs < 1:
        raise CliError(_("--jobs must be at least 1"))
    out = Path(args.out) if args.out else None
    if out is not None and out.is_dir():  # said now, not after the deals are rated
        folder = os.strerror(errno.EISDIR)
        raise CliError(_("cannot write {path}: {problem}").format(path=out, problem=folder))
    loader = _backend(args.backend, out)
    done: dict[int, Rating] = {}
    if out is not None and args.resume and out.exists():
        try:
            done = dict(rating_data.read(out).rated())
        except OSError as error:
            said = _("cannot read {path}: {problem}")
            raise CliError(said.format(path=out, problem=error.strerror or error)) from None
        except ValueError as error:
            raise CliError(_("{path}: {problem}").format(path=out, problem=error)) from None
        total -= sum(1 for n in done if any(a <= n <= b for a, b in DealRange(args.deals).spans))
        numbers = (n for n in DealRange(args.deals) if n not in done)
    fingerprint = rating_data.solver_fingerprint()  # of the code the workers run
    started = time.monotonic()
    for i, (number, rating, fell_back) in enumerate(rate_many(numbers, args.jobs, loader), 1):
        if fell_back is not None:
            warning = _("freecell-cli: warning: deal {number}: {message}")
            print(warning.format(number=number, message=fell_back), file=sys.stderr)
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
                print(rating_line(number, rating), flush=True)
            continue
        done[number] = rating
        if i % CHECKPOINT_EVERY == 0:
            _write(out, done, fingerprint)
            elapsed = time.monotonic() - started
            progress = _("rated {done} of {total} in {seconds} s").format(
                done=format_number(i), total=format_number(total), seconds=_seconds(elapsed)
            )
            print(progress, file=sys.stderr, flush=True)
    if out is not None:
        _write(out, done, fingerprint)
        elapsed = time.monotonic() - started
        summary = ngettext(
            "rated {n} deal in {seconds} s; {kept} in {path}",
            "rated {n} deals in {seconds} s; {kept} in {path}",
            total,
        )
        print(
            summary.format(
                n=format_number(total),
                seconds=_seconds(elapsed),
                kept=format_number(len(done)),
                path=out,
            ),
            file=sys.stderr,
        )
    return EXIT_OK


def _write(out: Path, done: dict[int, Rating], fingerprint: bytes) -> None:
    """The ratings so far, written atomically; a folder or a disk that refuses is
    one line and exit 2, not a traceback (what is written already stays)."""
    try:
        rating_data.write(out, done, fingerprint)
    except OSError as error:
        # Translators: {problem} is the system's own words ("Permission denied")
        said = _("cannot write {path}: {problem}")
        raise CliError(said.format(path=out, problem=error.strerror or error)) from None


def _seconds(elapsed: float) -> str:
    return format_number(round(elapsed))


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rate = sub.add_parser("rate", help=N_("rate deals (Easy/Medium/Hard/Expert) with the solver"))
    rate.add_argument("deals", help=N_("deal numbers: 617, 1-32000 or 1-10,617"))
    rate.add_argument("--jobs", type=int, default=1, metavar="N", help=N_("worker processes"))
    rate.add_argument("--out", metavar="FILE", help=N_("write the packed ratings file here"))
    rate.add_argument(
        "--resume", action="store_true", help=N_("skip deals the --out file already rates")
    )
    rate.add_argument("--json", action="store_true", help=N_("one JSON object a line"))
    rate.add_argument(
        "--backend",
        default=BUILTIN_ID,
        metavar="ID",
        help=N_("solver backend to rate with (default builtin, which makes the shipped table)"),
    )
    rate.set_defaults(run=cmd_rate)
