"""Numbers, percentages, dates and times as the player's locale writes them
(``1.234`` in German, ``1 234`` in French, ``2026/12/01`` in Japanese), with Babel.

Babel is imported on first use, never at start-up: the CLI's ``--version`` and
``board`` load none of it.  The locale is the shown language, in the country the
system names for it (``es`` shown on an ``es_MX`` system writes Mexican numbers).

A whole number in English is written without Babel where its locale groups digits
by threes with a comma, as Python's ``{:,}`` does (tests/test_i18n.py holds the two
equal): loading Babel's locale data costs some 4 MB of memory, which an English game
otherwise paid for at start-up for the one number in the rating's tooltip.
"""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING

from freecell.i18n import PSEUDO_LANGUAGE, SOURCE_LANGUAGE, language
from freecell.i18n.languages import system_locale

if TYPE_CHECKING:
    from babel import Locale


def locale_name(category: str = "LC_NUMERIC") -> str:
    """The locale for the shown language (``es_MX``, ``pt_BR``, ``en``)."""
    shown = language()
    if shown == PSEUDO_LANGUAGE:
        shown = SOURCE_LANGUAGE
    return formatting_locale(shown, system_locale(category=category))


def formatting_locale(shown: str, system: str) -> str:
    """The Babel locale that writes numbers and dates for the catalogue ``shown``
    (``es``, ``pt``, ``pt_BR``) on a system set to ``system`` (``es_MX``, or ``""``):
    the system's when it speaks the same language, so its country's numbers, else
    the catalogue's own.  Portuguese is two written standards with a catalogue each:
    ``pt`` is Portugal's, which Babel calls pt_PT (its plain "pt" is Brazil's), and
    a Brazilian system does not turn it Brazilian, nor the other way round."""
    same_language = system.partition("_")[0] == shown.partition("_")[0]
    if same_language and _brazilian(system) == _brazilian(shown):
        shown = system
    return "pt_PT" if shown == "pt" else shown


def _brazilian(code: str) -> bool:
    return code == "pt_BR"


def _locale(category: str = "LC_NUMERIC") -> Locale:
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(locale_name(category))
    except (ValueError, UnknownLocaleError, OSError):  # a country Babel does not know
        shown = language()
        return Locale.parse(
            formatting_locale(SOURCE_LANGUAGE if shown == PSEUDO_LANGUAGE else shown, "")
        )


# English locales whose whole numbers CLDR writes "1,234,567" (not en_IN's
# "12,34,567", en_ZA's "1 234 567" or en_DE's "1.234.567")
COMMA_THOUSANDS = frozenset({"en", "en_US", "en_GB", "en_AU", "en_CA", "en_IE", "en_NZ"})


def format_number(value: float) -> str:
    """``12345`` -> ``12,345`` / ``12.345`` / ``12 345``."""
    if type(value) is int and locale_name() in COMMA_THOUSANDS:
        return f"{value:,}"
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_locale())


def format_percent(fraction: float, decimals: int = 0) -> str:
    """``0.456`` -> ``46%`` / ``46 %`` (German and French put a space before it)."""
    from babel.numbers import format_percent as babel_percent

    locale = _locale()
    pattern = locale.percent_formats[None].pattern
    if decimals:
        pattern = pattern.replace("0", "0." + "0" * decimals, 1)  # "#,##0 %": one 0
    return babel_percent(fraction, format=pattern, locale=locale)


def format_date(value: _dt.date, length: str = "medium") -> str:
    """A date as the locale writes it (``01.12.2026``, ``2026/12/01``)."""
    from babel.dates import format_date as babel_date

    return babel_date(value, format=length, locale=_locale("LC_TIME"))


def format_datetime(value: _dt.datetime, length: str = "medium") -> str:
    from babel.dates import format_datetime as babel_datetime

    return babel_datetime(value, format=length, locale=_locale("LC_TIME"))


def format_time(value: _dt.time | _dt.datetime, length: str = "short") -> str:
    from babel.dates import format_time as babel_time

    return babel_time(value, format=length, locale=_locale("LC_TIME"))
