"""The layers that must never import Qt don't: engine, solver, plugins, storage.

Each is imported in a fresh interpreter in which any attempt to import PySide6 or
shiboken6 raises; a layer that reaches for Qt, directly or through a dependency,
fails here.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

PURE_PACKAGES = [
    "freecell.engine",
    "freecell.solver",
    "freecell.plugin_host",
    "freecell.storage",
    "freecell.core",
]

BLOCKER = """
import sys, importlib.abc, pkgutil
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ImportError("Qt imported from a pure layer: " + name)
        return None
sys.meta_path.insert(0, Block())
import importlib
package = importlib.import_module(sys.argv[1])
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
print("ok")
"""


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_pure_layers_import_without_qt(package: str) -> None:
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} does not exist yet")
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, package], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_importing_the_package_costs_no_pluggy_until_a_plugin_asks() -> None:
    """Every start-up and every solver worker imports ``freecell``; ``hookimpl`` is
    loaded on first use."""
    code = (
        "import sys, freecell\n"
        "assert 'pluggy' not in sys.modules, 'pluggy imported eagerly'\n"
        "from freecell import hookimpl\n"
        "assert 'pluggy' in sys.modules and callable(hookimpl)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
