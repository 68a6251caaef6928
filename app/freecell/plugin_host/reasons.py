"""Why the plugin manager switched a plugin off (or ignored one), or why the game's
own default stands in for a remembered item, as a code and its values: no words
here.  :mod:`freecell.plugin_host.reason_words` words it in the player's language, so
the window, the message bar, ``freecell-cli plugins`` and the solver's worker all
say the same."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Why(StrEnum):
    IMPORT_FAILED = "import-failed"  # error, detail
    IMPORT_TOO_SLOW = "import-too-slow"  # limit
    NOT_REGISTERED = "not-registered"  # detail (pluggy's words)
    NOT_A_HOOK = "not-a-hook"  # hook
    HOOK_WRAPPER = "hook-wrapper"  # hook
    TOO_SLOW = "too-slow"  # hook, limit
    BACKEND_TOO_SLOW = "backend-too-slow"  # backend, limit
    RAISED = "raised"  # hook, error, detail
    EXITED = "exited"  # hook ("" while it was imported), detail (repr of sys.exit's code)
    HARD_EXITED = "hard-exited"  # hook ("" while it was imported), detail (os._exit's code)
    TOO_MUCH_MEMORY = "too-much-memory"  # hook ("" while it was imported), limit (MB)
    TOO_MANY = "too-many"  # hook, limit (items)
    BAD_ANSWER = "bad-answer"  # hook, answer (a Python type name)
    LIED = "lied"  # backend: its "unsolvable" was won by the built-in search
    NO_ID = "no-id"  # hook
    ID_TAKEN = "id-taken"  # hook, item, other (the plugin that has it)
    ID_TWICE = "id-twice"  # hook, item
    NAME_TAKEN = "name-taken"  # location (ignored), other (the one kept)
    # a remembered id that no plugin offers now: item (the id), other (the default's
    # name, a catalogue msgid such as "Classic")
    VARIANT_GONE = "variant-gone"
    SCORING_GONE = "scoring-gone"
    CARD_THEME_GONE = "card-theme-gone"
    SURFACE_GONE = "surface-gone"
    SOLVER_GONE = "solver-gone"  # backend (the id), other (the stand-in's name)
    NO_SOLVER = "no-solver"  # no backend can run here: hints are off
    NO_SOLVER_PLUGIN = "no-solver-plugin"  # none is switched on: the built-in answers


@dataclass(frozen=True, slots=True)
class PluginReason:
    """``code`` and the values its sentence needs; ``detail`` is the plugin's own
    text (an exception's message), quoted as it is."""

    code: Why
    hook: str = ""
    backend: str = ""
    limit: float = 0.0
    error: str = ""  # an exception's type name
    detail: str = ""
    answer: str = ""
    item: str = ""
    other: str = ""
    location: str = ""

    def __str__(self) -> str:
        """For the log: the code and the values given."""
        values = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in self.__slots__
            if name != "code" and getattr(self, name)
        )
        return f"{self.code.value} ({values})" if values else self.code.value


def too_slow(hook: str, limit: float | Exception) -> PluginReason:
    """``hook`` did not answer within ``limit`` seconds, or was stopped for the
    memory it took (``limit``: the deadline's ``Overran`` or ``Overate``)."""
    megabytes = getattr(limit, "megabytes", None)
    if megabytes is not None:
        return PluginReason(Why.TOO_MUCH_MEMORY, hook=hook, limit=float(megabytes))
    seconds = limit if isinstance(limit, float | int) else getattr(limit, "limit", 0.0)
    return PluginReason(Why.TOO_SLOW, hook=hook, limit=float(seconds))


class Exited(Exception):
    """Plugin code called ``sys.exit(code)`` (``hard``: ``os._exit(code)``): that
    plugin's failure, not the game's end (an ``Exception``, so the callers' ``except
    Exception`` takes it)."""

    def __init__(self, code: object, *, hard: bool = False) -> None:
        super().__init__(f"{'os._exit' if hard else 'sys.exit'}({code!r})")
        self.code = code
        self.hard = hard


def exited(hook: str, code: object, *, hard: bool = False) -> PluginReason:
    """``hook`` (or the import, for ``""``) called ``sys.exit(code)`` (or ``os._exit``)."""
    return PluginReason(Why.HARD_EXITED if hard else Why.EXITED, hook=hook, detail=repr(code))


def raised(hook: str, error: BaseException) -> PluginReason:
    """``hook`` raised ``error`` (any kind: see :mod:`freecell.plugin_host.containment`)."""
    if isinstance(error, Exited):
        return exited(hook, error.code, hard=error.hard)
    kind = str(getattr(error, "kind", "")) or type(error).__name__
    return PluginReason(Why.RAISED, hook=hook, error=kind, detail=str(error))
