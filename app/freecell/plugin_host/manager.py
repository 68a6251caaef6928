"""The plugin manager: loads the enabled plugins, collects what they provide, keeps a
broken plugin from ever stopping the game.

Make one with :func:`create_manager` (there is no global: the game makes one at
start-up, each test makes its own).  It wraps a ``pluggy.PluginManager`` and calls
each plugin's hook implementations one plugin at a time, so a failure is pinned on
the plugin that caused it: that plugin is unregistered for the session, a
:class:`~freecell.plugin_host.model.Notice` says which and why, the traceback goes to the
log, and everything the plugin had contributed disappears together.  Ids that
vanish that way (or because the player switched a plugin off) resolve to the
defaults through the ``choose_*`` helpers, which say so in a sentence.

What the plugins offer, the checks their answers pass and the defaults that stand
in are in :mod:`freecell.plugin_host.offerings`; the notices, each told once, in
:mod:`freecell.plugin_host.notices`; the variant answers (listing, resolving, rules) in
:mod:`freecell.plugin_host.variants`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy
from pluggy import HookImpl

from freecell.engine import Variant
from freecell.plugin_host import hookspecs
from freecell.plugin_host.containment import bounded, frozen
from freecell.plugin_host.deadline import (
    EVENT_LIMIT,
    HOOK_LIMIT,
    IMPORT_LIMIT,
    Imported,
    Overate,
    Overran,
    call_with_limit,
    import_plugin,
)
from freecell.plugin_host.discovery import (
    Candidate,
    default_user_plugin_dir,
    entry_point_candidates,
    first_paragraph,
    user_folder_candidates,
)
from freecell.plugin_host.markers import PROJECT_NAME
from freecell.plugin_host.model import (
    Choice,
    Kind,
    Misbehaved,
    Notice,
    PluginInfo,
    Provided,
    Source,
)
from freecell.plugin_host.notices import NoticeBoard
from freecell.plugin_host.offerings import (
    COLLECTED,
    Offerings,
    Staged,
    ask_available,
    check_answer,
    choose,
    choose_backend,
    with_default,
)
from freecell.plugin_host.reasons import Exited, PluginReason, Why, raised, too_slow
from freecell.plugin_host.scoring_guard import guard_schemes
from freecell.plugin_host.store import EnabledStore, MemoryStore, settings_store
from freecell.plugin_host.variants import VariantLookup
from freecell.scoring import NO_SCORING, ScoringScheme
from freecell.themes import CLASSIC, GREEN_FELT, CardTheme, TableSurface

if TYPE_CHECKING:
    from freecell.engine import Event
    from freecell.solver.api import SolverBackend

log = logging.getLogger("freecell.plugin_host")


class PluginManager:
    """The game's view of its plugins.  Build it with :func:`create_manager`."""

    def __init__(
        self,
        candidates: Iterable[Candidate],
        store: EnabledStore,
        limits: tuple[float, float, float] = (IMPORT_LIMIT, HOOK_LIMIT, EVENT_LIMIT),
    ) -> None:
        self.limits = limits
        """Seconds a plugin may take: its import, a hook, a game event."""
        self.pluggy = pluggy.PluginManager(PROJECT_NAME)
        self.pluggy.add_hookspecs(hookspecs)
        self._store = store
        self._enabled: dict[str, bool] = dict(store.load())
        self._candidates: dict[str, Candidate] = {}
        self._errors: dict[str, PluginReason] = {}
        self._loaded: dict[str, object] = {}  # name -> plugin object, in load order
        self._offerings = Offerings()
        self._ready: dict[str, bool] = {}  # solver backend id -> available(), this collection
        self._notices = NoticeBoard()
        self._listeners: list[Callable[[], None]] = []
        self._variants = VariantLookup(
            offerings=lambda: self._offerings,
            implementations=self._impls,
            # at the hook's own limit: the lookup has no say in it
            call=lambda impl, **arguments: self._call(impl, **arguments),
            turn_off=self._turn_off,
        )
        for candidate in candidates:
            self._know(candidate)
        for name in self._candidates:
            if self.is_enabled(name):
                self._load(name)
        self._collect()

    # -- what the player chose -------------------------------------------------------
    def is_enabled(self, name: str) -> bool:
        """The player's choice; built-ins are on and everything else off by default."""
        candidate = self._candidates[name]
        return self._enabled.get(name, candidate.source is Source.BUILTIN)

    def set_enabled(self, name: str, enabled: bool) -> None:
        """Switch a plugin on or off now, and remember the choice.

        Switching on runs the plugin (a failure is reported as a notice, as at
        start-up); switching off unregisters it.  Listeners hear about it either way.
        """
        if name not in self._candidates:
            raise KeyError(f"no plugin named {name!r}")
        self._enabled[name] = enabled
        self._store.save(dict(self._enabled))
        if enabled and name not in self._loaded:
            self._errors.pop(name, None)
            self._load(name)
        elif not enabled and name in self._loaded:
            self._unload(name)
            self._errors.pop(name, None)
        self._collect()
        self._changed()

    @property
    def enabled_map(self) -> dict[str, bool]:
        """The player's explicit choices, as stored in settings."""
        return dict(self._enabled)

    def add_found(self, found: Iterable[tuple[Candidate, Imported | None]]) -> None:
        """Take in a discovery made after this manager (after the first paint): each
        plugin found, in order, with its import when enabled (made in another thread;
        None: import it now).  The result is the manager a discovery at its start
        would have made; listeners hear of it once."""
        found = list(found)
        for candidate, imported in found:
            if self._know(candidate) and self.is_enabled(candidate.name):
                self._load(candidate.name, imported)
        names = [c.name for c, _ in found]
        order = dict.fromkeys(names + [n for n in self._candidates if n not in names])
        self._candidates = {n: self._candidates[n] for n in order}
        self._loaded = {n: self._loaded[n] for n in self._candidates if n in self._loaded}
        self._collect()
        self._changed()

    def _know(self, candidate: Candidate) -> bool:
        """Record a plugin found; True when it is new.  A name taken is ignored with a
        notice, but a built-in found again takes the record discovery made."""
        known = self._candidates.get(candidate.name)
        if known is None or known.source is candidate.source is Source.BUILTIN:
            self._candidates[candidate.name] = candidate
            return known is None
        self._notices.post(
            candidate.name,
            PluginReason(Why.NAME_TAKEN, location=candidate.location, other=known.location),
        )
        return False

    # -- listening -------------------------------------------------------------------
    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever what the plugins provide changes or a notice is
        added (refresh menus, re-check the current variant and theme).  Returns the
        function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("plugin listener %r failed", listener)

    @property
    def notices(self) -> tuple[Notice, ...]:
        """Every notice of this session, oldest first."""
        return self._notices.all

    def take_notices(self) -> list[Notice]:
        """The notices not taken yet (show them to the player once)."""
        return self._notices.take()

    # -- loading and failing ---------------------------------------------------------
    def _load(self, name: str, imported: Imported | None = None) -> None:
        """Register plugin ``name``: imported now, or as ``imported`` (elsewhere)."""
        if imported is None:
            imported = import_plugin(self._candidates[name], self.limits[0])
        if imported.failure is not None:
            self._fail(name, imported.failure, imported.error)
            return
        plugin = imported.plugin
        try:
            self.pluggy.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as error:
            self._fail(name, PluginReason(Why.NOT_REGISTERED, detail=str(error)), error)
            return
        self._loaded[name] = plugin
        for caller in self.pluggy.get_hookcallers(plugin) or []:
            if not caller.has_spec():
                self._fail(name, PluginReason(Why.NOT_A_HOOK, hook=caller.name))
                return
            for impl in caller.get_hookimpls():
                if impl.plugin_name == name and (impl.hookwrapper or impl.wrapper):
                    self._fail(name, PluginReason(Why.HOOK_WRAPPER, hook=caller.name))
                    return

    def _unload(self, name: str) -> None:
        plugin = self._loaded.pop(name, None)
        if plugin is not None and self.pluggy.is_registered(plugin):
            self.pluggy.unregister(plugin)

    def _fail(self, name: str, reason: PluginReason, error: BaseException | None = None) -> None:
        """Turn a plugin off for this session (not in settings) and tell the player."""
        self._unload(name)
        self._errors[name] = reason
        self._notices.post(name, reason)
        log.error("plugin %s turned off for this session: %s", name, reason, exc_info=error)

    def _turn_off(
        self, name: str, reason: PluginReason, error: BaseException | None = None
    ) -> None:
        """:meth:`_fail` after start-up: what the plugin offered goes at once, and the
        listeners hear of it."""
        self._fail(name, reason, error)
        self._collect()
        self._changed()

    def _impls(self, hook_name: str, plugin_name: str | None = None) -> list[HookImpl]:
        """A hook's implementations in pluggy's calling order (tryfirst first, then the
        most recently registered first)."""
        caller = getattr(self.pluggy.hook, hook_name)
        return [
            impl
            for impl in reversed(caller.get_hookimpls())
            if plugin_name is None or impl.plugin_name == plugin_name
        ]

    def _call(
        self,
        impl: HookImpl,
        limit: float | None = None,
        shape: Callable[[object], object] | None = None,
        **kwargs: object,
    ) -> object:
        """One plugin's hook, within its time limit (:class:`Overran` beyond it); a
        ``sys.exit()`` in it is that plugin's error, not the end of the game.
        ``shape`` reads the answer in the plugin's thread, within the same limit (by
        default a data item is copied there: :func:`.containment.frozen`)."""
        arguments = [kwargs[arg] for arg in impl.argnames]
        take = shape or (_as_it_is if self._trusted(impl.plugin_name) else frozen)
        try:
            return call_with_limit(
                lambda: take(impl.function(*arguments)),
                self.limits[1] if limit is None else limit,
                impl.plugin_name,
            )
        except SystemExit as error:
            raise Exited(error.code) from error

    def _trusted(self, name: str) -> bool:
        """The game's own plugins: their answers are used as they are (not copied)."""
        candidate = self._candidates.get(name)
        return candidate is not None and candidate.source is Source.BUILTIN

    # -- collecting ------------------------------------------------------------------
    def _collect(self) -> None:
        """Rebuild the offerings from the loaded plugins, in load order; a plugin whose
        answers fail contributes nothing at all and is turned off."""
        offerings = Offerings()
        for name in list(self._loaded):
            try:
                staged = self._collect_one(name, offerings)
            except Misbehaved as error:
                self._fail(name, error.reason, error.__cause__)
                continue
            offerings.add(staged)
        self._offerings = offerings
        self._ready = {}

    def _collect_one(self, name: str, offerings: Offerings) -> dict[str, Staged]:
        staged: dict[str, Staged] = {}
        for hook_name, (attribute, _expected, _type_name) in COLLECTED.items():
            mine: Staged = {}
            for impl in self._impls(hook_name, name):
                try:
                    shape = functools.partial(bounded, freeze=not self._trusted(name))
                    answer = self._call(impl, shape=shape)
                except Overran as error:
                    raise Misbehaved(too_slow(hook_name, error)) from None
                except Exception as error:
                    raise Misbehaved(raised(hook_name, error)) from error
                check_answer(hook_name, answer, name, offerings.offered(attribute), mine)
            if attribute == "scoring" and not self._trusted(name):  # priced every move
                mine = guard_schemes(mine, name, self.limits[2], self._turn_off)
            staged[attribute] = mine
        return staged

    # -- events ----------------------------------------------------------------------
    def notify(self, event: Event) -> None:
        """Tell the observer plugins about an engine event (subscribe this to the
        command bus).  An observer that raises is turned off; the game goes on."""
        failed: list[tuple[str, Exception]] = []
        for impl in self._impls("freecell_game_event"):
            try:
                self._call(impl, self.limits[2], event=event)
            except Exception as error:
                failed.append((impl.plugin_name, error))
        for name, problem in failed:
            if isinstance(problem, Overran):
                self._fail(name, too_slow("freecell_game_event", problem))
                continue
            self._fail(name, raised("freecell_game_event", problem), problem)
        if failed:
            self._collect()
            self._changed()

    # -- variants (answered by the VariantLookup) ------------------------------------
    def variants(self) -> list[Variant]:
        """The variants to offer, in plugin order; FreeCell is always there."""
        return self._variants.variants()

    def variant(self, variant_id: str) -> Variant:
        """The variant with this id, listed or resolved by a plugin (KeyError if none)."""
        return self._variants.variant(variant_id)

    def variant_rules(self, variant: Variant) -> str | None:
        """A plugin's words for a variant's rules, or None."""
        return self._variants.variant_rules(variant)

    def choose_variant(self, variant_id: str) -> Choice[Variant]:
        """The variant for a remembered id; FreeCell, with a reason, when it is gone."""
        return self._variants.choose_variant(variant_id)

    def offers_custom_variants(self) -> bool:
        """True when some plugin resolves Custom variant ids (show "Custom…")."""
        return self._variants.offers_custom_variants()

    # -- scoring, themes, surfaces, solvers ------------------------------------------
    def scoring_schemes(self) -> list[ScoringScheme]:
        """Scoring schemes to offer; "None" is always there."""
        return with_default(self._offerings.scoring, NO_SCORING)

    def choose_scoring_scheme(self, scheme_id: str) -> Choice[ScoringScheme]:
        return choose(self.scoring_schemes(), scheme_id, NO_SCORING, Why.SCORING_GONE)

    def card_themes(self) -> list[CardTheme]:
        """Card themes to offer; Classic is always there."""
        return with_default(self._offerings.card_themes, CLASSIC)

    def choose_card_theme(self, theme_id: str) -> Choice[CardTheme]:
        return choose(self.card_themes(), theme_id, CLASSIC, Why.CARD_THEME_GONE)

    def table_surfaces(self) -> list[TableSurface]:
        """Table surfaces to offer; green felt is always there."""
        return with_default(self._offerings.surfaces, GREEN_FELT)

    def choose_table_surface(self, surface_id: str) -> Choice[TableSurface]:
        return choose(self.table_surfaces(), surface_id, GREEN_FELT, Why.SURFACE_GONE)

    def solver_backends(self) -> list[SolverBackend]:
        """Every solver backend provided, available here or not."""
        return [backend for backend, _ in self._offerings.solvers.values()]

    def backend_available(self, backend: SolverBackend) -> bool:
        """Whether a provided backend can run here: asked once for what the plugins
        provide now, not at every search (see :func:`.offerings.ask_available`)."""
        if backend.id not in self._ready:
            plugin = self.provider(Kind.SOLVER, backend.id) or "solver"
            answer = ask_available(backend, self.limits[1], plugin)
            if isinstance(answer, Overran):
                reason = PluginReason(Why.BACKEND_TOO_SLOW, backend=backend.id, limit=answer.limit)
                if isinstance(answer, Overate):
                    reason = too_slow(f"{backend.id}.available", answer)
                self._turn_off(plugin, reason)
                return False
            self._ready[backend.id] = answer
        return self._ready[backend.id]

    def distrust(self, backend_id: str) -> bool:
        """A backend was caught lying (an *unsolvable* the built-in search won): turn
        its plugin off for the session, with a notice.  False when no plugin provides
        it (or only the game itself does)."""
        plugin = self.provider(Kind.SOLVER, backend_id)
        if plugin is None or plugin not in self._loaded or self._trusted(plugin):
            return False  # the game's own solvers are trusted, never caught lying
        self._turn_off(plugin, PluginReason(Why.LIED, backend=backend_id))
        return True

    def choose_solver_backend(self, backend_id: str) -> Choice[SolverBackend | None]:
        """The backend to use for an id: that one if provided and available here, else
        the first available one (the built-in first), else None (no hints)."""
        return choose_backend(self.solver_backends, self.backend_available, backend_id)

    # -- who provides what -----------------------------------------------------------
    def provider(self, kind: Kind, item_id: str) -> str | None:
        """The plugin name that provides an item, ``"freecell"`` for the core defaults,
        None if nothing does."""
        return self._offerings.provider(kind, item_id)

    def plugins(self) -> list[PluginInfo]:
        """Every plugin found, in load order (built-ins, packages, user folder)."""
        return [self._info(name) for name in self._candidates]

    def plugin(self, name: str) -> PluginInfo:
        if name not in self._candidates:
            raise KeyError(f"no plugin named {name!r}")
        return self._info(name)

    def _info(self, name: str) -> PluginInfo:
        candidate = self._candidates[name]
        loaded = name in self._loaded
        provides: list[Provided] = []
        description = candidate.description
        if loaded:
            provides = self._provided_by(name)
            plugin = self._loaded[name]
            description = description or first_paragraph(getattr(plugin, "__doc__", None))
        return PluginInfo(
            name=name,
            source=candidate.source,
            version=candidate.version or str(getattr(self._loaded.get(name), "__version__", "")),
            description=description,
            location=candidate.location,
            enabled=self.is_enabled(name),
            loaded=loaded,
            error=self._errors.get(name),
            provides=tuple(provides),
            hooks=candidate.hooks,
        )

    def _provided_by(self, name: str) -> list[Provided]:
        found = self._offerings.provided_by(name)
        for impl in self._impls("freecell_resolve_variant", name):
            pattern = str(getattr(impl.function, "id_pattern", "*"))
            found.append(Provided(Kind.VARIANT_RESOLVER, pattern, "variants resolved by id"))
        for _impl in self._impls("freecell_game_event", name):
            found.append(Provided(Kind.EVENT_OBSERVER, "-", "observes game events"))
        return found


def _as_it_is(answer: object) -> object:
    return answer


def create_manager(
    enabled: Mapping[str, bool] | None = None,
    *,
    store: EnabledStore | None = None,
    user_plugin_dir: Path | None = None,
    entry_points: Iterable[Any] | None = None,
    include_user_folder: bool = True,
    limits: tuple[float, float, float] = (IMPORT_LIMIT, HOOK_LIMIT, EVENT_LIMIT),
) -> PluginManager:
    """Build a fresh plugin manager: discover, load what is enabled, collect.

    - ``store`` reads and saves the player's enabled map; by default the settings
      file (``enabled_plugins``).  Passing ``enabled`` instead uses that map in memory
      and saves nothing (tests, the CLI with explicit choices).
    - ``user_plugin_dir`` defaults to ``<data dir>/plugins``.
    - ``entry_points`` replaces ``importlib.metadata`` discovery (tests).
    - ``limits``: the seconds a plugin's import, one of its hooks and one game event
      may take (:mod:`freecell.plugin_host.deadline`); beyond, it is off for the session.
    """
    if store is None:
        store = MemoryStore(enabled) if enabled is not None else settings_store()
    candidates = entry_point_candidates(entry_points)
    if include_user_folder:
        folder = user_plugin_dir if user_plugin_dir is not None else default_user_plugin_dir()
        candidates += user_folder_candidates(folder)
    return PluginManager(candidates, store, limits)


__all__ = ["PluginManager", "create_manager"]
