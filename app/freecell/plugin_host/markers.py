"""The pluggy markers, in a module of their own so ``from freecell import hookimpl``
costs nothing but pluggy itself."""

from __future__ import annotations

import pluggy

PROJECT_NAME = "freecell"
"""The pluggy project name and the entry-point group plugins register under."""

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
