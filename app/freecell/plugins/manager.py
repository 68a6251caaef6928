"""The plugin manager: loads the enabled plugins, collects what they provide, keeps a
broken plugin from ever stopping the game.

Make one with :func:`create_manager` (there is no global: the game makes one at
start-up, each test makes its own).  It wraps a ``pluggy.PluginManager`` and calls
each plugin's hook implementations one plugin at a time, so a failure is pinned on
the plugin that caused it: that plugin is unregistered for the session, a
:class:`~freecell.plugins.model.Notice` says which and why, the traceback goes to the
log, and everything the plugin had contributed disappears together.  Ids that
vanish that way (or because the player switched a plugin off) resolve to the
defaults through the ``choose_*`` helpers, which say so in a sentence.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pluggy

from freecell.engine import FREECELL, Event, Variant, resolve_take_backs
from freecell.plugins import hookspecs
from freecell.plugins.deadline import (
    EVENT_LIMIT,
    HOOK_LIMIT,
    IMPORT_LIMIT,
    Overran,
    call_with_limit,
)
from freecell.plugins.discovery import (
    Candidate,
    default_user_plugin_dir,
    entry_point_candidates,
    first_paragraph,
    user_folder_candidates,
)
from freecell.plugins.markers import PROJECT_NAME
from freecell.plugins.model import HOOK_KINDS, Choice, Kind, Notice, PluginInfo, Provided, Source
from freecell.plugins.store import EnabledStore, MemoryStore, settings_store
from freecell.scoring import NO_SCORING, ScoringScheme
from freecell.solver.api import SolverBackend
from freecell.themes import CLASSIC, GREEN_FELT, CardTheme, TableSurface

log = logging.getLogger("freecell.plugins")

T = TypeVar("T")

DEFAULT_SOLVER_ID = "builtin"
CORE = "freecell"  # the provider named for the defaults the game always has


class PluginError(Exception):
    """A plugin misbehaved; the message is the sentence the player sees."""


@dataclass
class _Catalog:
    """Everything the loaded plugins provide, id -> (value, plugin name)."""

    variants: dict[str, tuple[Variant, str]] = field(default_factory=dict)
    scoring: dict[str, tuple[ScoringScheme, str]] = field(default_factory=dict)
    card_themes: dict[str, tuple[CardTheme, str]] = field(default_factory=dict)
    surfaces: dict[str, tuple[TableSurface, str]] = field(default_factory=dict)
    solvers: dict[str, tuple[SolverBackend, str]] = field(default_factory=dict)


# hook name -> (catalog attribute, expected type, what to call it in a sentence)
_COLLECTED: dict[str, tuple[str, type | Any, str]] = {
    "freecell_variants": ("variants", Variant, "Variant"),
    "freecell_scoring_schemes": ("scoring", ScoringScheme, "ScoringScheme"),
    "freecell_card_themes": ("card_themes", CardTheme, "CardTheme"),
    "freecell_table_surfaces": ("surfaces", TableSurface, "TableSurface"),
    "freecell_solver_backends": ("solvers", SolverBackend, "SolverBackend"),
}


def _describe(value: object) -> str:
    return type(value).__name__


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
        self._errors: dict[str, str] = {}
        self._loaded: dict[str, object] = {}  # name -> plugin object, in load order
        self._catalog = _Catalog()
        self._notices: list[Notice] = []
        self._unread = 0
        self._listeners: list[Callable[[], None]] = []
        for candidate in candidates:
            if candidate.name in self._candidates:
                first = self._candidates[candidate.name]
                self._notice(
                    candidate.name,
                    f"ignored the one from {candidate.location}: the name is already "
                    f"used by the one from {first.location}",
                )
                continue
            self._candidates[candidate.name] = candidate
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
        return tuple(self._notices)

    def take_notices(self) -> list[Notice]:
        """The notices not taken yet (show them to the player once)."""
        fresh = self._notices[len(self._notices) - self._unread :] if self._unread else []
        self._unread = 0
        return list(fresh)

    def _notice(self, plugin: str, message: str) -> None:
        notice = Notice(plugin, message)
        if self._unread and notice in self._notices[-self._unread :]:
            return  # the same failure again (switched on once more): told once
        self._notices.append(notice)
        self._unread += 1

    # -- loading and failing ---------------------------------------------------------
    def _load(self, name: str) -> None:
        candidate = self._candidates[name]
        try:
            plugin = call_with_limit(candidate.load, self.limits[0], name)
        except Overran as error:
            self._fail(name, f"could not be loaded: its import {error}")
            return
        except (Exception, SystemExit) as error:
            self._fail(name, f"could not be loaded ({type(error).__name__}: {error})", error)
            return
        try:
            self.pluggy.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as error:
            self._fail(name, f"could not be registered: {error}", error)
            return
        self._loaded[name] = plugin
        for caller in self.pluggy.get_hookcallers(plugin) or []:
            if not caller.has_spec():
                self._fail(name, f"implements {caller.name!r}, which is not a freecell hook")
                return
            for impl in caller.get_hookimpls():
                if impl.plugin_name == name and (impl.hookwrapper or impl.wrapper):
                    self._fail(name, f"uses a hook wrapper on {caller.name!r}; none is supported")
                    return

    def _unload(self, name: str) -> None:
        plugin = self._loaded.pop(name, None)
        if plugin is not None and self.pluggy.is_registered(plugin):
            self.pluggy.unregister(plugin)

    def _fail(self, name: str, reason: str, error: BaseException | None = None) -> None:
        """Turn a plugin off for this session (not in settings) and tell the player."""
        self._unload(name)
        self._errors[name] = reason
        message = f"turned off for this session: it {reason}"
        self._notice(name, message)
        log.error("plugin %s %s", name, message, exc_info=error)

    def _impls(self, hook_name: str, plugin_name: str | None = None) -> list[Any]:
        """A hook's implementations in pluggy's calling order (tryfirst first, then the
        most recently registered first)."""
        caller = getattr(self.pluggy.hook, hook_name)
        return [
            impl
            for impl in reversed(caller.get_hookimpls())
            if plugin_name is None or impl.plugin_name == plugin_name
        ]

    def _call(self, impl: Any, limit: float | None = None, **kwargs: object) -> object:
        """One plugin's hook, within its time limit (:class:`Overran` beyond it); a
        ``sys.exit()`` in it is that plugin's error, not the end of the game."""
        arguments = [kwargs[arg] for arg in impl.argnames]
        try:
            return call_with_limit(
                lambda: impl.function(*arguments),
                self.limits[1] if limit is None else limit,
                impl.plugin_name,
            )
        except SystemExit as error:
            raise RuntimeError(f"sys.exit({error.code!r}) was called") from error

    # -- collecting ------------------------------------------------------------------
    def _collect(self) -> None:
        """Rebuild the catalog from the loaded plugins, in load order; a plugin whose
        answers fail contributes nothing at all and is turned off."""
        catalog = _Catalog()
        for name in list(self._loaded):
            try:
                staged = self._collect_one(name, catalog)
            except PluginError as error:
                self._fail(name, str(error), error.__cause__)
                continue
            for attribute, items in staged.items():
                getattr(catalog, attribute).update(items)
        self._catalog = catalog

    def _collect_one(
        self, name: str, catalog: _Catalog
    ) -> dict[str, dict[str, tuple[object, str]]]:
        staged: dict[str, dict[str, tuple[object, str]]] = {}
        for hook_name, (attribute, expected, type_name) in _COLLECTED.items():
            known: dict[str, tuple[object, str]] = getattr(catalog, attribute)
            mine: dict[str, tuple[object, str]] = {}
            for impl in self._impls(hook_name, name):
                try:
                    answer = self._call(impl)
                except Overran as error:
                    raise PluginError(f"{error} in {hook_name}") from None
                except Exception as error:
                    raise PluginError(
                        f"raised {type(error).__name__} from {hook_name}: {error}"
                    ) from error
                if answer is None:
                    continue
                if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
                    raise PluginError(
                        f"returned {_describe(answer)} from {hook_name}, not a list of "
                        f"{type_name} values"
                    )
                for item in list(answer):
                    if not isinstance(item, expected):
                        raise PluginError(
                            f"returned {_describe(item)} from {hook_name}, not a {type_name}"
                        )
                    item_id = getattr(item, "id", None)
                    if not isinstance(item_id, str) or not item_id:
                        raise PluginError(f"returned a {type_name} without an id from {hook_name}")
                    if item_id in known:
                        raise PluginError(
                            f"returned {type_name} id {item_id!r}, which plugin "
                            f"{known[item_id][1]!r} already provides"
                        )
                    if item_id in mine:
                        raise PluginError(f"returned {type_name} id {item_id!r} twice")
                    mine[item_id] = (item, name)
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
                self._fail(name, f"{problem} in freecell_game_event")
                continue
            self._fail(
                name,
                f"raised {type(problem).__name__} from freecell_game_event: {problem}",
                problem,
            )
        if failed:
            self._collect()
            self._changed()

    # -- variants --------------------------------------------------------------------
    def variants(self) -> list[Variant]:
        """The variants to offer, in plugin order.  FreeCell is always there: if the
        plugin providing it is off, the core default stands in."""
        listed = [variant for variant, _ in self._catalog.variants.values()]
        if FREECELL.id not in self._catalog.variants:
            listed.insert(0, FREECELL)
        return listed

    def variant(self, variant_id: str) -> Variant:
        """The variant with this id: listed by a plugin, or resolved by one (the Custom
        family), with the take-back option its id may name (``freecell-takebacks``).
        KeyError with a sentence listing the known ids otherwise."""
        for variant in self.variants():
            if variant.id == variant_id:
                return variant
        return resolve_take_backs(variant_id, self._variant)

    def _variant(self, variant_id: str) -> Variant:
        for variant in self.variants():
            if variant.id == variant_id:
                return variant
        resolved = self._resolve_variant(variant_id)
        if resolved is not None:
            return resolved
        known = ", ".join(v.id for v in self.variants())
        raise KeyError(f"unknown variant {variant_id!r} (known: {known})")

    def _resolve_variant(self, variant_id: str) -> Variant | None:
        """``freecell_resolve_variant`` with firstresult semantics, one plugin at a time,
        in pluggy's order."""
        for impl in self._impls("freecell_resolve_variant"):
            name = impl.plugin_name
            try:
                answer = self._call(impl, variant_id=variant_id)
                if answer is None:
                    continue
                if not isinstance(answer, Variant) or answer.id != variant_id:
                    raise PluginError(
                        f"answered {_describe(answer)} "
                        f"{getattr(answer, 'id', '')!r} when asked to resolve variant "
                        f"{variant_id!r}"
                    )
            except PluginError as error:
                self._fail(name, str(error))
                self._collect()
                self._changed()
                continue
            except Overran as error:
                self._fail(name, f"{error} in freecell_resolve_variant")
                self._collect()
                self._changed()
                continue
            except Exception as error:
                self._fail(
                    name,
                    f"raised {type(error).__name__} from freecell_resolve_variant: {error}",
                    error,
                )
                self._collect()
                self._changed()
                continue
            return answer
        return None

    def variant_rules(self, variant: Variant) -> str | None:
        """``freecell_variant_rules``: a plugin's words for a variant's rules, or None
        (the game then writes them from the parameters).  A plugin that raises or
        answers something other than text is turned off, as for any hook."""
        for impl in self._impls("freecell_variant_rules"):
            name = impl.plugin_name
            try:
                answer = self._call(impl, variant=variant)
            except Exception as error:
                self._fail(
                    name,
                    f"raised {type(error).__name__} from freecell_variant_rules: {error}",
                    error,
                )
                self._collect()
                self._changed()
                continue
            if answer is None:
                continue
            if not isinstance(answer, str) or not answer.strip():
                self._fail(name, f"answered {_describe(answer)} for the rules of {variant.id!r}")
                self._collect()
                self._changed()
                continue
            return answer
        return None

    def choose_variant(self, variant_id: str) -> Choice[Variant]:
        """The variant to play for a remembered id; FreeCell, with a sentence, when the
        plugin that provided it is off or gone."""
        try:
            return Choice(self.variant(variant_id))
        except KeyError:
            return Choice(
                FREECELL,
                f"The variant {variant_id!r} is not available (its plugin is off or was "
                f"removed); playing {FREECELL.name} instead.",
            )

    def offers_custom_variants(self) -> bool:
        """True when some plugin resolves Custom variant ids (show "Custom…")."""
        from freecell.plugins.custom import DEFAULT_CUSTOM_ID

        return self._resolve_variant(DEFAULT_CUSTOM_ID) is not None

    # -- scoring, themes, surfaces, solvers ------------------------------------------
    def scoring_schemes(self) -> list[ScoringScheme]:
        """Scoring schemes to offer; "None" is always there."""
        return _with_default(self._catalog.scoring, NO_SCORING)

    def choose_scoring_scheme(self, scheme_id: str) -> Choice[ScoringScheme]:
        return _choose(self.scoring_schemes(), scheme_id, NO_SCORING, "scoring scheme")

    def card_themes(self) -> list[CardTheme]:
        """Card themes to offer; Classic is always there."""
        return _with_default(self._catalog.card_themes, CLASSIC)

    def choose_card_theme(self, theme_id: str) -> Choice[CardTheme]:
        return _choose(self.card_themes(), theme_id, CLASSIC, "card theme")

    def table_surfaces(self) -> list[TableSurface]:
        """Table surfaces to offer; green felt is always there."""
        return _with_default(self._catalog.surfaces, GREEN_FELT)

    def choose_table_surface(self, surface_id: str) -> Choice[TableSurface]:
        return _choose(self.table_surfaces(), surface_id, GREEN_FELT, "table surface")

    def solver_backends(self) -> list[SolverBackend]:
        """Every solver backend provided, available here or not."""
        return [backend for backend, _ in self._catalog.solvers.values()]

    def choose_solver_backend(self, backend_id: str) -> Choice[SolverBackend | None]:
        """The backend to use for an id: that one if provided and available here, else
        the first available one (the built-in first), else None (no hints)."""
        available: list[SolverBackend] = []
        for backend in self.solver_backends():
            try:
                if backend.available():
                    available.append(backend)
            except Exception:
                log.exception("solver backend %r failed in available()", backend)
        for backend in available:
            if backend.id == backend_id:
                return Choice(backend)
        fallback = next((b for b in available if b.id == DEFAULT_SOLVER_ID), None)
        fallback = fallback or (available[0] if available else None)
        if fallback is None:
            return Choice(None, "No solver is available, so hints are off.")
        return Choice(
            fallback,
            f"The solver {backend_id!r} is not available; using {fallback.name} instead.",
        )

    # -- who provides what -----------------------------------------------------------
    def provider(self, kind: Kind, item_id: str) -> str | None:
        """The plugin name that provides an item, ``"freecell"`` for the core defaults,
        None if nothing does."""
        table: dict[Kind, tuple[dict[str, Any], object]] = {
            Kind.VARIANT: (self._catalog.variants, FREECELL),
            Kind.SCORING: (self._catalog.scoring, NO_SCORING),
            Kind.CARD_THEME: (self._catalog.card_themes, CLASSIC),
            Kind.TABLE_SURFACE: (self._catalog.surfaces, GREEN_FELT),
            Kind.SOLVER: (self._catalog.solvers, None),
        }
        if kind not in table:
            return None
        items, default = table[kind]
        if item_id in items:
            return str(items[item_id][1])
        if default is not None and getattr(default, "id", None) == item_id:
            return CORE
        return None

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
        found: list[Provided] = []
        kinds = {
            "variants": Kind.VARIANT,
            "scoring": Kind.SCORING,
            "card_themes": Kind.CARD_THEME,
            "surfaces": Kind.TABLE_SURFACE,
            "solvers": Kind.SOLVER,
        }
        for attribute, kind in kinds.items():
            for item_id, (item, owner) in getattr(self._catalog, attribute).items():
                if owner == name:
                    found.append(Provided(kind, item_id, str(getattr(item, "name", item_id))))
        for impl in self._impls("freecell_resolve_variant", name):
            pattern = str(getattr(impl.function, "id_pattern", "*"))
            found.append(Provided(Kind.VARIANT_RESOLVER, pattern, "variants resolved by id"))
        for _impl in self._impls("freecell_game_event", name):
            found.append(Provided(Kind.EVENT_OBSERVER, "-", "observes game events"))
        return found


def _with_default(items: Mapping[str, tuple[T, str]], default: T) -> list[T]:
    listed = [value for value, _ in items.values()]
    default_id = getattr(default, "id", None)
    if default_id not in items:
        listed.insert(0, default)
    return listed


def _choose(values: list[T], wanted: str, default: T, what: str) -> Choice[T]:
    for value in values:
        if getattr(value, "id", None) == wanted:
            return Choice(value)
    name = getattr(default, "name", "the default")
    return Choice(
        default,
        f"The {what} {wanted!r} is not available (its plugin is off or was removed); "
        f"using {name} instead.",
    )


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
      may take (:mod:`freecell.plugins.deadline`); beyond, it is off for the session.
    """
    if store is None:
        store = MemoryStore(enabled) if enabled is not None else settings_store()
    candidates = entry_point_candidates(entry_points)
    if include_user_folder:
        folder = user_plugin_dir if user_plugin_dir is not None else default_user_plugin_dir()
        candidates += user_folder_candidates(folder)
    return PluginManager(candidates, store, limits)


__all__ = [
    "DEFAULT_SOLVER_ID",
    "HOOK_KINDS",
    "PluginError",
    "PluginManager",
    "create_manager",
]
