"""One object the session holds to keep everything the player earned on disk.

Wiring (this is what ``freecell.core.start.open_session`` and the session do;
every call is cheap and none raises for a damaged file -- damage becomes a
notice in ``notices``, a code the session words)::

    from freecell.storage import Storage, decode_bytes, encode_bytes

    storage = Storage(resolve=variant_lookup)   # variant id -> Variant (plugins);
                                                # default: engine.builtin_variant
    settings = storage.settings.load()          # Settings; defaults if no file
    show_to_player(storage.take_notices())      # StorageNotice codes, e.g. the
                                                # statistics file could not be read
                                                # and was moved aside (core words it)
    offer = storage.saved_game.summary()        # SavedGameSummary | None (cheap:
                                                # variant, deal, moves, seconds)
    game = storage.saved_game.load() if offer else None   # Game | None, exact
    # (if the player turns the offer down instead: storage.decline_saved_game(),
    #  which counts that game as lost and empties the slot)
    bus = CommandBus(game) if game else CommandBus(variant=...)
    storage.follow(bus, score_of)               # after each move: the game is saved
                                                # on a background thread; GameWon:
                                                # the win is counted; a game left for
                                                # NewDeal/ReplayDeal/LoadPosition with
                                                # moves made: counted as lost
    # a settings change (what Session.change_settings does for the menus and
    # Preferences: only the fields changed, under the file lock):
    storage.settings.update(lambda s: replace(s, card_size="large"))
    # window close:
    storage.save_game(bus.game)                 # synchronous; offered at next start
    storage.settings.update(lambda s: replace(s,
        window_geometry=encode_bytes(bytes(window.saveGeometry().data()))))

``follow`` must see every game the bus plays, so subscribe it right after the bus
is made; it notices ``bus.game`` being replaced by itself.  A restored game's clock
comes back paused at the saved seconds; ``ResumeClock`` starts it again.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from freecell.engine import Game, builtin_variant
from freecell.storage.background import BackgroundWriter
from freecell.storage.notices import FileKind, Notices, StorageNotice, not_saved
from freecell.storage.paths import StoragePaths, default_paths
from freecell.storage.savedgame import SavedGameStore, VariantResolver
from freecell.storage.settings import SettingsStore

if TYPE_CHECKING:
    from freecell.engine import Event
    from freecell.storage.history import GameHistory, Result
    from freecell.storage.history_stats import HistoryStatistics
    from freecell.storage.statistics import Statistics, StatisticsStore

log = logging.getLogger(__name__)

ScoreOf = Callable[[Game], int | None]


class _Bus(Protocol):
    game: Game

    def subscribe(self, subscriber: Callable[[Event], None]) -> Callable[[], None]: ...


class Storage:
    """Settings, the game history, its statistics and the game in progress, with one
    shared notice list.

    ``notices`` collects the messages for the player, as codes (a file that could not
    be read and was moved aside, a file from a newer version, a save the disk
    refused), each once a session; word them (:func:`freecell.core.notice_words.notice_text`);
    :meth:`take_notices` takes them, and ``notices.listen`` hears of each new one as
    it happens (on the thread that found it: a save on the background writer), so the
    window can show it at once.
    """

    def __init__(
        self,
        paths: StoragePaths | None = None,
        resolve: VariantResolver = builtin_variant,
    ) -> None:
        self.paths = paths if paths is not None else default_paths()
        self.notices = Notices()
        self.settings = SettingsStore(self.paths.settings_file, self.notices)
        self.saved_game = SavedGameStore(self.paths.saved_game_file, self.notices, resolve)
        self._counted: weakref.WeakSet[Game] = weakref.WeakSet()
        self._daily: weakref.WeakKeyDictionary[Game, str] = weakref.WeakKeyDictionary()
        self._current: Game | None = None
        self.writer = BackgroundWriter()

    @cached_property
    def history(self) -> GameHistory:
        """The game history (SQLite), opened when first used; today's statistics.json
        is copied into it the first time (docs/history.md)."""
        from freecell.storage.history import GameHistory

        return GameHistory(
            self.paths.history_file, self.notices, statistics_file=self.paths.statistics_file
        )

    @cached_property
    def statistics(self) -> HistoryStatistics:
        """The statistics, derived from the history whenever they are read."""
        from freecell.storage.history_stats import HistoryStatistics

        return HistoryStatistics(self.history)

    @cached_property
    def legacy_statistics(self) -> StatisticsStore:
        """The statistics.json of earlier versions: read once, into the history."""
        from freecell.storage.statistics import StatisticsStore

        return StatisticsStore(self.paths.statistics_file, self.notices)

    def mark_daily(self, game: Game, date: str) -> None:
        """``game`` is the deal of the day for ``date`` (``YYYY-MM-DD``): its row says
        so from its first move on."""
        self._daily[game] = date
        if game.steps:
            self.save_history(game)

    def save_history(
        self, game: Game, score: int | None = None, result: Result | None = None
    ) -> None:
        """Write ``game``'s row now (after each move; with its result at the end)."""
        from freecell.storage.history import Result

        try:
            self.history.save(game, score, result or Result.PLAYING, self._daily.get(game))
        except OSError as error:
            self._could_not_save(FileKind.HISTORY, error)

    def take_notices(self) -> list[StorageNotice]:
        """The messages collected so far; the list is emptied."""
        return self.notices.take()

    # -- games ---------------------------------------------------------------------
    def record_game(self, game: Game, score: int | None = None) -> Statistics | None:
        """Count a finished game once, now: a win if it is won, else a loss.

        A game with no move made is not counted (dealing and dealing again is not
        playing), nor is the same Game object counted twice.  Returns the new
        statistics, or None when nothing was counted.
        """
        job = self._count_job(game, score)
        if job is None:
            return None
        self.writer.flush()
        return job()

    def record_game_soon(self, game: Game, score: int | None = None) -> None:
        """:meth:`record_game` without reading the statistics back (the row's write is
        a fraction of a millisecond: the history's WAL commit does not fsync)."""
        self._count_job(game, score)  # the row is written now; nothing to read back

    def _count_job(self, game: Game, score: int | None) -> Callable[[], Statistics | None] | None:
        """Decide on this thread whether ``game`` counts; the write to do if so."""
        if game in self._counted or (not game.steps and not game.is_won):
            return None
        self._counted.add(game)
        from freecell.storage.history import result_of

        self.save_history(game, score, result_of(game))  # here: it reads the game

        def count() -> Statistics | None:
            try:
                return self.statistics.load()
            except OSError as error:
                self._could_not_save(FileKind.HISTORY, error)
                return None

        return count

    def save_game(self, game: Game) -> None:
        """Keep the game in progress now (a won or untouched game empties the slot);
        returns once it is on disk.  Call it when the window closes."""
        self.writer.flush()
        try:
            self.saved_game.save(game)
        except OSError as error:
            self._could_not_save(FileKind.SAVED_GAME, error)

    def _could_not_save(self, what: FileKind, error: OSError) -> None:
        """A full or read-only disk must not crash the game: log it, tell the player."""
        notice = not_saved(what, error)
        if notice not in self.notices.told:  # a full disk: logged once, not every move
            log.error("could not save the %s: %s", what, error)
        self.notices.append(notice)

    def save_game_soon(self, game: Game) -> None:
        """Hand the game in progress to the background writer (after each move)."""
        document = self.saved_game.document(game)  # read the game on this thread

        def write() -> None:
            try:
                self.saved_game.write(document)
            except OSError as error:
                self._could_not_save(FileKind.SAVED_GAME, error)

        self.writer.submit(write, key="saved-game")

    def flush(self) -> None:
        """Wait until saves handed to the background writer are on disk."""
        self.writer.flush()

    def decline_saved_game(self) -> None:
        """The player turned the offered game down: it counts as a loss, slot emptied."""
        self.writer.flush()
        game = self.saved_game.load()
        if game is not None:
            self.record_game(game)
        self.saved_game.clear()

    def follow(self, bus: _Bus, score: ScoreOf | None = None) -> Callable[[], None]:
        """Subscribe to ``bus``: save after each move, count wins and abandoned games
        (both on the background writer; see :meth:`flush`).

        ``score`` gives a game's score under the player's scoring scheme (None: no
        scoring).  Returns the unsubscribe function.
        """
        self._current = bus.game

        def on_event(event: Event) -> None:
            from freecell.engine import GameWon, MoveApplied, Redone, Undone

            game = bus.game
            previous = self._current
            if previous is not None and game is not previous:
                self.record_game_soon(previous, score(previous) if score else None)
            self._current = game
            if isinstance(event, MoveApplied | Undone | Redone):
                self.save_game_soon(game)  # a won game empties the slot
                if not game.is_won:  # (GameWon, next, writes the row with its result)
                    self.save_history(game, score(game) if score else None)
            elif isinstance(event, GameWon):
                self.record_game_soon(game, score(game) if score else None)

        return bus.subscribe(on_event)
