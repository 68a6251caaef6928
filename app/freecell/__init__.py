"""FreeCell for the desktop."""

from .plugins.markers import hookimpl

__version__ = "0.1.0"

__all__ = ["__version__", "hookimpl"]
