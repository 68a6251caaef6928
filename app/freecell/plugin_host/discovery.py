"""Finding plugins without running them.

Three places, in this order (earlier ones win a name clash):

1. entry points in the group ``freecell`` declared by the ``freecell`` distribution
   itself — the built-ins under ``plugins/``;
2. entry points in the same group from any other installed distribution — what
   ``pip install some-freecell-plugin`` adds;
3. single ``.py`` files in the user plugin folder (``<data dir>/plugins``).

Discovery reads metadata and source text only: a third-party plugin's code first
runs when the player enables it.  Loading is a separate, explicit step
(:attr:`Candidate.load`).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from freecell import __version__
from freecell.plugin_host.builtins import BUILTIN_PLUGINS
from freecell.plugin_host.markers import PROJECT_NAME
from freecell.plugin_host.model import Source
from freecell.plugin_host.source_scan import read_head, scan_source
from freecell.storage.paths import default_paths

if TYPE_CHECKING:
    # not at run time: importlib.metadata is read only when the installed packages
    # are searched, after the first paint
    import importlib.metadata

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = PROJECT_NAME
HOST_DISTRIBUTION = "freecell"
USER_MODULE_PREFIX = "freecell_user_plugin_"


@dataclass(frozen=True)
class Candidate:
    """A plugin found but not yet run."""

    name: str
    source: Source
    version: str
    description: str
    location: str
    load: Callable[[], object] = field(compare=False, repr=False)
    hooks: tuple[str, ...] = ()


def _normalise(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def first_paragraph(text: str | None) -> str:
    """A docstring's first paragraph on one line: the plugin's description."""
    lines: list[str] = []
    for line in (text or "").strip().splitlines():
        if not line.strip():
            break
        lines.append(line.strip())
    return " ".join(lines)


def _static_hooks(source_text: str) -> tuple[tuple[str, ...], str, str]:
    """(hook names defined at top level, first docstring paragraph, ``__version__``),
    read from source without executing or parsing it (:mod:`.source_scan`)."""
    hooks, doc, version = scan_source(source_text)
    return hooks, first_paragraph(doc), version


def _module_file(dotted: str) -> Path | None:
    """The source file of a module, found without importing it or its parents (a
    top-level name goes through every finder, editable installs' too)."""
    import importlib.machinery

    parts = dotted.split(".")
    try:
        spec = importlib.util.find_spec(parts[0])
    except (ImportError, ValueError):
        return None
    for i in range(1, len(parts)):
        if spec is None:
            return None
        path = list(spec.submodule_search_locations or [])
        spec = importlib.machinery.PathFinder.find_spec(".".join(parts[: i + 1]), path)
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def _entry_point_hooks(value: str) -> tuple[tuple[str, ...], str]:
    module, _, attr = value.partition(":")
    if attr:  # an object inside a module: cannot tell without running it
        return (), ""
    file = _module_file(module.strip())
    if file is None:
        return (), ""
    hooks, doc, _version = _static_hooks(read_head(file))
    return hooks, doc


def entry_point_candidates(
    entry_points: Iterable[importlib.metadata.EntryPoint] | None = None,
) -> list[Candidate]:
    """Built-ins first, then third-party packages, each sorted by name."""
    if entry_points is None:
        import importlib.metadata

        entry_points = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    builtins: list[Candidate] = []
    packages: list[Candidate] = []
    for ep in entry_points:
        dist = ep.dist
        dist_name = dist.metadata["Name"] if dist is not None else ""
        is_builtin = _normalise(dist_name or "") == HOST_DISTRIBUTION
        hooks, doc = _entry_point_hooks(ep.value)
        summary = (dist.metadata["Summary"] or "") if dist is not None and not is_builtin else ""
        candidate = Candidate(
            name=ep.name,
            source=Source.BUILTIN if is_builtin else Source.PACKAGE,
            version=(dist.version if dist is not None else "") or "",
            description=doc or summary,
            location=f"{dist_name or 'unknown distribution'} ({ep.value})",
            load=ep.load,
            hooks=hooks,
        )
        (builtins if is_builtin else packages).append(candidate)
    if not builtins:  # metadata missing or stale (a frozen app, an old egg-info first)
        builtins = fallback_builtin_candidates()
    return sorted(builtins, key=lambda c: c.name) + sorted(packages, key=lambda c: c.name)


def _importer(module: str) -> Callable[[], object]:
    return lambda: importlib.import_module(module)


def fallback_builtin_candidates() -> list[Candidate]:
    log.warning("freecell's entry points are missing; loading the built-in plugins by name")
    return builtin_candidates(BUILTIN_PLUGINS)


def builtin_candidates(names: Iterable[str]) -> list[Candidate]:
    """The built-in plugins ``names`` found by module name (BUILTIN_PLUGINS, which a
    test keeps equal to the entry points), without reading any package metadata."""
    return [
        Candidate(
            name=name,
            source=Source.BUILTIN,
            version=__version__,
            description="",
            location=f"freecell ({module})",
            load=_importer(module),
        )
        for name, module in sorted(BUILTIN_PLUGINS.items())
        if name in names
    ]


def _load_file(path: Path) -> Callable[[], ModuleType]:
    def load() -> ModuleType:
        module_name = USER_MODULE_PREFIX + path.stem
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(module_name, None)
            raise
        return module

    return load


def user_folder_candidates(folder: Path | None) -> list[Candidate]:
    """Single-file plugins (``*.py``) in the user plugin folder, sorted by name."""
    if folder is None or not folder.is_dir():
        return []
    found: list[Candidate] = []
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith(("_", ".")):
            continue
        hooks, doc, version = _static_hooks(read_head(path))
        found.append(
            Candidate(
                name=path.stem,
                source=Source.USER_FOLDER,
                version=version,
                description=doc,
                location=str(path),
                load=_load_file(path),
                hooks=hooks,
            )
        )
    return found


def default_user_plugin_dir() -> Path:
    """``<data dir>/plugins`` (FREECELL_HOME honoured), from the storage layer."""
    return default_paths().user_plugins_dir
