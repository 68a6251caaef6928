"""The application core: one object that owns everything a game session needs.

A :class:`Session` holds the command bus (and so the game), the player's settings
and where they are saved, the plugin manager, the score keeper, the solver services
and the analysis (ratings, par, the deal chooser, the live checks' trail).  It has
no Qt in it: the window and every panel are built from a session and subscribe to
it, and a headless caller (a test, a script) can drive one alone.

Two kinds of news come out of it, both as immutable dataclasses handed to
subscribers in order:

- game events (:mod:`freecell.engine.events`) from ``session.bus.subscribe``;
- application events (:mod:`freecell.core.events`) from ``session.subscribe``:
  settings, variant, plugins and backend changed, a game started, finished or
  abandoned.

Every change at run time goes through a method here (:meth:`change_settings`,
:meth:`play_variant`, :meth:`set_backend`, :meth:`attach_plugins`), which updates
the session's state first and then publishes the event; a subscriber rebuilds what
it shows from that state, as a fresh start with the same settings would.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from freecell.core.backends import BackendChoice, backend_choices, resolve_backend
from freecell.core.catalog import Catalog
from freecell.core.plugins import PluginHandle, catalog_of
from freecell.core.services import HintService, LazyService
from freecell.engine import AutoPlay, CommandBus, Game, Position, Variant, random_deal_number
from freecell.scoring import ScoreKeeper, ScoringScheme
from freecell.storage import Settings, Storage

if TYPE_CHECKING:
    from freecell.core.analysis import Analysis
    from freecell.core.events import AppEvent, AppSubscriber
    from freecell.engine import Event
    from freecell.plugin_host import PluginManager
    from freecell.solver.api import Verdict as SolverVerdict
    from freecell.solver.backends import BackendLoader

log = logging.getLogger(__name__)

# Fields a session never writes back on its own: the window's place is saved on
# exit, and the plugin manager saves its enabled map itself.
_NOT_CHANGED_HERE = frozenset({"extra", "window_geometry", "window_state", "enabled_plugins"})
_SETTING_NAMES = frozenset(f.name for f in dataclasses.fields(Settings))


class Session:
    """One game session: see the module's docstring.

    ``storage`` None keeps nothing on disk (tests, benchmarks); ``plugins`` None
    offers the built-ins only, with no manager.  ``game`` (a restored game) or
    ``deal_number`` and ``variant`` say what is on the table first; by default a
    random deal of the settings' variant.
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        storage: Storage | None = None,
        plugins: PluginHandle | None = None,
        game: Game | None = None,
        deal_number: int | None = None,
        variant: Variant | None = None,
        hint_service: HintService | None = None,
        insight_service: HintService | None = None,
        scoring: ScoringScheme | None = None,
        analysis: Analysis | None = None,
        notices: Iterable[str] = (),
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.storage = storage
        self.plugins = plugins if plugins is not None else PluginHandle()
        self.catalog: Catalog = self.plugins.catalog()
        self.hint_service = hint_service
        self.insight_service = insight_service
        self.notices: list[str] = list(notices)
        """Sentences for the player gathered before the window was up."""
        self.restored = game is not None
        """Whether the first game is the one the player left last time."""
        self._analysis = analysis
        self._listeners: list[AppSubscriber] = []
        self._attached = False
        if game is None:
            variant = variant or self.catalog.variant(self.settings.variant)
            number = deal_number if deal_number is not None else random_deal_number()
            game = Game(variant, number, auto_play=AutoPlay.of(self.settings.auto_play))
        self.bus = CommandBus(game)
        self._game = game
        # The keeper hears each event before anyone who shows the score.
        self.keeper = ScoreKeeper(scoring or self.plugins.scoring(self.settings.scoring))
        self.keeper.follow_game(game)  # a restored game keeps its score
        self.bus.subscribe(self.keeper.on_event)
        if storage is not None:
            storage.follow(self.bus, lambda _game: self.score)
        self.bus.subscribe(self._on_game_event)

    # -- subscribers ---------------------------------------------------------------
    def subscribe(self, subscriber: AppSubscriber) -> Callable[[], None]:
        """Hear every application event; returns the function that stops it."""
        self._listeners.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._listeners:
                self._listeners.remove(subscriber)

        return unsubscribe

    def publish(self, event: AppEvent) -> None:
        """Hand ``event`` to every subscriber; one that raises does not stop the rest."""
        for subscriber in list(self._listeners):
            try:
                subscriber(event)
            except Exception:
                log.exception("subscriber %r failed on %r", subscriber, event)

    # -- the game --------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.bus.game

    @property
    def score(self) -> int | None:
        """The score, or None when the scheme keeps none (the status bar hides it)."""
        return self.keeper.score if self.keeper.keeps_score else None

    def play_variant(self, variant: Variant, number: int | None = None) -> None:
        """Remember ``variant`` as the player's and deal a new game of it (deal
        ``number``, or a random one)."""
        from freecell.engine import NewDeal

        self.change_settings(variant=variant.id)
        self.bus.dispatch(NewDeal(number, variant))

    def play_daily(self, day: datetime.date | None = None) -> int:
        """Deal the deal of the day (FreeCell; :mod:`freecell.analysis.daily`) and
        mark it so in the history; returns its number.  The menu item is the UI's."""
        from freecell.analysis.daily import daily_deal, today
        from freecell.engine import FREECELL

        day = day or today()
        number = daily_deal(day)
        self.play_variant(self.catalog.variant(FREECELL.id), number)
        if self.storage is not None:
            self.storage.mark_daily(self.game, day.isoformat())
        return number

    # (the application events are imported with the first one: the first frame has none)
    def _on_game_event(self, event: Event) -> None:
        from freecell.core.events import GameAbandoned, GameFinished, GameStarted, VariantChanged
        from freecell.engine import DealStarted, GameWon

        if isinstance(event, DealStarted):
            previous, game = self._game, self.bus.game
            self._game = game
            if previous is game:
                return
            if previous.steps and not previous.is_won:
                self.publish(GameAbandoned(previous))
            if previous.variant != game.variant:
                self.publish(VariantChanged(previous.variant, game.variant))
            self.publish(GameStarted(game))
        elif isinstance(event, GameWon):
            self.publish(GameFinished(self.bus.game))

    # -- settings --------------------------------------------------------------------
    def change_settings(self, **changes: Any) -> Settings:
        """Change some settings now: save them (only these fields, so what another
        running copy saved meanwhile is kept), apply what the core owns (scoring,
        safe auto-play, the backend) and publish :class:`SettingsChanged`."""
        unknown = set(changes) - _SETTING_NAMES
        if unknown:
            raise TypeError(f"not a setting: {', '.join(sorted(unknown))}")
        old = self.settings
        new = dataclasses.replace(old, **changes)
        changed = frozenset(name for name in changes if getattr(old, name) != getattr(new, name))
        if not changed:
            return old
        self.settings = new
        self._save({name: getattr(new, name) for name in changed - _NOT_CHANGED_HERE})
        if "scoring" in changed:
            self.keeper.scheme = self.plugins.scoring(new.scoring)
            self.keeper.follow_game(self.bus.game)  # this deal's moves under the new scheme
        if "auto_play" in changed:
            from freecell.engine import SetAutoPlay

            self.bus.dispatch(SetAutoPlay(AutoPlay.of(new.auto_play)))
        from freecell.core.events import BackendChanged, SettingsChanged

        self.publish(SettingsChanged(old, new, changed))
        if "solver_backend" in changed:
            self.publish(BackendChanged(old.solver_backend, new.solver_backend))
        return new

    def _save(self, fields: dict[str, Any]) -> None:
        if self.storage is None or not fields:
            return
        try:
            self.storage.settings.update(lambda on_disk: dataclasses.replace(on_disk, **fields))
        except Exception:  # applied on screen; the disk refused (full, read-only)
            log.exception("saving settings failed")

    # -- solver backends ---------------------------------------------------------------
    @property
    def backend_id(self) -> str:
        """The solver backend the player chose (``Settings.solver_backend``)."""
        return self.settings.solver_backend

    def set_backend(self, backend_id: str) -> None:
        """Use another solver backend from now on (publishes :class:`BackendChanged`)."""
        self.change_settings(solver_backend=backend_id)

    def solver_backend(self) -> BackendLoader:
        """What one search asks: the player's backend as the enabled plugins provide
        it now (the built-in when its plugin is off; see :mod:`freecell.core.backends`)."""
        loader, _notice = resolve_backend(self.plugin_manager, self.settings.solver_backend)
        return loader

    def distrust(self, backend_id: str) -> None:
        """The backend ``backend_id`` called a position lost that the built-in search
        won: its plugin is turned off for the session, and the player told (through
        :class:`PluginsChanged`); the built-in answers from now on.  On the thread
        that owns the plugin manager (the GUI's)."""
        manager = self.plugin_manager
        if manager is not None:
            manager.distrust(backend_id)

    def backend_choices(self) -> list[BackendChoice]:
        """(id, name, can run here) of every backend on offer, for Preferences."""
        return backend_choices(self.plugin_manager)

    # -- plugins ---------------------------------------------------------------------
    @property
    def plugin_manager(self) -> PluginManager | None:
        """The manager once made (see :meth:`attach_plugins`), else None."""
        return self.plugins.current if self._attached else None

    def attach_plugins(self, manager: PluginManager | None = None) -> list[str]:
        """Make the plugin manager (if it was not; ``manager``: use that one) and
        follow it: the bus's events go to the plugins, and whenever what they offer
        changes the table is brought in line (:meth:`sync_plugins`).  Returns the
        sentences for the player."""
        if self._attached:
            return []
        if manager is not None:
            self.plugins = PluginHandle(manager=manager)
        manager = self.plugins.manager()
        if manager is None:
            return []
        self._attached = True
        self.bus.subscribe(manager.notify)
        manager.subscribe(self._plugins_changed)
        return self.sync_plugins()

    def _plugins_changed(self) -> None:
        self.sync_plugins()

    def sync_plugins(self) -> list[str]:
        """Bring the session in line with what the plugins offer now: the catalog,
        and a theme, surface or variant whose plugin is gone replaced by the
        default (said in words).  Publishes :class:`PluginsChanged`."""
        manager = self.plugins.current
        if manager is None:
            return []
        from freecell.core.events import PluginsChanged
        from freecell.plugin_host.reason_words import fallback_text, notice_text

        self.catalog = catalog_of(manager)
        messages = [notice_text(notice) for notice in manager.take_notices()]
        theme = manager.choose_card_theme(self.settings.theme)
        if theme.notice is not None:
            self.change_settings(theme=theme.value.id)
            messages.append(fallback_text(theme.notice))
        surface = manager.choose_table_surface(self.settings.surface)
        if surface.notice is not None:
            self.change_settings(surface=surface.value.id)
            messages.append(fallback_text(surface.notice))
        variant = manager.choose_variant(self.bus.game.variant.id)
        if variant.notice is not None:
            self.play_variant(variant.value)
            messages.append(fallback_text(variant.notice))
        # the choice is kept (the plugin may come back); the built-in answers meanwhile
        _backend, backend_notice = resolve_backend(manager, self.settings.solver_backend)
        if backend_notice is not None:
            messages.append(backend_notice)
        self.publish(PluginsChanged(self.catalog, tuple(messages)))
        return messages

    def scoring_choices(self) -> list[tuple[str, str]]:
        """(id, name) of every scoring scheme on offer."""
        return [(s.id, s.name) for s in self.plugins.scoring_schemes()]

    # -- analysis ----------------------------------------------------------------------
    @property
    def analysis(self) -> Analysis:
        """Ratings, par, the deal chooser and the live checks' trail (made now if
        not yet: it imports the solver's API, which the first frame does without)."""
        if self._analysis is None:
            from freecell.analysis.insight import CACHE_FILE, RatingCache
            from freecell.core.analysis import Analysis

            storage = self.storage  # its notices: a damaged cache is told like any file
            self._analysis = (
                Analysis(RatingCache(storage.paths.data_dir / CACHE_FILE, storage.notices))
                if storage is not None
                else Analysis()
            )
        return self._analysis

    def known_par(self, game: Game) -> int | None:
        """The par of ``game``'s deal when it is known already (None: not yet)."""
        if self._analysis is None or game.deal_number is None:
            return None
        return self._analysis.ratings.par(game.variant, game.deal_number)

    def known_verdict(self, position: Position) -> SolverVerdict | None:
        """What the live checks proved of ``position`` (None: ask a search)."""
        return self._analysis.known_verdict(position) if self._analysis is not None else None

    def warm_up(self) -> None:
        """Start the hint worker process now (a moment after the table is up), so
        the first hint is quick."""
        if isinstance(self.hint_service, LazyService):
            self.hint_service.warm_up()

    # -- the end -----------------------------------------------------------------------
    def close(self) -> None:
        """Stop the solver services (their worker processes)."""
        for service in (self.hint_service, self.insight_service):
            if service is not None:
                try:
                    service.close()
                except Exception:
                    log.exception("closing a solver service failed")
