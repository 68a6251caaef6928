"""The shipped catalogues are complete and correct, and in step with the sources.

Fails when a shipped language has a missing, untranslated or fuzzy entry, a plural
without all its forms, placeholders or ``&`` shortcuts that differ from the source,
an entry GNU gettext's ``msgfmt -c`` rejects, or when the template, the desktop entry
or the AppStream file is out of date (run ``python packaging/i18n/catalogues.py
extract`` / ``compile``, docs/translating.md).
"""

from __future__ import annotations

import importlib.util
import shutil
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


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext's msgfmt")
@pytest.mark.parametrize(
    "po", sorted((ROOT / "app" / "freecell" / "locale").glob("*/LC_MESSAGES/freecell.po"))
)
def test_gnu_msgfmt_accepts_the_catalogue(tool: ModuleType, po: Path) -> None:
    assert tool.msgfmt_problems(po) == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext's msgfmt")
def test_msgfmt_rejects_a_plural_form_that_drops_the_count_where_it_is_not_one(
    tool: ModuleType, tmp_path: Path
) -> None:
    # Russian's form 0 serves 1, 21, 31...: leaving {n} out of it is an error
    po = tmp_path / "ru.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
        'n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
        "#, python-brace-format\n"
        'msgid "first column"\nmsgid_plural "first {n} columns"\n'
        'msgstr[0] "первый столбец"\nmsgstr[1] "первые {n} столбца"\n'
        'msgstr[2] "первые {n} столбцов"\n',
        encoding="utf-8",
    )
    found = tool.msgfmt_problems(po)
    assert any("'n'" in line and "msgstr[0]" in line for line in found), found
