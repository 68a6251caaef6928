"""What the loaded plugins offer, and what stands in when they do not.

:class:`Offerings` holds every item the collecting hooks returned, id -> (value,
plugin name); :func:`check_answer` is the test one plugin's answer to such a hook
must pass (a list of the right type, each item with an id no one else provides) before
any of it is offered.  :func:`with_default`, :func:`choose` and
:func:`choose_backend` give the game's own default, with a reason code for the
player's sentence, when a remembered id is not offered (its plugin is off or gone).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from freecell.engine import FREECELL, Variant
from freecell.plugin_host.containment import MAX_ITEMS
from freecell.plugin_host.deadline import Overran, call_with_limit
from freecell.plugin_host.model import Choice, Kind, Misbehaved, Provided
from freecell.plugin_host.reasons import PluginReason, Why
from freecell.scoring import NO_SCORING, ScoringScheme
from freecell.themes import CLASSIC, GREEN_FELT, CardTheme, TableSurface

if TYPE_CHECKING:
    # not at run time: the first frame's plugins offer no solver (see check_answer)
    from freecell.solver.api import SolverBackend

log = logging.getLogger("freecell.plugin_host")

T = TypeVar("T")

DEFAULT_SOLVER_ID = "builtin"
CORE = "freecell"  # the provider named for the defaults the game always has

# hook name -> (Offerings attribute, expected type, what to call it in a sentence);
# None stands for SolverBackend, imported when a plugin first answers with solvers
COLLECTED: dict[str, tuple[str, type | None, str]] = {
    "freecell_variants": ("variants", Variant, "Variant"),
    "freecell_scoring_schemes": ("scoring", ScoringScheme, "ScoringScheme"),
    "freecell_card_themes": ("card_themes", CardTheme, "CardTheme"),
    "freecell_table_surfaces": ("surfaces", TableSurface, "TableSurface"),
    "freecell_solver_backends": ("solvers", None, "SolverBackend"),
}

_KINDS: dict[str, Kind] = {
    "variants": Kind.VARIANT,
    "scoring": Kind.SCORING,
    "card_themes": Kind.CARD_THEME,
    "surfaces": Kind.TABLE_SURFACE,
    "solvers": Kind.SOLVER,
}

Staged = dict[str, tuple[object, str]]  # item id -> (item, plugin name)


def describe(value: object) -> str:
    """What a wrong answer was, for the sentence that turns its plugin off."""
    return type(value).__name__


@dataclass
class Offerings:
    """Everything the loaded plugins provide, id -> (value, plugin name)."""

    variants: dict[str, tuple[Variant, str]] = field(default_factory=dict)
    scoring: dict[str, tuple[ScoringScheme, str]] = field(default_factory=dict)
    card_themes: dict[str, tuple[CardTheme, str]] = field(default_factory=dict)
    surfaces: dict[str, tuple[TableSurface, str]] = field(default_factory=dict)
    solvers: dict[str, tuple[SolverBackend, str]] = field(default_factory=dict)

    def offered(self, attribute: str) -> Staged:
        items: Staged = getattr(self, attribute)
        return items

    def add(self, staged: Mapping[str, Staged]) -> None:
        """Offer what one plugin's answers, all checked, contribute."""
        for attribute, items in staged.items():
            self.offered(attribute).update(items)

    def provider(self, kind: Kind, item_id: str) -> str | None:
        """The plugin name that provides an item, ``"freecell"`` for the core
        defaults, None if nothing does."""
        table: dict[Kind, tuple[Staged, object]] = {
            Kind.VARIANT: (self.offered("variants"), FREECELL),
            Kind.SCORING: (self.offered("scoring"), NO_SCORING),
            Kind.CARD_THEME: (self.offered("card_themes"), CLASSIC),
            Kind.TABLE_SURFACE: (self.offered("surfaces"), GREEN_FELT),
            Kind.SOLVER: (self.offered("solvers"), None),
        }
        if kind not in table:
            return None
        items, default = table[kind]
        if item_id in items:
            return str(items[item_id][1])
        if default is not None and getattr(default, "id", None) == item_id:
            return CORE
        return None

    def provided_by(self, name: str) -> list[Provided]:
        """The items plugin ``name`` offers, in hook order."""
        found: list[Provided] = []
        for attribute, kind in _KINDS.items():
            for item_id, (item, owner) in self.offered(attribute).items():
                if owner == name:
                    found.append(Provided(kind, item_id, str(getattr(item, "name", item_id))))
        return found


def check_answer(hook_name: str, answer: object, plugin: str, known: Staged, mine: Staged) -> None:
    """Add one plugin's answer to a collecting hook to ``mine`` (what it offers so
    far), or raise :class:`PluginError` saying what is wrong with it; ``known`` is
    what the plugins loaded before it offer."""
    if answer is None:
        return
    _attribute, expected, _type_name = COLLECTED[hook_name]
    if expected is None:
        from freecell.solver.api import SolverBackend

        expected = SolverBackend
    if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
        raise Misbehaved(PluginReason(Why.BAD_ANSWER, hook=hook_name, answer=describe(answer)))
    items = list(answer)  # (read in the plugin's thread already: containment.bounded)
    if len(items) > MAX_ITEMS:
        raise Misbehaved(PluginReason(Why.TOO_MANY, hook=hook_name, limit=float(MAX_ITEMS)))
    for item in items:
        if not isinstance(item, expected):
            raise Misbehaved(PluginReason(Why.BAD_ANSWER, hook=hook_name, answer=describe(item)))
        item_id = getattr(item, "id", None)
        if not isinstance(item_id, str) or not item_id:
            raise Misbehaved(PluginReason(Why.NO_ID, hook=hook_name))
        if item_id in known:
            raise Misbehaved(
                PluginReason(Why.ID_TAKEN, hook=hook_name, item=item_id, other=known[item_id][1])
            )
        if item_id in mine:
            raise Misbehaved(PluginReason(Why.ID_TWICE, hook=hook_name, item=item_id))
        mine[item_id] = (item, plugin)


def with_default(items: Mapping[str, tuple[T, str]], default: T) -> list[T]:
    """The values offered, the game's own ``default`` first unless a plugin offers
    an item with its id."""
    listed = [value for value, _ in items.values()]
    default_id = getattr(default, "id", None)
    if default_id not in items:
        listed.insert(0, default)
    return listed


def choose(values: list[T], wanted: str, default: T, gone: Why) -> Choice[T]:
    """The value with id ``wanted``; ``default``, with the reason ``gone`` (a
    ``*_GONE`` code), when none has it."""
    for value in values:
        if getattr(value, "id", None) == wanted:
            return Choice(value)
    name = str(getattr(default, "name", ""))
    return Choice(default, PluginReason(gone, item=wanted, other=name))


def ask_available(backend: SolverBackend, limit: float, plugin: str) -> bool | Overran:
    """``backend.available()`` within ``limit`` s -- the window asks on its GUI
    thread -- (False when it raises: it cannot run), or the :class:`Overran` of one
    that hangs: the manager turns its plugin off, and the built-in answers."""
    try:
        return bool(call_with_limit(backend.available, limit, plugin))
    except Overran as error:
        return error
    except (Exception, SystemExit):  # (any other kind arrives as containment.Escaped)
        log.exception("solver backend %r failed in available()", backend)
        return False


def choose_backend(
    offered: Callable[[], list[SolverBackend]],
    ready: Callable[[SolverBackend], bool],
    backend_id: str,
) -> Choice[SolverBackend | None]:
    """Of the backends ``offered`` that are ``ready`` to run here: the one with this
    id, else the first (the built-in first), else None (no hints)."""
    while True:
        listed = offered()
        available = [backend for backend in listed if ready(backend)]
        if offered() == listed:
            break  # (else a plugin was turned off on the way: ask what is left)
    for backend in available:
        if backend.id == backend_id:
            return Choice(backend)
    fallback = next((b for b in available if b.id == DEFAULT_SOLVER_ID), None)
    fallback = fallback or (available[0] if available else None)
    if fallback is None:
        return Choice(None, PluginReason(Why.NO_SOLVER, backend=backend_id))
    return Choice(fallback, PluginReason(Why.SOLVER_GONE, backend=backend_id, other=fallback.name))
