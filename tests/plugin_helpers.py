"""Helpers for the plugin tests: fake installed distributions and user-folder files.

A distribution is "installed" by writing ``<name>-<version>.dist-info`` with
``METADATA`` and ``entry_points.txt`` into a folder put on ``sys.path``; that is all
``importlib.metadata`` needs to find its entry points, exactly as for a
``pip install``.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest


class FakeSite:
    """A folder on sys.path that distributions and modules can be written into."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        self.modules: list[str] = []
        root.mkdir(parents=True, exist_ok=True)
        monkeypatch.syspath_prepend(str(root))

    def install(
        self,
        dist: str,
        module: str,
        source: str,
        *,
        entry_name: str | None = None,
        version: str = "1.0",
        summary: str = "",
        attribute: str | None = None,
    ) -> None:
        """Install a one-module distribution whose entry point in group ``freecell``
        is ``entry_name = module`` (or ``module:attribute``)."""
        (self.root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        info = self.root / f"{dist.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\nSummary: {summary}\n",
            encoding="utf-8",
        )
        target = f"{module}:{attribute}" if attribute else module
        (info / "entry_points.txt").write_text(
            f"[freecell]\n{entry_name or module} = {target}\n", encoding="utf-8"
        )
        self.modules.append(module)

    def forget(self) -> None:
        for module in self.modules:
            sys.modules.pop(module, None)


def fake_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSite]:
    """For a fixture: a fake site folder, its modules forgotten afterwards."""
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget()


def user_plugin_folder(tmp_path: Path) -> Iterator[Path]:
    """For a fixture: a user plugin folder, its modules forgotten afterwards."""
    folder = tmp_path / "user-plugins"
    folder.mkdir()
    yield folder
    for path in folder.glob("*.py"):
        sys.modules.pop(f"freecell_user_plugin_{path.stem}", None)


def write_plugin(folder: Path, name: str, source: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path
