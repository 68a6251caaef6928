"""Imports go down the layers, and no module imports itself back through others.

The layers (docs/architecture.md), lowest first; a module may import from its own
group and from the groups of lower layers, never from a group of its own layer or
above.  Every ``import`` in the package counts: at the top of a module, inside a
function, under ``if TYPE_CHECKING``.  The Qt-free part is also checked by running
it with Qt blocked (tests/test_layering.py).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import freecell

PACKAGE = Path(freecell.__file__).parent

# group -> layer; a group is a subpackage or a top-level module of freecell.
LAYERS: dict[str, int] = {
    "i18n": 0,  # the one translation mechanism, for every layer
    "lazy": 0,  # a package's names imported on first use, for every layer
    "resource_files": 0,  # the files shipped beside the code, for every layer
    "engine": 1,
    "texts": 2,  # engine codes in the player's words, for the edges
    "scoring": 2,
    "themes": 2,
    "solver": 3,
    "storage": 3,
    "analysis": 4,
    "plugin_host": 4,
    "launch": 5,  # start-up: logs, the crash hook, the packaging self-check
    "core": 6,
    "cli": 7,
    "ui": 8,
    "__main__": 9,  # the GUI entry point: the only importer of ui besides ui
    "__init__": 9,  # ``freecell`` itself: its version, and hookimpl on first use
}
# The one import up the layers, and why: once a QApplication exists, the crash hook
# shows its dialog and the smoke run its timer through ui (inside functions).
ALLOWED_UP = {
    ("freecell.launch", "freecell.ui.shell.crash_dialog"),
    ("freecell.launch", "freecell.ui.shell.smoke"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def group(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _resolve(name: str) -> str:
    """The module an imported name lives in (``freecell.engine.Move`` -> the package)."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports(module: str) -> Iterator[tuple[str, bool, bool]]:
    """(imported module, at import time?, only for type checking?) for each import."""
    path = MODULES[module]

    def visit(
        node: ast.AST, at_import: bool, typing_only: bool
    ) -> Iterator[tuple[str, bool, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (item for c in child.body for item in visit_one(c, at_import, True))
                yield from (
                    item for c in child.orelse for item in visit_one(c, at_import, typing_only)
                )
            else:
                yield from visit_one(child, at_import, typing_only)

    def visit_one(
        child: ast.AST, at_import: bool, typing_only: bool
    ) -> Iterator[tuple[str, bool, bool]]:
        if isinstance(child, ast.Import):
            names = [alias.name for alias in child.names]
        elif isinstance(child, ast.ImportFrom):
            if child.level:
                package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
                base = package.split(".")[: len(package.split(".")) - child.level + 1]
                source = ".".join(base + ([child.module] if child.module else []))
            else:
                source = child.module or ""
            names = [source] + [f"{source}.{alias.name}" for alias in child.names]
        else:
            inner = at_import and not isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            yield from visit(child, inner, typing_only)
            return
        for name in names:
            if name.split(".")[0] == "freecell":
                yield _resolve(name), at_import, typing_only

    yield from visit(ast.parse(path.read_text(encoding="utf-8")), True, False)


def test_every_group_has_a_layer() -> None:
    assert {group(m) for m in MODULES} <= set(LAYERS), "place the new group in LAYERS"


def test_imports_go_down_the_layers() -> None:
    wrong = []
    for module in MODULES:
        for target, _, _ in imports(module):
            here, there = group(module), group(target)
            if here == there or (module, target) in ALLOWED_UP:
                continue
            if there == "__init__" and target == "freecell":
                continue  # ``from freecell import __version__`` is for everyone
            if LAYERS[there] >= LAYERS[here]:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports up or across the layers:\n" + "\n".join(sorted(set(wrong)))


def test_nothing_imports_ui_but_ui_and_the_gui_entry_point() -> None:
    wrong = {
        f"{module} imports {target}"
        for module in MODULES
        for target, _, _ in imports(module)
        if group(target) == "ui"
        and group(module) not in ("ui", "__main__")
        and (module, target) not in ALLOWED_UP
    }
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    """Counting every import: at load time, inside functions and for type checking
    alike (a circle of type-only or late imports is still a circle of knowledge)."""
    graph = {
        module: {
            target
            for target, _, _ in imports(module)
            if target != module and not module.startswith(target + ".")  # (own __init__)
        }
        for module in MODULES
    }
    cycles = [sorted(c) for c in _strongly_connected(graph) if len(c) > 1]
    assert not cycles, f"import cycles: {cycles}"


# The shell's window modules and the GUI entry point: the only ones that know the
# concrete window.  Every feature works through the door (freecell.ui.shell.door).
WINDOW_MODULES = {
    "freecell.ui.shell.main_window",
    "freecell.ui.shell.app",
    "freecell.ui.shell.startup",
    "freecell.__main__",
}


def test_only_the_shell_imports_the_main_window() -> None:
    """Type-only and function-local imports count too."""
    importers = {
        module
        for module in MODULES
        for target, _, _ in imports(module)
        if target == "freecell.ui.shell.main_window" and module != target
    }
    assert importers - WINDOW_MODULES == set()
    assert "freecell.ui.shell.app" in importers  # (the test still sees the imports)


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    return found
