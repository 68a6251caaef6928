"""A third party's scoring scheme as the game uses it: contained like every hook.

A scheme is an object whose ``points()`` the score keeper calls after every move, on
the window's thread.  So a plugin's scheme is never used as it is: its fields are
copied once (in the plugin's thread, within the hook's limit), so they cannot change
after they were checked, and each ``points()`` runs through
:func:`freecell.plugin_host.deadline.call_with_limit` like a game event -- any
exception, ``os._exit``, a busy loop or too much memory, or an answer that is not a
whole number, turns its plugin off with a notice (``on_failure``) and prices that
step, and every later one, at 0.  The game's own schemes are used as they are.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from freecell.engine import Move, Position
from freecell.plugin_host.deadline import Overran, call_with_limit
from freecell.plugin_host.model import Misbehaved
from freecell.plugin_host.offerings import Staged, describe
from freecell.plugin_host.reasons import PluginReason, Why, exited, raised, too_slow
from freecell.scoring import ScoringScheme

MAX_POINTS = 10**9  # one step's points: beyond it a number is nonsense, not a score

Price = Callable[[Sequence[Move], Position, Position], object]
OnFailure = Callable[[str, PluginReason], None]


@dataclass(frozen=True, slots=True)
class GuardedScheme:
    """A plugin's scheme: plain copies of its fields, and its ``points()`` asked
    within ``limit`` s."""

    id: str
    name: str
    description: str
    keeps_score: bool
    floor: int | None
    plugin: str
    limit: float
    price: Price = field(compare=False, repr=False)
    on_failure: OnFailure = field(compare=False, repr=False)
    _failed: threading.Event = field(default_factory=threading.Event, compare=False, repr=False)

    def points(self, moves: Sequence[Move], before: Position, after: Position) -> int:
        if self._failed.is_set():
            return 0
        hook = f"{self.id}.points"
        steps = tuple(moves)
        try:
            value = call_with_limit(
                lambda: self.price(steps, before, after), self.limit, self.plugin
            )
        except Overran as error:
            reason = too_slow(hook, error)
        except SystemExit as error:
            reason = exited(hook, error.code)
        except Exception as error:  # any other kind arrives as containment.Escaped
            reason = raised(hook, error)
        else:
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_POINTS:
                return value
            reason = PluginReason(Why.BAD_ANSWER, hook=hook, answer=describe(value))
        self._failed.set()
        self.on_failure(self.plugin, reason)
        return 0


def guard_schemes(offered: Staged, plugin: str, limit: float, on_failure: OnFailure) -> Staged:
    """What ``plugin`` offers to the scoring hook, each scheme copied and guarded;
    :class:`Misbehaved` when a scheme's fields cannot be read within ``limit`` s or
    are not what a scheme holds."""
    return {
        key: (_guard(item, plugin, limit, on_failure), owner)
        for key, (item, owner) in offered.items()
    }


def _guard(scheme: object, plugin: str, limit: float, on_failure: OnFailure) -> GuardedScheme:
    hook = "freecell_scoring_schemes"

    def copy() -> tuple[object, ...]:
        assert isinstance(scheme, ScoringScheme)  # (checked by check_answer)
        fields = (scheme.id, scheme.name, scheme.description, scheme.keeps_score, scheme.floor)
        return (*fields, scheme.points)

    try:
        ident, name, description, keeps, floor, price = call_with_limit(copy, limit, plugin)
    except Overran as error:
        raise Misbehaved(too_slow(hook, error)) from None
    except (Exception, SystemExit) as error:
        raise Misbehaved(raised(hook, error)) from error

    def bad(value: object) -> Misbehaved:
        return Misbehaved(PluginReason(Why.BAD_ANSWER, hook=hook, answer=describe(value)))

    for text in (ident, name, description):
        if not isinstance(text, str):
            raise bad(text)
    if not isinstance(keeps, bool):
        raise bad(keeps)
    if floor is not None and (not isinstance(floor, int) or isinstance(floor, bool)):
        raise bad(floor)
    if not callable(price):
        raise bad(price)
    return GuardedScheme(
        str(ident), str(name), str(description), keeps, floor, plugin, limit, price, on_failure
    )
