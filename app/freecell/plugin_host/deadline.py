"""A time limit on plugin code: an import or a hook that runs too long is left
behind, and the plugin is turned off for the session.

Python cannot stop a thread, so the plugin's code runs in a daemon thread of its
own and the caller waits for it at most the limit; a call that overruns goes on in
that thread until it ends by itself (its answer is dropped, and a daemon thread
never keeps the process alive).  A plugin that sleeps 30 s in a hook then costs
the game and every ``freecell-cli`` command the limit once, not 30 s each time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from freecell.plugin_host.reasons import PluginReason, Why, exited

if TYPE_CHECKING:
    from freecell.plugin_host.discovery import Candidate

T = TypeVar("T")

# An import may read files and build tables; a hook answers from memory.  Both are
# far above what a well-behaved plugin takes (milliseconds) on a slow, busy machine.
IMPORT_LIMIT = 3.0
HOOK_LIMIT = 2.0
# Game events come with every move: an observer must not make the table stutter.
EVENT_LIMIT = 0.5


class Overran(Exception):
    """Plugin code did not return within ``limit`` seconds (it may still be running)."""

    def __init__(self, limit: float) -> None:
        super().__init__(f"took longer than {limit:g} s")
        self.limit = limit


class _Outcome(Generic[T]):
    __slots__ = ("error", "value")

    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None


def call_with_limit(function: Callable[[], T], limit: float, name: str = "plugin") -> T:
    """``function()``'s answer, or what it raised (any BaseException: a plugin's
    ``sys.exit()`` is its failure, not ours); :class:`Overran` after ``limit`` s."""
    outcome: _Outcome[T] = _Outcome()

    def run() -> None:
        try:
            outcome.value = function()
        except BaseException as error:  # handed to the caller, who decides
            outcome.error = error

    thread = threading.Thread(target=run, name=f"freecell-plugin-{name}", daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        raise Overran(limit)
    if outcome.error is not None:
        raise outcome.error
    return outcome.value  # type: ignore[return-value]  # set: the thread returned


@dataclass(frozen=True)
class Imported:
    """What importing one plugin gave: the plugin, or the reason it failed."""

    plugin: object = None
    failure: PluginReason | None = None
    error: BaseException | None = field(default=None, compare=False)


def import_plugin(candidate: Candidate, limit: float) -> Imported:
    """Import ``candidate`` within ``limit`` seconds (from any thread)."""
    try:
        return Imported(call_with_limit(candidate.load, limit, candidate.name))
    except Overran as error:
        return Imported(failure=PluginReason(Why.IMPORT_TOO_SLOW, limit=error.limit))
    except SystemExit as error:
        return Imported(failure=exited("", error.code), error=error)
    except Exception as error:
        failure = PluginReason(Why.IMPORT_FAILED, error=type(error).__name__, detail=str(error))
        return Imported(failure=failure, error=error)
