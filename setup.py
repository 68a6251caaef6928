"""What setuptools cannot take from pyproject.toml alone:

- where each package lives: the game in app/, the built-in plugins in plugins/ and the
  resources (icons, the shipped ratings) in resources/, shipped as ``freecell/resources``;
- the entry points: the commands ``freecell`` and ``freecell-cli``, and the built-in
  plugins (group ``freecell``) written from the one list of them, ``BUILTIN_PLUGINS`` in
  app/freecell/plugin_host/builtins.py;
- the translation catalogues (``.po`` text in the repository) compiled to ``.mo`` inside
  the wheel, by packaging/i18n/catalogues.py (Babel, a build requirement: no network
  beyond the package index pip already uses).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import find_namespace_packages, find_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _load(name: str, path: Path) -> ModuleType:
    """A module of this checkout by its path (the package is not importable yet)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILTIN_PLUGINS: dict[str, str] = _load(
    "freecell_builtins_list", ROOT / "app" / "freecell" / "plugin_host" / "builtins.py"
).BUILTIN_PLUGINS


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the .po files from the checkout
        tool = _load("freecell_catalogues", ROOT / "packaging" / "i18n" / "catalogues.py")
        tool.compile_all(into=Path(self.build_lib) / "freecell" / "locale")


setup(
    package_dir={
        "": "app",
        "freecell.resources": "resources",
        **{module: f"plugins/{module}" for module in BUILTIN_PLUGINS.values()},
    },
    packages=[
        *find_packages("app"),
        "freecell.resources",
        # its folders (icons/, ratings/) are data, listed so setuptools ships them as such
        *(f"freecell.resources.{name}" for name in find_namespace_packages("resources")),
        *(p for p in find_packages("plugins") if p.split(".")[0] in BUILTIN_PLUGINS.values()),
    ],
    entry_points={
        "console_scripts": ["freecell-cli = freecell.cli:main"],
        "gui_scripts": ["freecell = freecell.__main__:main"],
        "freecell": [f"{name} = {module}" for name, module in BUILTIN_PLUGINS.items()],
    },
    cmdclass={"build_py": BuildWithCatalogues},
)
