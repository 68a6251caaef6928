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
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from freecell.plugin_host import containment
from freecell.plugin_host.reasons import Exited, PluginReason, Why, exited

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
    """Plugin code did not return within ``limit`` seconds (it is stopped)."""

    def __init__(self, limit: float) -> None:
        super().__init__(f"took longer than {limit:g} s")
        self.limit = limit


class Overate(Overran):
    """Plugin code made the process grow past ``megabytes`` (it is stopped)."""

    def __init__(self, megabytes: int) -> None:
        Exception.__init__(self, f"took more than {megabytes} MB")
        self.limit = 0.0
        self.megabytes = megabytes


# How often a waiting caller looks at the memory the process holds.
_MEMORY_POLL = 0.05


class _Outcome(Generic[T]):
    __slots__ = ("error", "value")

    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None


def call_with_limit(
    function: Callable[[], T], limit: float, name: str = "plugin", *, stoppable: bool = True
) -> T:
    """``function()``'s answer, run in a plugin thread (:mod:`.containment`), or
    what it raised: an ``Exception`` or ``SystemExit`` as it is, ``os._exit`` as
    :class:`Exited`, any other ``BaseException`` as :class:`Escaped` -- a plugin's
    failure, never the game's end.  Past ``limit`` s, or past the memory limit, the
    call is stopped (``stoppable``: an import is not, it is left to finish in its
    thread, see :func:`.containment.stop`) and :class:`Overran` (:class:`Overate`)
    raised."""
    containment.install()
    outcome: _Outcome[T] = _Outcome()

    def run() -> None:
        containment.mark_plugin_thread()
        try:
            outcome.value = function()
        except BaseException as error:  # handed to the caller, who decides
            outcome.error = error

    thread = threading.Thread(target=run, name=f"freecell-plugin-{name}", daemon=True)
    before = containment.resident_bytes()
    deadline = time.monotonic() + limit
    thread.start()
    while True:
        left = deadline - time.monotonic()
        thread.join(max(0.0, min(left, _MEMORY_POLL)))
        if not thread.is_alive():
            break
        if left <= 0:
            if stoppable:
                _stop_soon(thread)
            raise Overran(limit)
        now = containment.resident_bytes()
        if before is not None and now is not None and now - before > containment.MEMORY_LIMIT:
            if stoppable:
                _stop_soon(thread)
            raise Overate(containment.MEMORY_LIMIT // (1024 * 1024))
    if outcome.error is not None:
        error = outcome.error
        if isinstance(error, containment.HardExit):
            raise Exited(error.code, hard=True) from error
        raise containment.escaped(error)
    return outcome.value  # type: ignore[return-value]  # set: the thread returned


def _stop_soon(thread: threading.Thread, tries: int = 40) -> None:
    """Stop ``thread`` once it is out of the import machinery (a few tries, 50 ms
    apart, in a watcher of its own: the caller goes on at once)."""

    def watch() -> None:
        for _ in range(tries):
            if not thread.is_alive() or containment.stop(thread):
                return
            time.sleep(_MEMORY_POLL)

    threading.Thread(target=watch, name="freecell-plugin-stopper", daemon=True).start()


@dataclass(frozen=True)
class Imported:
    """What importing one plugin gave: the plugin, or the reason it failed."""

    plugin: object = None
    failure: PluginReason | None = None
    error: BaseException | None = field(default=None, compare=False)


def import_plugin(candidate: Candidate, limit: float) -> Imported:
    """Import ``candidate`` within ``limit`` seconds (from any thread)."""
    try:
        # (an import is never stopped from outside: it holds the import locks)
        return Imported(call_with_limit(candidate.load, limit, candidate.name, stoppable=False))
    except Overate as error:
        return Imported(failure=PluginReason(Why.TOO_MUCH_MEMORY, limit=float(error.megabytes)))
    except Overran as error:
        return Imported(failure=PluginReason(Why.IMPORT_TOO_SLOW, limit=error.limit))
    except SystemExit as error:
        return Imported(failure=exited("", error.code), error=error)
    except Exited as error:
        return Imported(failure=exited("", error.code, hard=error.hard), error=error)
    except Exception as error:
        kind = error.kind if isinstance(error, containment.Escaped) else type(error).__name__
        failure = PluginReason(Why.IMPORT_FAILED, error=kind, detail=str(error))
        return Imported(failure=failure, error=error)
