# mypy: disable-error-code="empty-body"
"""Every hook a FreeCell plugin can implement, in one typed module.

A plugin is a module (or any object) with functions named after these hooks and
marked with ``@freecell.hookimpl``.  Plugins return engine-level values —
:class:`~freecell.engine.Variant`, :class:`~freecell.scoring.ScoringScheme`,
:class:`~freecell.themes.CardTheme`, :class:`~freecell.themes.TableSurface`,
:class:`~freecell.solver.api.SolverBackend` — never widgets: a theme says what to
draw, the UI draws it.

How the game calls them (the plugin manager in :mod:`freecell.plugin_host.manager`):

- The *collecting* hooks (variants, scoring schemes, card themes, table surfaces,
  solver backends) are called once per plugin whenever the set of enabled plugins
  changes, and every answer is checked.  A plugin that raises, returns the wrong
  type, or returns an id another plugin already provides is disabled for the rest
  of the session and the player is told which plugin and why.  Built-ins are
  collected first, so they keep their ids.
- ``freecell_resolve_variant`` and ``freecell_variant_rules`` are ``firstresult``:
  the first plugin that answers something other than ``None`` wins.
- ``freecell_game_event`` is a plain observer: its return value is ignored, and a
  plugin whose observer raises is disabled for the session without disturbing the
  game.
- No hook is ``historic``: a plugin enabled mid-game is simply collected again.

Add a hook here and the documentation test fails until ``docs/plugins.md``
describes it with its parameters.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from freecell.plugin_host.markers import PROJECT_NAME, hookspec

if TYPE_CHECKING:
    from freecell.engine import Event, Variant
    from freecell.scoring import ScoringScheme
    from freecell.solver.api import SolverBackend
    from freecell.themes import CardTheme, TableSurface


@hookspec
def freecell_variants() -> Iterable[Variant]:
    """Variants this plugin offers in the Game > Variant menu.

    Receives nothing.  Returns an iterable of :class:`freecell.engine.Variant` values,
    each with an id no other plugin uses (the id keys settings and statistics, so keep
    it stable).  Every plugin's answer is collected; none wins over another.
    """


@hookspec(firstresult=True)
def freecell_resolve_variant(variant_id: str) -> Variant | None:
    """Build a variant from an id that no plugin lists: a parameterised family such
    as the built-in Custom variant (``custom-3cells-8columns-suit-kings``).

    Receives ``variant_id``, the id asked for (from settings, statistics, a saved
    game or ``--variant`` on the command line).  Returns a
    :class:`freecell.engine.Variant` whose ``id`` equals ``variant_id``, or ``None``
    when the id is not this plugin's.  ``firstresult``: the first non-``None`` answer
    wins and later plugins are not asked.
    """


@hookspec(firstresult=True)
def freecell_variant_rules(variant: Variant) -> str | None:
    """The rules of a variant in words, for the How to play page (F1, Rules).

    Receives ``variant``, the variant on the table (yours or another plugin's).
    Returns plain text — paragraphs separated by a blank line, a line starting with
    ``- `` is a list item — or ``None`` for a variant that is not yours.  Without an
    answer the game writes the rules from the variant's parameters, so a plugin
    needs this hook only for something the parameters do not say (its history, a
    tip).  ``firstresult``: the first non-``None`` answer wins.
    """


@hookspec
def freecell_scoring_schemes() -> Iterable[ScoringScheme]:
    """Scoring schemes this plugin offers.

    Receives nothing.  Returns an iterable of objects satisfying
    :class:`freecell.scoring.ScoringScheme` (``id``, ``name``, ``description``,
    ``keeps_score``, ``floor`` and ``points(moves, before, after)``);
    :class:`freecell.scoring.PointsPerCard` is the easy way to make one.  Every
    plugin's answer is collected.
    """


@hookspec
def freecell_card_themes() -> Iterable[CardTheme]:
    """Card themes (what the faces and backs look like) this plugin offers.

    Receives nothing.  Returns an iterable of :class:`freecell.themes.CardTheme`
    values with ids no other plugin uses.  Every plugin's answer is collected.
    """


@hookspec
def freecell_table_surfaces() -> Iterable[TableSurface]:
    """Table surfaces (the cloth under the cards) this plugin offers.

    Receives nothing.  Returns an iterable of :class:`freecell.themes.TableSurface`
    values with ids no other plugin uses.  Every plugin's answer is collected.
    """


@hookspec
def freecell_solver_backends() -> Iterable[SolverBackend]:
    """Solver backends this plugin offers for hints and verdicts.

    Receives nothing.  Returns an iterable of objects satisfying
    :class:`freecell.solver.api.SolverBackend` (``id``, ``name``, ``available()``,
    ``solve(position, variant, budget, cancel, mode)``).  The player picks one by
    id; searches run in a worker process, which loads this plugin alone and calls
    this hook there again, so a backend must be cheap to build and must not import
    Qt.  Every plugin's answer is collected; a backend whose ``available()`` is
    False is listed (as not available) but not used.
    """


@hookspec
def freecell_game_event(event: Event) -> None:
    """Observe the game: called with every event the engine publishes — a deal
    started, a move applied (``MoveApplied``), an undo (``Undone``), a redo, a win
    (``GameWon``), no moves left, the clock.

    Receives ``event``, one of the frozen dataclasses in
    :mod:`freecell.engine.events`; positions and variants inside it are frozen too,
    so an observer cannot change the game.  Returns nothing (the value is ignored).
    Every enabled plugin is called; an exception disables that plugin for the
    session and the game goes on.
    """


# Every function above marked with ``@hookspec``, in the order defined: the list of
# hooks can only be this module's.
HOOK_NAMES: tuple[str, ...] = tuple(
    name
    for name, value in list(globals().items())
    if callable(value) and hasattr(value, f"{PROJECT_NAME}_spec")
)
