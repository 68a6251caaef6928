"""The plain ``.po`` reader (freecell/i18n/po_reader.py) compiles what Babel compiles:
on every shipped catalogue and on catalogues Babel writes from generated messages;
text it does not know goes to Babel, and a checkout's start in another language
imports none of Babel."""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from freecell.i18n import languages
from freecell.i18n.catalogue import compile_po, compile_with_babel
from freecell.i18n.po_reader import Unreadable
from freecell.i18n.po_reader import compile_po as compile_plainly

LOCALE = Path(__file__).resolve().parents[1] / "app" / "freecell" / "locale"
SHIPPED = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 1001)


def translations(mo: bytes) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(mo))


def assert_same(text: bytes) -> None:
    """Both compilations answer every message of ``text`` alike (and the plural rule)."""
    catalogue = read_po(io.BytesIO(text))

    def answers(compiled: bytes) -> list[object]:
        t = translations(compiled)
        said: list[object] = [t.plural(n) for n in range(300)]
        for message in catalogue:
            if not message.id:
                continue
            context = message.context
            if isinstance(message.id, tuple | list):
                one, many = message.id[0], message.id[1]
                for n in COUNTS:
                    if context is None:
                        said.append((message.id, n, t.ngettext(one, many, n)))
                    else:
                        said.append((context, message.id, n, t.npgettext(context, one, many, n)))
            elif context is None:
                said.append((message.id, t.gettext(message.id)))
            else:
                said.append((context, message.id, t.pgettext(context, message.id)))
        return said

    assert answers(compile_plainly(text)) == answers(compile_with_babel(text))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.parent.parent.name)
def test_every_shipped_catalogue_compiles_as_babel_compiles_it(path: Path) -> None:
    text = path.read_bytes()
    assert_same(text)
    plain = translations(compile_plainly(text))
    assert plain.info()["language"] == path.parent.parent.name  # the header is kept
    assert "charset=utf-8" in plain.info()["content-type"].lower()


def test_the_shipped_catalogues_are_found() -> None:
    assert {p.parent.parent.name for p in SHIPPED} == set(languages.SHIPPED) - {"en"}


# What a translation may hold: quotes, backslashes, tabs, line breaks, accents and
# CJK, placeholders, long enough for Babel to wrap it over several lines.
TEXT = st.text(
    alphabet='ab Z09"\\\t\n{}%()sé日本ł—&üж',
    min_size=1,
    max_size=120,
)


@st.composite
def catalogues(draw: st.DrawFn) -> bytes:
    language = draw(st.sampled_from(["de", "pl", "ja", "ru", "fr", "pt_BR"]))
    catalogue = Catalog(locale=language, project="probe")
    seen: set[tuple[object, str | None]] = set()
    for _ in range(draw(st.integers(min_value=0, max_value=12))):
        context = draw(st.none() | TEXT)
        flags = ["fuzzy"] if draw(st.booleans()) else []
        if draw(st.booleans()):  # a plural message
            ids: str | tuple[str, str] = (draw(TEXT), draw(TEXT))
            forms = catalogue.num_plurals
            string: str | tuple[str, ...] = tuple(draw(st.just("") | TEXT) for _ in range(forms))
        else:
            ids, string = draw(TEXT), draw(st.just("") | TEXT)
        key = (ids if isinstance(ids, str) else ids[0], context)
        if key in seen:
            continue
        seen.add(key)
        catalogue.add(ids, string, context=context, flags=flags)
    out = io.BytesIO()
    write_po(out, catalogue, width=40)
    return out.getvalue()


@settings(max_examples=150, deadline=None)
@given(catalogues())
def test_a_catalogue_babel_writes_compiles_as_babel_compiles_it(text: bytes) -> None:
    assert_same(text)


@pytest.mark.parametrize(
    ("why", "po"),
    [
        ("obsolete", 'msgid "a"\nmsgstr "b"\n\n#~ msgid "old"\n#~ msgstr "alt"\n'),
        ("escape", 'msgid "a\\x41"\nmsgstr "b"\n'),
        ("keyword", 'msgid "a"\nmsgstr "b"\nmsgfoo "c"\n'),
        ("charset", 'msgid ""\nmsgstr "Content-Type: text/plain; charset=latin-1\\n"\n'),
    ],
)
def test_text_the_reader_does_not_know_goes_to_babel(why: str, po: str) -> None:
    text = po.encode("latin-1" if why == "charset" else "utf-8")
    with pytest.raises(Unreadable):
        compile_plainly(text)
    assert compile_po(text) == compile_with_babel(text)  # (Babel's answer, errors and all)


def test_fuzzy_and_untranslated_entries_are_left_out() -> None:
    text = (
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, fuzzy\nmsgid "Guess"\nmsgstr "Vermutung"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgctxt "menu"\nmsgid "Open"\nmsgstr "Öffnen"\n'
    ).encode()
    plain = translations(compile_plainly(text))
    assert plain.gettext("Guess") == "Guess" and plain.gettext("Empty") == "Empty"
    assert plain.pgettext("menu", "Open") == "Öffnen" and plain.gettext("Open") == "Open"


def test_a_checkout_starts_in_german_without_babel(tmp_path: Path) -> None:
    """No ``.mo`` next to the ``.po`` (a source checkout): the catalogue is compiled
    in memory, and Babel is never imported for it."""
    probe = (
        "import sys\n"
        "from freecell import i18n\n"
        "i18n.set_language('de')\n"
        "print(i18n._('Free cells'))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    shown, babel = result.stdout.splitlines()
    assert shown != "Free cells"  # translated
    assert babel == "[]"
