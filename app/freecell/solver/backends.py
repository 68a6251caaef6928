"""The backends this package ships, and the guard every other backend runs behind.

:func:`get_backend` is the plain registry of the shipped classes (the plugin
manager registers the same classes through ``freecell_solver_backends``).  The
backend the player picks is named by a :class:`BackendLoader`: a small picklable
recipe that the worker process turns into the backend (the plugin layer's
``PluginBackend`` loads it from its plugin, by id).  :func:`guarded_solve` runs a
backend and checks its answer; a backend that cannot be loaded, is unavailable,
raises or answers something that is not an honest verdict is replaced by the
built-in search for that request, and the :class:`Answer` says so with a
:class:`Fallback`.  A fallback never makes a verdict stronger than the search that
produced it: what the built-in answers is what the player gets.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable

from freecell.engine import Position, Refusal, Variant, apply_move, check_move
from freecell.i18n import N_, _
from freecell.solver.api import (
    Budget,
    CancelToken,
    Mode,
    Solved,
    SolverBackend,
    Unknown,
    Unsolvable,
    Verdict,
)
from freecell.solver.trust import is_trusted

BUILTIN_ID = "builtin"
DEFAULT_BUDGET = Budget()


class UnknownBackend(LookupError):
    """No backend has that id here, or it cannot run here; the message says which."""


def unavailable_label(name: str) -> str:
    """How a backend that cannot run here is listed, in the player's language."""
    return _("{name} (not available here)").format(name=_(name))


def builtin_backends() -> list[SolverBackend]:
    """Every backend this package ships, whether or not it can run here."""
    # imported here: the service's parent process needs the guard's values, not
    # the search itself
    from freecell.solver.builtin import BuiltinSolver
    from freecell.solver.fcsolve import FcSolveBackend

    return [BuiltinSolver(), FcSolveBackend()]


def available_backends() -> dict[str, SolverBackend]:
    """The shipped backends that can run here, by id (the built-in one always can)."""
    return {backend.id: backend for backend in builtin_backends() if backend.available()}


def get_backend(backend_id: str) -> SolverBackend:
    """The backend with ``backend_id``; raise :class:`UnknownBackend` with a sentence."""
    for backend in builtin_backends():
        if backend.id == backend_id:
            if not backend.available():
                said = _("solver backend {id!r} is not available here").format(id=backend_id)
                raise UnknownBackend(said)
            return backend
    known = ", ".join(b.id for b in builtin_backends())
    said = _("unknown solver backend {id!r} (known: {known})")
    raise UnknownBackend(said.format(id=backend_id, known=known))


@runtime_checkable
class BackendLoader(Protocol):
    """A picklable recipe for a backend, built again wherever it is loaded (the
    worker process, a rating process).  Equal loaders load the same backend."""

    @property
    def backend_id(self) -> str: ...

    @property
    def backend_name(self) -> str: ...

    def load(self) -> SolverBackend:
        """The backend; raises (any exception, with a sentence) when it cannot."""
        ...


@dataclass(frozen=True, slots=True)
class ShippedBackend:
    """A :class:`BackendLoader` for a backend this package ships, by id: what the
    game uses before its plugin manager is made (the first moments after start-up),
    and the built-in search whatever the plugins say."""

    backend_id: str = BUILTIN_ID

    @property
    def backend_name(self) -> str:
        return next((b.name for b in builtin_backends() if b.id == self.backend_id), "")

    def load(self) -> SolverBackend:
        for backend in builtin_backends():
            if backend.id == self.backend_id:
                return backend
        raise UnknownBackend(_("unknown solver backend {id!r}").format(id=self.backend_id))


class FallbackReason(StrEnum):
    """Why the built-in search answered instead of the backend asked for."""

    NOT_LOADED = "not-loaded"  # its plugin could not be loaded, or no longer provides it
    UNAVAILABLE = "unavailable"  # available() is False here (fc-solve not installed)
    RAISED = "raised"  # solve() raised
    BAD_ANSWER = "bad-answer"  # not a verdict, or a line or move that is not legal
    CRASHED = "crashed"  # the worker process died during the search
    TIMED_OUT = "timed-out"  # it went past its time budget and was stopped
    LIED = "lied"  # it said unsolvable, and the built-in search won: its plugin goes off


@dataclass(frozen=True, slots=True)
class Fallback:
    """The backend asked for did not answer; the built-in search did."""

    backend_id: str
    backend_name: str
    reason: FallbackReason
    detail: str = ""  # the error (the backend's own words), or the seconds allowed


@dataclass(frozen=True, slots=True)
class Answer:
    """A verdict and who gave it."""

    verdict: Verdict
    backend_id: str
    fallback: Fallback | None = None
    unconfirmed: str = ""
    """The name of an untrusted backend that said *unsolvable* where the built-in
    search could not decide: ``verdict`` is then the built-in's ``Unknown``, and
    that backend's opinion is said as such (:func:`.trust.opinion_message`)."""


# Translators: {name} is a solver's name; {detail} is what went wrong, often in the
# solver's own words (an error message), or why its answer does not hold
_FALLBACK_SENTENCES = {
    FallbackReason.NOT_LOADED: N_(
        "The solver {name} could not be loaded; the built-in solver answered instead."
    ),
    FallbackReason.UNAVAILABLE: N_(
        "The solver {name} is not available here; the built-in solver answered instead."
    ),
    FallbackReason.RAISED: N_("The solver {name} failed; the built-in solver answered instead."),
    FallbackReason.BAD_ANSWER: N_(
        "The solver {name} gave an answer that does not hold; the built-in solver answered instead."
    ),
    FallbackReason.CRASHED: N_(
        "The solver {name} stopped working (its process ended); the built-in solver answered "
        "instead."
    ),
    FallbackReason.TIMED_OUT: N_(
        "The solver {name} took too long; the built-in solver answered instead."
    ),
    # Translators: {name} is a solver's name (from a plugin); it said the position
    # could not be won, and the built-in solver found a win
    FallbackReason.LIED: N_(
        "The solver {name} called this position lost, but the built-in solver found a way "
        "to win; {name} is turned off."
    ),
}
_FALLBACK_SENTENCES_WITH_DETAIL = {
    FallbackReason.NOT_LOADED: N_(
        "The solver {name} could not be loaded ({detail}); the built-in solver answered instead."
    ),
    FallbackReason.RAISED: N_(
        "The solver {name} failed ({detail}); the built-in solver answered instead."
    ),
    FallbackReason.BAD_ANSWER: N_(
        "The solver {name} gave an answer that does not hold ({detail}); the built-in solver "
        "answered instead."
    ),
    # Translators: {seconds} is the time the solver was given
    FallbackReason.TIMED_OUT: N_(
        "The solver {name} took too long (over its {seconds} s budget); the built-in solver "
        "answered instead."
    ),
}


def fallback_message(fallback: Fallback) -> str:
    """The sentence the player reads (hint bar, status bar, CLI warning), in the
    player's language: one whole sentence for each reason."""
    name = _(fallback.backend_name) if fallback.backend_name else fallback.backend_id
    sentence = _FALLBACK_SENTENCES_WITH_DETAIL.get(fallback.reason) if fallback.detail else None
    if sentence is None:
        return _(_FALLBACK_SENTENCES[fallback.reason]).format(name=name)
    seconds = fallback.detail
    if fallback.reason is FallbackReason.TIMED_OUT:
        from freecell.i18n.formatting import format_number

        with contextlib.suppress(ValueError):
            seconds = format_number(float(fallback.detail))
    return _(sentence).format(name=name, detail=fallback.detail, seconds=seconds)


_LOADED: dict[BackendLoader, SolverBackend] = {}


def load_backend(loader: BackendLoader) -> SolverBackend:
    """The backend for ``loader``, loaded once per process."""
    backend = _LOADED.get(loader)
    if backend is None:
        backend = loader.load()
        _LOADED[loader] = backend
    return backend


def check_verdict(verdict: object, position: Position, variant: Variant) -> str | None:
    """None when ``verdict`` is an honest answer for ``position``; else what is wrong."""
    if isinstance(verdict, Unsolvable):
        return None
    if isinstance(verdict, Unknown):
        move = verdict.suggested_move
        if move is not None and isinstance(check_move(position, variant, move), Refusal):
            return _("its suggested move {move} is not legal here").format(move=move.notation)
        return None
    if not isinstance(verdict, Solved):
        # Translators: {kind} is a Python type's name
        return _("it answered {kind}, not a verdict").format(kind=type(verdict).__name__)
    current = position
    for number, move in enumerate(verdict.moves, 1):
        checked = check_move(current, variant, move)
        if isinstance(checked, Refusal):
            return _("move {number} of its line, {move}, is not legal").format(
                number=number, move=move.notation
            )
        current = apply_move(current, checked)
    if not current.is_won:
        return _("its line does not win")
    return None


def _builtin(
    position: Position, variant: Variant, budget: Budget, cancel: CancelToken | None, mode: Mode
) -> Verdict:
    from freecell.solver.builtin import BuiltinSolver

    return BuiltinSolver().solve(position, variant, budget, cancel, mode)


def guarded_solve(
    backend: BackendLoader | SolverBackend,
    position: Position,
    variant: Variant,
    budget: Budget,
    cancel: CancelToken | None = None,
    mode: Mode = Mode.FAST,
    on_fallback: Callable[[Fallback], None] | None = None,
    on_confirm: Callable[[], None] | None = None,
) -> Answer:
    """Ask ``backend``; when it cannot answer honestly, ask the built-in search.

    ``on_fallback`` hears the fallback before the built-in search starts (the worker
    tells its parent, which gives the new search a time budget of its own);
    ``on_confirm`` likewise before the built-in search checks an untrusted
    backend's *unsolvable* (see :mod:`freecell.solver.trust`)."""
    if isinstance(backend, BackendLoader):
        backend_id, name = backend.backend_id, backend.backend_name
    else:
        backend_id, name = str(getattr(backend, "id", "")), str(getattr(backend, "name", ""))

    def fall_back(reason: FallbackReason, detail: str) -> Answer:
        fallback = Fallback(backend_id, name, reason, detail)
        if cancel is not None and cancel.is_set():
            return Answer(Unknown(None, cancelled=True), BUILTIN_ID, fallback)
        if on_fallback is not None:
            on_fallback(fallback)
        return Answer(_builtin(position, variant, budget, cancel, mode), BUILTIN_ID, fallback)

    try:
        solver = load_backend(backend) if isinstance(backend, BackendLoader) else backend
    except UnknownBackend as error:  # a loader's own sentence, in the player's words
        return fall_back(FallbackReason.NOT_LOADED, str(error))
    except Exception as error:
        return fall_back(FallbackReason.NOT_LOADED, _error_text(error))
    try:
        ready = solver.available()
    except Exception as error:
        return fall_back(
            FallbackReason.RAISED,
            _("available() raised {error}").format(error=_error_text(error)),
        )
    if not ready:
        return fall_back(FallbackReason.UNAVAILABLE, "")
    try:
        verdict = solver.solve(position, variant, budget, cancel, mode)
    except Exception as error:
        return fall_back(FallbackReason.RAISED, _error_text(error))
    try:
        problem = check_verdict(verdict, position, variant)
    except Exception as error:  # a verdict built to break the check: not an answer
        problem = _("its answer could not be checked ({error})").format(error=_error_text(error))
    if problem is not None:
        return fall_back(FallbackReason.BAD_ANSWER, problem)
    if isinstance(verdict, Unsolvable) and not is_trusted(solver):
        return _confirm(backend_id, name, position, variant, budget, cancel, mode, on_confirm)
    return Answer(verdict, solver.id)


def _confirm(
    backend_id: str,
    name: str,
    position: Position,
    variant: Variant,
    budget: Budget,
    cancel: CancelToken | None,
    mode: Mode,
    on_confirm: Callable[[], None] | None,
) -> Answer:
    """An untrusted backend's *unsolvable*, checked by the built-in search: a proof
    when it proves it too, a lie when it wins, that backend's opinion otherwise."""
    if on_confirm is not None:
        on_confirm()
    check = _builtin(position, variant, budget, cancel, mode)
    if isinstance(check, Unsolvable):
        return Answer(check, backend_id)
    if isinstance(check, Solved):
        return Answer(check, BUILTIN_ID, Fallback(backend_id, name, FallbackReason.LIED))
    return Answer(check, backend_id, unconfirmed=name if not check.cancelled else "")


def _error_text(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


Ask = Callable[[Position, Variant, Budget, CancelToken | None, Mode], Answer]
"""One guarded search: here (:func:`guarded_solve`) or in a solver worker process."""


class FallbackBackend:
    """The one fallback wrapper: a ``SolverBackend`` that asks the player's backend
    (``loader``; None for the built-in search) through ``ask`` and keeps what each
    search said of the built-in standing in.  The window's hints, live checks,
    ratings, par and stepper ask through it in a worker process, and so does
    ``freecell-cli rate`` (here, or in workers for a third party's backend)."""

    def __init__(self, loader: BackendLoader | None, ask: Ask | None = None) -> None:
        self.loader = loader
        self.id = loader.backend_id if loader is not None else BUILTIN_ID
        self.name = loader.backend_name if loader is not None else "Built-in solver"
        self._ask: Ask = ask if ask is not None else self._here
        self.answer: Answer | None = None  # the last search's
        self.fallback: Fallback | None = None  # the last search's, when the built-in stood in
        self.fallbacks: list[str] = []  # the sentence of each time it stood in
        self.liars: list[str] = []  # backends caught calling a winnable position lost

    def _here(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        cancel: CancelToken | None,
        mode: Mode,
    ) -> Answer:
        if self.loader is None:
            return Answer(_builtin(position, variant, budget, cancel, mode), BUILTIN_ID)
        return guarded_solve(self.loader, position, variant, budget, cancel, mode)

    def available(self) -> bool:
        return True

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = DEFAULT_BUDGET,
        cancel: CancelToken | None = None,
        mode: Mode = Mode.FAST,
    ) -> Verdict:
        answer = self.answer = self._ask(position, variant, budget, cancel, mode)
        self.fallback = answer.fallback
        if answer.fallback is not None:
            self.fallbacks.append(fallback_message(answer.fallback))
            if answer.fallback.reason is FallbackReason.LIED:
                self.liars.append(answer.fallback.backend_id)
        return answer.verdict
