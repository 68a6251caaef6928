"""Which language the player reads: the shipped catalogues, the system's choice and
the Preferences override, resolved to one shipped language or English.

Qt-free and cheap to import: only :mod:`os`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

SOURCE_LANGUAGE = "en"
"""The language of the source strings; it needs no catalogue."""

PSEUDO_LANGUAGE = "pseudo"
"""Every string decorated (``[Ƒŕéé ĉéļļš ~~]``): shows what escaped the catalogue."""

FOLLOW_SYSTEM = "system"
"""The ``language`` setting's value that means: follow the environment."""

SHIPPED: Mapping[str, str] = {
    "en": "English",
    "ca": "Català",
    "cs": "Čeština",
    "de": "Deutsch",
    "el": "Ελληνικά",
    "es": "Español",
    "fi": "Suomi",
    "fr": "Français",
    "hu": "Magyar",
    "it": "Italiano",
    "ja": "日本語",
    "ko": "한국어",
    "nl": "Nederlands",
    "pl": "Polski",
    "pt": "Português (Portugal)",
    "pt_BR": "Português (Brasil)",
    "ro": "Română",
    "ru": "Русский",
    "sv": "Svenska",
    "tr": "Türkçe",
    "uk": "Українська",
    "zh_CN": "简体中文",
}
"""Language code -> its name in that language, as the Preferences list shows it."""

ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""gettext's order: the first one set decides (``LANGUAGE`` may list several)."""


def normalize(code: str) -> str:
    """``de_DE.UTF-8@euro`` -> ``de_DE``; ``pt-br`` -> ``pt_BR``; ``C`` -> ``en``."""
    code = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not code or code in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    if code.lower() == PSEUDO_LANGUAGE:
        return PSEUDO_LANGUAGE
    language, _, territory = code.partition("_")
    return f"{language.lower()}_{territory.upper()}" if territory else language.lower()


def match(code: str, available: Sequence[str] = tuple(SHIPPED)) -> str | None:
    """The available language that serves ``code``: the exact one, else the same
    language in another country (``de_AT`` -> ``de``, ``pt`` -> ``pt_BR``)."""
    wanted = normalize(code)
    if wanted == PSEUDO_LANGUAGE:
        return PSEUDO_LANGUAGE
    if wanted in available:
        return wanted
    base = wanted.partition("_")[0]
    if base in available:
        return base
    return next((a for a in available if a.partition("_")[0] == base), None)


def system_preferences(environ: Mapping[str, str] | None = None) -> list[str]:
    """The languages the environment asks for, most wanted first."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT_VARIABLES:
        value = env.get(name, "")
        if value:
            return [v for v in value.split(":") if v] if name == "LANGUAGE" else [value]
    return []


def resolve(setting: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to show: the setting's (unless it says ``system`` or names a
    language we do not ship), else the first system preference we ship, else English."""
    wanted = [] if not setting or setting == FOLLOW_SYSTEM else [setting]
    for code in [*wanted, *system_preferences(environ)]:
        found = match(code)
        if found is not None:
            return found
    return SOURCE_LANGUAGE


def system_locale(environ: Mapping[str, str] | None = None, category: str = "LC_NUMERIC") -> str:
    """The locale the environment sets for numbers or dates (``de_CH``), or ``""``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", category, "LANG"):
        value = env.get(name, "")
        if value:
            base = value.split(".")[0].split("@")[0]
            return "" if base in ("C", "POSIX") else normalize(base)
    return ""
