"""The one build step setuptools cannot do from pyproject.toml alone: the translation
catalogues (``.po`` text in the repository) compiled to ``.mo`` inside the wheel, by
packaging/i18n/catalogues.py (Babel, a build requirement: no network beyond the
package index pip already uses)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the .po files from the checkout
        spec = importlib.util.spec_from_file_location(
            "freecell_catalogues", ROOT / "packaging" / "i18n" / "catalogues.py"
        )
        assert spec is not None and spec.loader is not None
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
        tool.compile_all(into=Path(self.build_lib) / "freecell" / "locale")


setup(cmdclass={"build_py": BuildWithCatalogues})
