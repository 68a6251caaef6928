"""Names of a package imported from its modules on first use (PEP 562).

``freecell.engine``, ``freecell.storage``, ``freecell.core`` and ``freecell.plugin_host``
offer their names at the package level but import a module only when one of its
names is asked for: each is worth over 1 % of the first paint or keeps
``freecell-cli board N`` within 3x of a bare interpreter (docs/startup.md).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``where`` maps each name to the
    submodule that defines it.  A name found is kept in the package, so it is looked
    up once."""

    def __getattr__(name: str) -> Any:
        if name in where:
            value = getattr(importlib.import_module(f"{package}.{where[name]}"), name)
            setattr(sys.modules[package], name, value)
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
