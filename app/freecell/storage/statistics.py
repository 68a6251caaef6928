"""Statistics per variant: the arithmetic (pure functions) and the store on disk.

Each variant id keeps its own figures -- FreeCell with three cells is not FreeCell
-- plus a per-deal record so a player can see which deals they have beaten.  Time
and moves are recorded only for won games (a lost game's "fastest time" means
nothing); the best score counts every game, since scoring schemes score losses too.
Records and streaks are the player's own: a game helped by hints or played by the
solution stepper is counted (wins "with help", hints used) but sets no record, a
deal won only with help is not beaten, and an assisted win ends a winning streak.

Two copies of the game running at once both count their games: the store takes the
file lock, re-reads the file, adds the game and writes it back before letting go
(lock + re-read + merge on write), so neither copy's game is lost.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from freecell.storage.jsonfile import MAX_ID_LENGTH, JsonFile, JsonObject, UnreadableFile
from freecell.storage.notices import Damage, FileKind, StorageNotice
from freecell.storage.paths import default_paths

STATISTICS_VERSION = 1
MAX_STATISTICS_BYTES = 32 * 1024 * 1024  # a record per deal: 100,000 deals are ~10 MB
# Beyond these a figure is damage, not a player's record: a game a minute for a
# lifetime is under 10**8 games; ten years is under 10**9 seconds.
MAX_COUNT = 10**9
MAX_SECONDS = 10**9
MAX_MOVES = 10**7
MAX_SCORE = 10**9
MAX_DEAL_NUMBER = 2**33 - 1

N = TypeVar("N", int, float)


@dataclass(frozen=True)
class DealRecord:
    """What the player has done with one deal number in one variant."""

    deal: int
    played: int = 0
    won: int = 0
    best_moves: int | None = None
    best_seconds: float | None = None
    assisted: int = 0
    """Of ``won``, the wins helped by hints or the solution."""

    @property
    def beaten(self) -> bool:
        return self.won > self.assisted


@dataclass(frozen=True)
class VariantStats:
    """The figures for one variant; streak counters are never both non-zero."""

    played: int = 0
    won: int = 0
    current_win_streak: int = 0
    current_loss_streak: int = 0
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    """Seconds; from won games only."""
    fewest_moves: int | None = None
    """From won games only."""
    deals: dict[int, DealRecord] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    assisted_wins: int = 0
    """Of ``won``, the wins helped by hints or the solution (no records from them)."""
    hints_used: int = 0
    """Hints asked for, in every game counted."""

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won / played, 0.0 before the first game."""
        return self.won / self.played if self.played else 0.0

    def beaten_deals(self) -> list[int]:
        return sorted(d for d, record in self.deals.items() if record.beaten)


@dataclass(frozen=True)
class Statistics:
    """All variants' figures; variants never played are simply absent."""

    variants: dict[str, VariantStats] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def for_variant(self, variant_id: str) -> VariantStats:
        return self.variants.get(variant_id, VariantStats())


# -- arithmetic ------------------------------------------------------------------------


def record_result(
    stats: Statistics,
    variant_id: str,
    deal_number: int | None,
    won: bool,
    moves: int,
    seconds: float,
    score: int | None = None,
    *,
    assisted: bool = False,
    hints: int = 0,
) -> Statistics:
    """The statistics with one more finished game (won or lost) counted.

    ``deal_number`` None (a board typed in or imported) counts toward the variant
    but has no per-deal record.  ``moves`` and ``seconds`` only matter when won.
    ``assisted`` (hints or the solution helped) counts the game but sets no record;
    ``hints`` is how many hints it used.
    """
    old = stats.for_variant(variant_id)
    own = not assisted
    if won and own:
        win_streak, loss_streak = old.current_win_streak + 1, 0
    elif won:
        win_streak, loss_streak = 0, 0  # not a loss, and not a win of the player's own
    else:
        win_streak, loss_streak = 0, old.current_loss_streak + 1
    record_win = won and own
    new = dataclasses.replace(
        old,
        played=old.played + 1,
        won=old.won + (1 if won else 0),
        assisted_wins=old.assisted_wins + (1 if won and assisted else 0),
        hints_used=min(MAX_COUNT, old.hints_used + max(0, hints)),
        current_win_streak=win_streak,
        current_loss_streak=loss_streak,
        longest_win_streak=max(old.longest_win_streak, win_streak),
        longest_loss_streak=max(old.longest_loss_streak, loss_streak),
        best_score=_best(old.best_score, score, max) if own else old.best_score,
        fastest_win=_best(old.fastest_win, seconds, min) if record_win else old.fastest_win,
        fewest_moves=_best(old.fewest_moves, moves, min) if record_win else old.fewest_moves,
        deals=dict(old.deals),
    )
    if deal_number is not None:
        record = old.deals.get(deal_number, DealRecord(deal_number))
        new.deals[deal_number] = dataclasses.replace(
            record,
            played=record.played + 1,
            won=record.won + (1 if won else 0),
            assisted=record.assisted + (1 if won and assisted else 0),
            best_moves=_best(record.best_moves, moves, min) if record_win else record.best_moves,
            best_seconds=(
                _best(record.best_seconds, seconds, min) if record_win else record.best_seconds
            ),
        )
    variants = dict(stats.variants)
    variants[variant_id] = new
    return dataclasses.replace(stats, variants=variants)


def reset_variant(stats: Statistics, variant_id: str) -> Statistics:
    """The statistics with one variant's figures (and deal records) wiped."""
    variants = {k: v for k, v in stats.variants.items() if k != variant_id}
    return dataclasses.replace(stats, variants=variants)


def _best(old: N | None, new: N | None, pick: Any) -> N | None:
    if new is None:
        return old
    if old is None:
        return new
    result: N = pick(old, new)
    return result


# -- JSON ------------------------------------------------------------------------------

_VARIANT_FIELDS = (
    "played",
    "won",
    "current_win_streak",
    "current_loss_streak",
    "longest_win_streak",
    "longest_loss_streak",
)
# what helped: not bounded by the games played (a game may use many hints)
_HELP_FIELDS = ("assisted_wins", "hints_used")


def statistics_to_json(stats: Statistics) -> JsonObject:
    data: JsonObject = dict(stats.extra)
    data["variants"] = {vid: _variant_to_json(v) for vid, v in sorted(stats.variants.items())}
    return data


def _variant_to_json(v: VariantStats) -> JsonObject:
    data: JsonObject = dict(v.extra)
    for name in (*_VARIANT_FIELDS, *_HELP_FIELDS):
        data[name] = getattr(v, name)
    data["best_score"] = v.best_score
    data["fastest_win"] = v.fastest_win
    data["fewest_moves"] = v.fewest_moves
    data["deals"] = {
        str(d): {
            "played": r.played,
            "won": r.won,
            "best_moves": r.best_moves,
            "best_seconds": r.best_seconds,
            "assisted": r.assisted,
        }
        for d, r in sorted(v.deals.items())
    }
    return data


def statistics_from_json(data: Mapping[str, Any]) -> Statistics:
    """Decode a statistics file; raise UnreadableFile on damage.

    Unlike settings, damaged statistics are not repaired field by field: a figure
    the player earned that has become nonsense means the file was damaged, so the
    whole file is kept aside and the backup used -- never silently "fixed".
    Missing fields (an older or newer writer) take their defaults; unknown keys
    are kept and written back.
    """
    if not isinstance(data, Mapping):
        raise UnreadableFile("it is not a statistics object", Damage.NOT_AN_OBJECT)
    variants_data = data.get("variants", {})
    if not isinstance(variants_data, dict):
        raise UnreadableFile("its list of variants is damaged")
    variants: dict[str, VariantStats] = {}
    for vid, vdata in variants_data.items():
        if not isinstance(vdata, dict) or not vid or len(vid) > MAX_ID_LENGTH:
            raise UnreadableFile(f"the figures for {vid[:40]!r} are damaged")
        variants[vid] = _variant_from_json(vid, vdata)
    extra = {k: v for k, v in data.items() if k not in ("variants", "version")}
    return Statistics(variants, extra)


def _variant_from_json(vid: str, data: Mapping[str, Any]) -> VariantStats:
    values: dict[str, Any] = {name: _count(data, name, vid) for name in _VARIANT_FIELDS}
    if values["won"] > values["played"]:
        raise UnreadableFile(f"the figures for {vid!r} count more wins than games")
    for streak in _VARIANT_FIELDS[2:]:
        if values[streak] > values["played"]:
            raise UnreadableFile(f"{streak} for {vid!r} is longer than the games played")
    for name in _HELP_FIELDS:
        values[name] = _count(data, name, vid)
    if values["assisted_wins"] > values["won"]:
        raise UnreadableFile(f"the figures for {vid!r} count more wins with help than wins")
    values["best_score"] = _optional_int(data.get("best_score"), "best_score", vid, negative=True)
    values["fastest_win"] = _optional_seconds(data.get("fastest_win"), vid)
    values["fewest_moves"] = _optional_int(data.get("fewest_moves"), "fewest_moves", vid)
    deals_data = data.get("deals", {})
    if not isinstance(deals_data, dict):
        raise UnreadableFile(f"the deal records for {vid!r} are damaged")
    deals: dict[int, DealRecord] = {}
    for key, record in deals_data.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 10):
            raise UnreadableFile(f"{key[:20]!r} is not a deal number")
        number = int(key)
        if not isinstance(record, dict) or not 0 <= number <= MAX_DEAL_NUMBER:
            raise UnreadableFile(f"the record of deal {key} is damaged")
        played, won = _count(record, "played", vid), _count(record, "won", vid)
        if won > played:
            raise UnreadableFile(f"the record of deal {key} counts more wins than games")
        assisted = _count(record, "assisted", vid)
        if assisted > won:
            raise UnreadableFile(f"the record of deal {key} counts more wins with help than wins")
        deals[number] = DealRecord(
            number,
            played,
            won,
            _optional_int(record.get("best_moves"), "best_moves", vid),
            _optional_seconds(record.get("best_seconds"), vid),
            assisted,
        )
    known = {
        *_VARIANT_FIELDS,
        *_HELP_FIELDS,
        "best_score",
        "fastest_win",
        "fewest_moves",
        "deals",
    }
    values["extra"] = {k: v for k, v in data.items() if k not in known}
    return VariantStats(deals=deals, **values)


def _count(data: Mapping[str, Any], name: str, vid: str) -> int:
    value = data.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise UnreadableFile(f"{name} for {vid!r} is not a count")
    return value


def _optional_int(value: object, name: str, vid: str, negative: bool = False) -> int | None:
    if value is None:
        return None
    bound = MAX_SCORE if negative else MAX_MOVES
    low = -bound if negative else 0
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= bound:
        raise UnreadableFile(f"{name} for {vid!r} is not a number")
    return value


def _optional_seconds(value: object, vid: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UnreadableFile(f"a time for {vid!r} is not a number")
    seconds = float(value)
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
        raise UnreadableFile(f"a time for {vid!r} is not a number of seconds")
    return seconds


def variant_to_json(stats: VariantStats) -> JsonObject:
    """One variant's figures as the file holds them (the history keeps the old
    file's totals this way)."""
    return _variant_to_json(stats)


def variant_from_json(variant_id: str, data: Mapping[str, Any]) -> VariantStats:
    """:func:`variant_to_json` read back; UnreadableFile on damage."""
    return _variant_from_json(variant_id, data)


# -- the store ---------------------------------------------------------------------------


class StatisticsStore:
    """Statistics on disk at ``path`` (default: the data folder).

    Every change (record, reset) is lock -> re-read -> change -> atomic write, so a
    second running copy's games are merged, not overwritten.
    """

    def __init__(
        self, path: Path | None = None, notices: list[StorageNotice] | None = None
    ) -> None:
        self.file = JsonFile(
            path if path is not None else default_paths().statistics_file,
            what=FileKind.STATISTICS,
            version=STATISTICS_VERSION,
            notices=notices,
            max_bytes=MAX_STATISTICS_BYTES,
        )

    @property
    def path(self) -> Path:
        return self.file.path

    def load(self) -> Statistics:
        loaded = self.file.load(statistics_from_json)
        return loaded if loaded is not None else Statistics()

    def for_variant(self, variant_id: str) -> VariantStats:
        return self.load().for_variant(variant_id)

    def record(
        self,
        variant_id: str,
        deal_number: int | None,
        won: bool,
        moves: int,
        seconds: float,
        score: int | None = None,
        *,
        assisted: bool = False,
        hints: int = 0,
    ) -> Statistics:
        """Count one finished game and save; returns the statistics now on disk."""
        with self.file.lock():
            stats = record_result(
                self.load(),
                variant_id,
                deal_number,
                won,
                moves,
                seconds,
                score,
                assisted=assisted,
                hints=hints,
            )
            self.file.save(statistics_to_json(stats))
        return stats

    def reset(self, variant_id: str) -> Statistics:
        """Wipe one variant's figures and save (the previous file stays as the backup)."""
        with self.file.lock():
            stats = reset_variant(self.load(), variant_id)
            self.file.save(statistics_to_json(stats))
        return stats
