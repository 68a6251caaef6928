"""Translations for every layer -- window, screen reader, CLI, plugins -- with gettext.

Qt-free, and cheap: importing this module loads no catalogue; the first translated
string does.  Source strings are English; the catalogues are gettext ``.po`` files
under ``freecell/locale/`` (see docs/translating.md).

    from freecell.i18n import _, ngettext, pgettext
    _("Free cells")
    ngettext("{n} card", "{n} cards", n).format(n=n)
    pgettext("menu", "&Game")

``N_`` marks a string for the catalogue where it is defined (a variant's name, a
table of labels) and ``_`` translates it where it is shown.

The language follows the system (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``) unless :func:`set_language` names one; the game window calls it once at
start-up from the ``language`` setting, so a change in Preferences applies at the
next start.  A language without a catalogue is English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from freecell.i18n.languages import FOLLOW_SYSTEM, PSEUDO_LANGUAGE, SHIPPED, SOURCE_LANGUAGE
from freecell.i18n.languages import resolve as _resolve

if TYPE_CHECKING:
    import gettext as _gettext

__all__ = [
    "FOLLOW_SYSTEM",
    "N_",
    "PSEUDO_LANGUAGE",
    "SHIPPED",
    "SOURCE_LANGUAGE",
    "Domain",
    "_",
    "gettext",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
]

_setting: str | None = None
_language: str | None = None


def set_language(setting: str | None) -> str:
    """Use ``setting`` (a language code, or ``system``/None for the environment's)
    from now on; returns the language that results.  Catalogues already loaded are
    dropped when the language changes, so the next string comes from the new one."""
    global _setting, _language
    _setting = setting
    resolved = _resolve(setting)
    if resolved != _language:
        _language = resolved
        for domain in Domain.instances:
            domain.forget()
    return resolved


def language() -> str:
    """The language strings are shown in now (``de``, ``pt_BR``, ``en``...)."""
    global _language
    if _language is None:
        _language = _resolve(_setting)
    return _language


class _SourceStrings:
    """The source language's catalogue: every string as written, with English's
    plural rule -- what gettext's ``NullTranslations`` answers, without importing
    gettext and the package's resources (a command line in English pays for none)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_SOURCE_STRINGS = _SourceStrings()


class Domain:
    """One catalogue family: ``freecell``'s own, or a plugin's.

    A plugin ships ``<its package>/locale/<lang>/LC_MESSAGES/<domain>.mo`` and makes
    ``_ = Domain("my_domain", "my_package").gettext``; its strings follow the same
    language as the game's (docs/plugins.md).
    """

    instances: ClassVar[list[Domain]] = []

    def __init__(self, domain: str, package: str) -> None:
        self.domain = domain
        self.package = package
        self._catalogue: _gettext.NullTranslations | _SourceStrings | None = None
        Domain.instances.append(self)

    def forget(self) -> None:
        self._catalogue = None

    def catalogue(self) -> _gettext.NullTranslations | _SourceStrings:
        if self._catalogue is None:
            if language() == SOURCE_LANGUAGE:
                self._catalogue = _SOURCE_STRINGS  # (no gettext, no resources to import)
            else:
                from freecell.i18n.catalogue import load

                self._catalogue = load(self.package, self.domain, language())
        return self._catalogue

    def gettext(self, message: str) -> str:
        return self.catalogue().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of the language's plural rule for ``n`` (Polish has three)."""
        return self.catalogue().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` where the same English word needs different translations."""
        return self.catalogue().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.catalogue().npgettext(context, singular, plural, n)


_FREECELL = Domain("freecell", "freecell")
gettext = _FREECELL.gettext
ngettext = _FREECELL.ngettext
pgettext = _FREECELL.pgettext
npgettext = _FREECELL.npgettext
_ = gettext


def N_(message: str) -> str:  # gettext's name for "mark now, translate later"
    """Mark ``message`` for the catalogue without translating it here."""
    return message
