"""Whose *unsolvable* is a proof: the project decides, never a plugin.

An answer of *solved* carries its line, and the guard replays it move by move; an
answer of *unsolvable* carries nothing to check.  So only the backends this project
ships and knows to search exhaustively -- :data:`TRUSTED_BACKENDS`, by id *and*
class, so a plugin that names its backend ``builtin`` or subclasses the built-in
search is not trusted -- may tell the player a position is proven lost.  Any other
backend's *unsolvable* is checked by the built-in search (``guarded_solve``): it
stands when the built-in proves it too, it is that backend's opinion when the
built-in cannot decide within the budget, and it is a lie when the built-in wins.
"""

from __future__ import annotations

from freecell.i18n import _

TRUSTED_BACKENDS: frozenset[str] = frozenset({"builtin", "fc-solve"})
"""The ids of the backends whose *unsolvable* is taken as a proof."""


def _shipped_classes() -> dict[str, type]:
    from freecell.solver.builtin import BuiltinSolver
    from freecell.solver.fcsolve import FcSolveBackend

    return {BuiltinSolver.id: BuiltinSolver, FcSolveBackend.id: FcSolveBackend}


def is_trusted(backend: object) -> bool:
    """True for a backend this project ships and trusts to be exhaustive: its id in
    :data:`TRUSTED_BACKENDS` and its class exactly the shipped one (a plugin cannot
    claim trust by its id, its class's ancestry or an attribute)."""
    backend_id = getattr(type(backend), "id", None)
    if backend_id not in TRUSTED_BACKENDS or getattr(backend, "id", None) != backend_id:
        return False
    return _shipped_classes().get(str(backend_id)) is type(backend)


def opinion_message(name: str) -> str:
    """What the player is told of an *unsolvable* no trusted search confirmed, in
    the player's language: the backend's opinion, never a proof."""
    # Translators: {name} is a solver's name; it said the position cannot be won,
    # and the built-in solver could neither confirm nor refute it
    return _(
        "The solver {name} thinks there is no way to win from here; the built-in solver "
        "could not confirm it."
    ).format(name=_(name) if name else name)


__all__ = ["TRUSTED_BACKENDS", "is_trusted", "opinion_message"]
