"""What the solver tells the player beyond a hint: pure Python, no Qt.

* :class:`RatingCache` -- ratings and pars of deals rated on demand, kept in one
  versioned, atomic JSON file (the storage layer's :class:`JsonFile`), so a deal is
  searched once per player, not once per game.
* :class:`DealChooser` -- "Winnable deals only" and the difficulty filter: random
  deal numbers from a source, decided by the shipped table, the cache, or a rating
  run, and only a deal proven winnable (a solution was found) passes.
* :class:`WinnabilityTrail` -- the verdicts the live check found along the game's
  path, and from them the move that turned a winnable position into a proven-lost
  one and the position to go back to.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from freecell.analysis.difficulty import Difficulty, Rating
from freecell.analysis.ratings import RatingTable, shipped
from freecell.engine import FREECELL, Game, Move, Position, Variant, apply_move, random_deal_number
from freecell.storage import JsonFile, default_paths
from freecell.storage.jsonfile import UnreadableFile
from freecell.storage.notices import Damage, FileKind, StorageNotice

log = logging.getLogger(__name__)

CACHE_FILE = "deal-ratings.json"
CACHE_VERSION = 1


# -- the cache of on-demand ratings -------------------------------------------------


class RatingCache:
    """Ratings and pars by (variant, deal), persisted in ``deal-ratings.json``."""

    def __init__(
        self, path: Path | None = None, notices: list[StorageNotice] | None = None
    ) -> None:
        self.file = JsonFile(
            path or default_paths().data_dir / CACHE_FILE,
            what=FileKind.DEAL_RATINGS,
            version=CACHE_VERSION,
            notices=notices,
        )
        self._ratings: dict[str, Rating] = {}
        self._pars: dict[str, int] = {}
        self._loaded = False
        self._unsaved = False  # said once in the log
        # The GUI thread reads while a background job writes.
        self._lock = threading.RLock()

    @staticmethod
    def key(variant: Variant, number: int) -> str:
        return f"{variant.id}:{number}"

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        loaded = self.file.load(_decode_cache)
        if loaded is not None:
            self._ratings, self._pars = loaded

    def _save(self) -> None:
        payload: dict[str, Any] = {
            "ratings": {
                k: [int(r.difficulty), r.length, r.states] for k, r in self._ratings.items()
            },
            "pars": dict(self._pars),
        }
        try:
            self.file.save(payload)
        except OSError as error:  # a cache: kept in memory, made again next time
            if not self._unsaved:
                log.warning("the deal ratings could not be saved: %s", error)
            self._unsaved = True

    def rating(self, variant: Variant, number: int) -> Rating | None:
        with self._lock:
            self._load()
            return self._ratings.get(self.key(variant, number))

    def put_rating(self, variant: Variant, number: int, rating: Rating) -> None:
        with self._lock:
            self._load()
            self._ratings[self.key(variant, number)] = rating
            self._save()

    def par(self, variant: Variant, number: int) -> int | None:
        with self._lock:
            self._load()
            return self._pars.get(self.key(variant, number))

    def put_par(self, variant: Variant, number: int, par: int) -> None:
        with self._lock:
            self._load()
            self._pars[self.key(variant, number)] = par
            self._save()


MAX_KEY_LENGTH = 240  # a variant id and a deal number


def _decode_cache(data: dict[str, Any]) -> tuple[dict[str, Rating], dict[str, int]]:
    """The cache's ratings and pars; UnreadableFile (the file is moved aside and the
    player told) when any part has the wrong type: a cache is made again, but damage
    to it is still damage, and a list where a map belongs must not crash the window."""
    ratings_in, pars_in = data.get("ratings", {}), data.get("pars", {})
    if not isinstance(ratings_in, dict) or not isinstance(pars_in, dict):
        raise UnreadableFile("its ratings or pars are not maps", Damage.NOT_AN_OBJECT)
    ratings: dict[str, Rating] = {}
    for key, value in ratings_in.items():
        if (
            len(key) > MAX_KEY_LENGTH
            or not isinstance(value, list)
            or len(value) != 3
            or not all(v is None or (type(v) is int and v >= 0) for v in value)
            or value[0] is None
            or value[2] is None
        ):
            raise UnreadableFile(f"the rating of {key[:40]!r} makes no sense")
        difficulty, length, states = value
        ratings[key] = Rating(Difficulty(difficulty), length, states)  # ValueError: damage
    pars: dict[str, int] = {}
    for key, par in pars_in.items():
        if len(key) > MAX_KEY_LENGTH or type(par) is not int or par <= 0:
            raise UnreadableFile(f"the par of {key[:40]!r} makes no sense")
        pars[key] = par
    return ratings, pars


# -- choosing deals -----------------------------------------------------------------


class DealFilter(Enum):
    """The new-deal difficulty filter (its words: ``analysis.labels``)."""

    ANY = "any"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    @property
    def difficulty(self) -> Difficulty | None:
        return None if self is DealFilter.ANY else Difficulty[self.name]


class NoDealFound(LookupError):
    """No deal passed the filter within the number of tries allowed."""


@dataclass
class DealChooser:
    """Picks the next random deal under "winnable only" and a difficulty filter.

    ``source`` gives candidate deal numbers (random by default; tests inject one).
    A candidate is decided by the shipped table (FreeCell deals 1-32000), then the
    cache, then ``rate`` (a rating run, in the solver's worker process when called
    from the UI).  A deal passes "winnable only" only when a solution was found:
    an unknown verdict is not good enough, and a proven-unsolvable deal never is.
    """

    winnable_only: bool = False
    wanted: DealFilter = DealFilter.ANY
    source: Callable[[], int] | None = None
    table: RatingTable | None = None
    cache: RatingCache | None = None
    max_tries: int = 200

    @property
    def active(self) -> bool:
        """True when a new deal must be checked before it is dealt."""
        return self.winnable_only or self.wanted is not DealFilter.ANY

    def candidate(self) -> int:
        return self.source() if self.source is not None else random_deal_number()

    def known_rating(self, number: int, variant: Variant = FREECELL) -> Rating | None:
        """The rating without searching: shipped table (standard FreeCell), then cache."""
        if variant == FREECELL:
            table = self.table if self.table is not None else shipped()
            rating = table.get(number)
            if rating is not None:
                return rating
        return self.cache.rating(variant, number) if self.cache is not None else None

    def accepts(self, rating: Rating) -> bool:
        if self.winnable_only and not rating.winnable:
            return False
        wanted = self.wanted.difficulty
        return wanted is None or rating.difficulty is wanted

    def choose(
        self,
        rate: Callable[[int], Rating],
        variant: Variant = FREECELL,
        cancelled: Callable[[], bool] = lambda: False,
    ) -> tuple[int, Rating]:
        """The first candidate that passes; ratings found are cached.

        Raises :class:`NoDealFound` after ``max_tries`` candidates (or when
        ``cancelled`` says so)."""
        for _ in range(self.max_tries):
            if cancelled():
                break
            number = self.candidate()
            rating = self.known_rating(number, variant)
            if rating is None:
                rating = rate(number)
                # "unknown" is cached too: the rating budget is fixed, so a second
                # run would spend the same states and end the same way.
                if self.cache is not None and not cancelled():
                    self.cache.put_rating(variant, number, rating)
            if self.accepts(rating):
                return number, rating
        raise NoDealFound("no deal matched the filter; try again or loosen it")


def seeded_source(seed: int, low: int = 1, high: int = 32_000) -> Callable[[], int]:
    """A reproducible candidate source (tests, and a 'daily deal' one day)."""
    rng = random.Random(seed)
    return lambda: rng.randint(low, high)


def sequence_source(numbers: Iterable[int]) -> Callable[[], int]:
    """Candidates from a fixed list, in order (tests)."""
    it = iter(numbers)
    return lambda: next(it)


# -- winnability along the game's path -----------------------------------------------


class Verdict(Enum):
    WINNABLE = "winnable"
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class LosingMove:
    """Where the game was lost: ``index`` steps in was winnable; step ``index + 1``
    (its ``moves``) led to a proven-lost position (``proven`` says whether that
    very position was checked, or only a later one)."""

    index: int
    moves: tuple[Move, ...]
    proven: bool

    @property
    def move_number(self) -> int:
        return self.index + 1


class WinnabilityTrail:
    """Verdicts by position (canonical key), and solutions where one was found.

    Written from the GUI thread (live checks) and from the review's worker thread
    at once: every read and write holds one lock, so a reader never meets a
    solution half recorded or a ``clear`` half done."""

    def __init__(self) -> None:
        self._verdicts: dict[tuple[object, ...], Verdict] = {}
        self._solutions: dict[Position, tuple[Move, ...]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _key(position: Position) -> tuple[object, ...]:
        return position.canonical_key()

    def record(
        self, position: Position, verdict: Verdict, solution: tuple[Move, ...] | None = None
    ) -> None:
        """Keep a verdict; with a winning line, every position along it is winnable
        too, with the rest of the line: a player who follows the hints (or plays the
        same moves) meets positions already known, and is told at once."""
        first = self._key(position)
        line: list[tuple[tuple[object, ...], Position, tuple[Move, ...]]] = []
        if solution is not None and verdict is Verdict.WINNABLE:
            # the moves are applied before the lock is taken: it guards dict writes only
            for n, move in enumerate(solution):
                line.append((self._key(position), position, solution[n:]))
                position = apply_move(position, move)
        with self._lock:
            self._verdicts[first] = verdict
            for key, at, rest in line:
                self._verdicts[key] = Verdict.WINNABLE
                self._solutions[at] = rest  # exact layout: moves name columns

    def verdict(self, position: Position) -> Verdict | None:
        if position.is_won:
            return Verdict.WINNABLE
        key = self._key(position)
        with self._lock:
            return self._verdicts.get(key)

    def solution(self, position: Position) -> tuple[Move, ...] | None:
        with self._lock:
            return self._solutions.get(position)

    def clear(self) -> None:
        with self._lock:
            self._verdicts.clear()
            self._solutions.clear()

    @staticmethod
    def path_positions(game: Game) -> list[Position]:
        """The positions along the path: after 0, 1, ... ``game.index`` steps."""
        return [game.start] + [step.position for step in game.steps[: game.index]]

    def losing_move(self, game: Game) -> LosingMove | None:
        """When the current position is proven lost and an earlier one on the path
        is known winnable: the latest such one, and the step after it."""
        positions = self.path_positions(game)
        if self.verdict(positions[-1]) is not Verdict.LOST:
            return None
        for index in range(len(positions) - 2, -1, -1):
            verdict = self.verdict(positions[index])
            if verdict is Verdict.WINNABLE:
                proven = self.verdict(positions[index + 1]) is Verdict.LOST
                return LosingMove(index, game.steps[index].moves, proven)
        return None

    def unchecked_between(self, game: Game) -> int | None:
        """The index of the latest position not yet checked between the last known
        winnable one and the current (lost) one: what to check next to pin down
        the losing move exactly.  None when there is nothing left to pin down."""
        positions = self.path_positions(game)
        if self.verdict(positions[-1]) is not Verdict.LOST:
            return None
        for index in range(len(positions) - 2, -1, -1):
            verdict = self.verdict(positions[index])
            if verdict is Verdict.WINNABLE:
                return None
            if verdict is None:
                return index
        return None
