"""FreeCell for the desktop.

``from freecell import hookimpl`` is how a plugin marks its hooks.  It is loaded on
first use (PEP 562), so importing the package -- which every start-up and every
solver worker process does -- does not pay for pluggy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

__all__ = ["__version__", "hookimpl"]

if TYPE_CHECKING:
    from freecell.plugin_host.markers import hookimpl


def __getattr__(name: str) -> object:
    if name == "hookimpl":
        from freecell.plugin_host.markers import hookimpl

        return hookimpl
    raise AttributeError(f"module 'freecell' has no attribute {name!r}")
