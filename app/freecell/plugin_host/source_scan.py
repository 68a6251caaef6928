"""What a plugin's source says about it, read without running or parsing it.

Discovery lists every file in the user plugin folder and every installed package's
plugin module, enabled or not, and nothing in them may run or cost more than a
glance before the player enables one: a file of 100 KB of ``x = ----...1`` made
Python's parser raise ``MemoryError`` or ``RecursionError`` and took every other
plugin with it.  So the source is read only as far as :data:`SCAN_BYTES`, only from
a regular file (a FIFO would block), and scanned line by line with patterns that
run in linear time: the hook functions defined at the top level, the module's
docstring and its ``__version__``.  A file that cannot be read says nothing; it
costs only itself.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from freecell.plugin_host.hookspecs import HOOK_NAMES
from freecell.storage.safe_read import read_bounded

MAX_PLUGIN_BYTES = 1024 * 1024
"""A plugin file larger than this is listed, and says nothing about itself."""
SCAN_BYTES = 64 * 1024
"""How much of a plugin's source discovery reads (the docstring, the version and
the hooks of any reasonable plugin are far inside it)."""

_HOOK = re.compile(r"^(?:async[ \t]+)?def[ \t]+(freecell_\w+)[ \t]*\(", re.M)
_VERSION = re.compile(r"""^__version__[ \t]*=[ \t]*(['"])([^'"\n]{0,80})\1""", re.M)
_PREAMBLE = re.compile(r"\A(?:[ \t]*(?:#[^\n]*)?\n)*")
_DOCSTRING = re.compile(r"""[rRuU]?(\"\"\"|''')(.*?)\1|[rRuU]?(["'])([^\n]*?)\3""", re.S)


def read_head(path: Path, limit: int = SCAN_BYTES) -> str:
    """The first ``limit`` bytes of a regular file of at most
    :data:`MAX_PLUGIN_BYTES`, as text ("" when it is not a regular file, is larger,
    or cannot be read: :func:`freecell.storage.safe_read.read_bounded`)."""
    try:
        raw = read_bounded(path, MAX_PLUGIN_BYTES)
    except OSError:  # (SpecialFile and FileTooLarge among them)
        return ""
    return raw[:limit].decode("utf-8", errors="replace")


def _docstring(text: str) -> str:
    start = _PREAMBLE.match(text)
    found = _DOCSTRING.match(text, start.end() if start else 0)
    if found is None:
        return ""
    body = found.group(2) if found.group(1) else found.group(4)
    return inspect.cleandoc(body or "")


def scan_source(text: str) -> tuple[tuple[str, ...], str, str]:
    """(the hooks defined at the top level, the module's docstring, ``__version__``)
    of a plugin's source text, in time linear in its length."""
    hooks = tuple(dict.fromkeys(h for h in _HOOK.findall(text) if h in HOOK_NAMES))
    version = _VERSION.search(text)
    return hooks, _docstring(text), version.group(2) if version else ""
