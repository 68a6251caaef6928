"""The base of the engine's commands and events: small immutable values.

A subclass annotates its fields (in order) and sets them in a typed ``__init__``
through :meth:`Value._init`::

    class MoveCards(Value):
        move: Move

        def __init__(self, move: Move) -> None:
            self._init(move)

It then behaves like a ``@dataclass(frozen=True, slots=True)``: slotted, equal
(and hashed) by its class and fields, shown as ``MoveCards(move=...)``,
``FrozenInstanceError`` on assignment, matched by position in ``match``, copyable
and picklable.

Why not the decorator itself: it writes and compiles half a dozen methods for each
class while the module is imported, about 1 ms a class.  The 22 commands and
events cost ~25 ms of every start of the game that way, for methods that are the
same for all of them.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, NoReturn


class _ValueType(type):
    """Makes a ``Value`` subclass slotted, its slots being its annotated fields."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> _ValueType:
        annotations = namespace.get("__annotations__", {})
        fields = tuple(n for n, kind in annotations.items() if "ClassVar" not in str(kind))
        namespace["__slots__"] = fields
        namespace["_fields"] = fields
        namespace["__match_args__"] = fields
        return super().__new__(mcls, name, bases, namespace, **kwargs)


class Value(metaclass=_ValueType):
    """An immutable value made of its annotated fields."""

    _fields: ClassVar[tuple[str, ...]]

    def _init(self, *values: object) -> None:
        """Set the fields, in the order they are annotated (for ``__init__`` only)."""
        for name, value in zip(self._fields, values, strict=True):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Value) and other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple[object, ...]:
        return self._values()

    def __setstate__(self, state: tuple[object, ...]) -> None:
        self._init(*state)
