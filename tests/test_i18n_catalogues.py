"""The shipped catalogues are complete and correct, and in step with the sources.

Fails when a shipped language has a missing, untranslated or fuzzy entry, a plural
without all its forms, placeholders or ``&`` shortcuts that differ from the source,
or when the template, the desktop entry or the AppStream file is out of date (run
``python packaging/i18n/catalogues.py extract`` / ``compile``, docs/translating.md).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "freecell_catalogues", ROOT / "packaging" / "i18n" / "catalogues.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_shipped_language_is_complete(tool: ModuleType) -> None:
    problems = tool.check()
    assert not problems, "\n".join(problems[:40])


def test_the_template_holds_every_marked_string(tool: ModuleType) -> None:
    fresh = {(m.id, m.context) for m in tool.extract() if m.id}
    template = {(m.id, m.context) for m in tool._read(tool.TEMPLATE, "en") if m.id}
    assert fresh - template == set(), "strings not extracted: run catalogues.py extract"
    assert template - fresh == set(), "strings no longer in the sources: run extract"


def test_the_desktop_entry_and_appstream_file_carry_the_translations(tool: ModuleType) -> None:
    catalogues = tool.translations()
    assert tool.DESKTOP.read_text(encoding="utf-8") == tool.desktop_file(catalogues)
    assert tool.METAINFO.read_text(encoding="utf-8") == tool.metainfo_file(catalogues)
    assert "GenericName[de]=Patience-Kartenspiel" in tool.DESKTOP.read_text(encoding="utf-8")


def test_the_check_finds_what_is_wrong(tool: ModuleType) -> None:
    from babel.messages.catalog import Catalog

    template = Catalog(locale="en")
    template.add("Deal {number}")
    template.add(("{n} card", "{n} cards"))
    template.add("&Game")
    template.add("Hint")
    template.add("Undo")
    broken = Catalog(locale="pl")
    broken.add("Deal {number}", "Rozdanie {numer}")
    broken.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty"))
    broken.add("&Game", "Gra")
    broken.add("Hint", "Podpowiedź", flags=["fuzzy"])
    found = "\n".join(tool.problems("pl", broken, template))
    assert "placeholders" in found and "{numer}" in found
    assert "2 plural forms, the language has 3" in found
    assert "& shortcut" in found
    assert "fuzzy" in found
    assert "'Undo': missing" in found
