"""The translation layer: which language is shown, plural forms, fallbacks, plugin
catalogues, the pseudo-locale and locale-aware numbers -- without Qt."""

from __future__ import annotations

import datetime
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell import i18n
from freecell.i18n import Domain, languages
from freecell.i18n.catalogue import compile_po
from freecell.i18n.formatting import (
    COMMA_THOUSANDS,
    format_date,
    format_number,
    format_percent,
    formatting_locale,
)
from freecell.i18n.pseudo import decorate


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("environ", "shown"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "pt_AO.UTF-8"}, "pt"),  # the country's own catalogue, else its language's
        ({"LANG": "ca_ES.UTF-8"}, "ca"),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "pl_PL.UTF-8", "LC_MESSAGES": "ja_JP"}, "pl"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "ru:de"}, "ru"),
        ({"LANGUAGE": "eo:la:it"}, "it"),  # the first one we ship
        ({"LANG": "eo.UTF-8"}, "en"),  # no catalogue: English
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_follows_the_environment(environ: dict[str, str], shown: str) -> None:
    assert languages.resolve(None, environ) == shown
    assert languages.resolve("system", environ) == shown


def test_the_setting_overrides_the_system_unless_we_do_not_ship_it() -> None:
    environ = {"LANG": "de_DE.UTF-8"}
    assert languages.resolve("ja", environ) == "ja"
    assert languages.resolve("pt_BR", environ) == "pt_BR"
    assert languages.resolve("xx", environ) == "de"


def test_every_shipped_language_has_a_catalogue_and_a_name() -> None:
    folder = Path(i18n.__file__).parent.parent / "locale"
    on_disk = {p.parent.parent.name for p in folder.glob("*/LC_MESSAGES/freecell.po")}
    assert on_disk == set(languages.SHIPPED) - {"en"}
    assert all(languages.SHIPPED.values())


def test_set_language_switches_the_catalogue() -> None:
    assert i18n.set_language("de") == "de"
    assert i18n.pgettext("desktop GenericName", "Patience Card Game") == "Patience-Kartenspiel"
    assert i18n.set_language("en") == "en"
    assert i18n.pgettext("desktop GenericName", "Patience Card Game") == "Patience Card Game"


def test_an_unknown_string_stays_english() -> None:
    i18n.set_language("fr")
    assert i18n.gettext("No such string in any catalogue") == "No such string in any catalogue"
    assert i18n.ngettext("{n} thing", "{n} things", 5) == "{n} things"


PLUGIN_PO = textwrap.dedent(
    """\
    msgid ""
    msgstr ""
    "Language: pl\\n"
    "Plural-Forms: nplurals=3; "
    "plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
    "Content-Type: text/plain; charset=utf-8\\n"

    msgid "Midnight"
    msgstr "Północ"

    msgid "{n} card"
    msgid_plural "{n} cards"
    msgstr[0] "{n} karta"
    msgstr[1] "{n} karty"
    msgstr[2] "{n} kart"

    #, fuzzy
    msgid "Unsure"
    msgstr "Niepewne"
    """
)


@pytest.fixture
def plugin_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    package = tmp_path / "midnight_plugin"
    messages = package / "locale" / "pl" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (messages / "midnight.po").write_text(PLUGIN_PO, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "midnight_plugin", raising=False)  # an earlier test's
    return package


def test_a_plugin_ships_its_own_catalogue_with_three_polish_plural_forms(
    plugin_package: Path,
) -> None:
    domain = Domain("midnight", "midnight_plugin")
    i18n.set_language("pl")
    assert domain.gettext("Midnight") == "Północ"
    forms = {n: domain.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 22, 25)}
    assert forms == {1: "1 karta", 2: "2 karty", 5: "5 kart", 22: "22 karty", 25: "25 kart"}
    assert domain.gettext("Unsure") == "Unsure"  # fuzzy entries are not used
    i18n.set_language("de")  # no German catalogue in the plugin: its English
    assert domain.gettext("Midnight") == "Midnight"


def test_a_compiled_catalogue_wins_over_the_text(plugin_package: Path) -> None:
    messages = plugin_package / "locale" / "pl" / "LC_MESSAGES"
    (messages / "midnight.mo").write_bytes(
        compile_po(PLUGIN_PO.replace('"Północ"', '"Północ (mo)"').encode())
    )
    domain = Domain("midnight", "midnight_plugin")
    i18n.set_language("pl")
    assert domain.gettext("Midnight") == "Północ (mo)"


def test_a_broken_catalogue_is_english_not_a_crash(plugin_package: Path) -> None:
    messages = plugin_package / "locale" / "pl" / "LC_MESSAGES"
    (messages / "midnight.mo").write_bytes(b"\x00not a catalogue")
    domain = Domain("midnight", "midnight_plugin")
    i18n.set_language("pl")
    assert domain.gettext("Midnight") == "Midnight"


def test_the_pseudo_locale_decorates_and_keeps_placeholders_and_markup() -> None:
    text = decorate("Deal {number}: <b>%(cards)s</b> cards & more")
    assert text.startswith("[") and text.endswith("]")
    assert "{number}" in text and "%(cards)s" in text and "<b>" in text and "</b>" in text
    assert not any(
        c.isascii() and c.isalpha()
        for c in text.replace("{number}", "")
        .replace("%(cards)s", "")
        .replace("<b>", "")
        .replace("</b>", "")
    )
    assert decorate("Deal {n}").format(n=5).count("5") == 1


def test_the_pseudo_locale_keeps_spaces_and_line_breaks_at_either_end_outside() -> None:
    # argparse writes "usage: " straight before the command's name; an error line
    # ends with its line break
    assert decorate("usage: ") == "[ûšàĝé: ~~] "
    assert decorate("%(prog)s: error: %(message)s\n").endswith(" ~~~~~~~~~]\n")
    assert decorate(" \n") == " \n" and decorate("") == ""


def test_the_pseudo_locale_decorates_every_catalogue_string() -> None:
    i18n.set_language("pseudo")
    shown = i18n.pgettext("desktop GenericName", "Patience Card Game")
    assert shown == decorate("Patience Card Game")


@pytest.mark.parametrize(
    ("language", "number", "percent"),
    [
        ("en", "1,234,567", "46%"),
        ("de", "1.234.567", "46\xa0%"),
        ("fr", "1\u202f234\u202f567", "46\xa0%"),
        ("ja", "1,234,567", "46%"),
    ],
)
def test_numbers_follow_the_language(
    language: str, number: str, percent: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_NUMERIC", "LC_TIME", "LANG"):
        monkeypatch.delenv(name, raising=False)
    i18n.set_language(language)
    assert format_number(1234567) == number
    assert format_percent(0.456) == percent


@pytest.mark.parametrize("system", sorted(COMMA_THOUSANDS))
def test_english_whole_numbers_written_without_babel_are_babels(
    system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The English numbers made without Babel's locale data are the ones it makes."""
    from babel.numbers import format_decimal

    for name in ("LC_ALL", "LC_NUMERIC"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", f"{system}.UTF-8")
    i18n.set_language("en")
    for n in (0, 7, -7, 999, 1000, -1234, 61_000, 1_234_567, -98_765_432, 2**33 - 1):
        assert format_number(n) == format_decimal(n, locale=system), (system, n)
    assert format_number(2.5) == "2.5"  # a fraction is Babel's


def test_numbers_follow_the_systems_country_for_the_same_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_NUMERIC", raising=False)
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    i18n.set_language("es")
    assert format_number(1234567) == "1,234,567"  # Mexican, not Spain's 1.234.567
    i18n.set_language("fr")  # a French window on a Mexican system: French numbers
    assert format_number(1234) == "1\u202f234"


@pytest.mark.parametrize(
    ("shown", "system", "written"),
    [
        ("pt", "", "pt_PT"),  # Babel's plain "pt" is Brazil's
        ("pt_PT", "", "pt_PT"),
        ("pt", "pt_PT", "pt_PT"),
        ("pt", "pt", "pt_PT"),
        ("pt", "pt_AO", "pt_AO"),  # Angola writes Portugal's Portuguese, in its country
        ("pt", "pt_BR", "pt_PT"),  # a Brazilian system does not make it Brazilian
        ("pt_BR", "pt_PT", "pt_BR"),
        ("pt_BR", "", "pt_BR"),
        ("es", "es_MX", "es_MX"),
        ("de", "fr_FR", "de"),
    ],
)
def test_european_portuguese_writes_portugals_numbers_and_dates(
    shown: str, system: str, written: str
) -> None:
    from babel.numbers import format_decimal

    assert formatting_locale(shown, system) == written
    if shown == "pt" and not system:  # what the player sees: Portugal's, not Brazil's
        assert format_decimal(12345.5, locale=written) == "12\xa0345,5"
        assert format_decimal(12345.5, locale="pt") == "12.345,5"


def test_dates_follow_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_TIME", "LANG"):
        monkeypatch.delenv(name, raising=False)
    day = datetime.date(2026, 12, 1)
    i18n.set_language("de")
    assert format_date(day, "short") == "01.12.26"
    i18n.set_language("ja")
    assert format_date(day, "medium") == "2026/12/01"


def test_importing_and_english_strings_load_no_catalogue_and_no_babel() -> None:
    code = (
        "import sys\n"
        "from freecell.i18n import _, set_language\n"
        "assert 'gettext' not in sys.modules and 'babel' not in sys.modules\n"
        "set_language('en'); _('Free cells')\n"
        "assert not any(m.startswith('babel') for m in sys.modules), 'babel for English'\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
