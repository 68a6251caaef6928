"""Loading one gettext catalogue: the compiled ``.mo`` a wheel or the app ships, or,
in a source checkout where nothing was compiled, the ``.po`` text compiled in memory.

Catalogues live inside the package that owns them, read with
:mod:`importlib.resources`: ``<package>/locale/<language>/LC_MESSAGES/<domain>.mo``.
The pseudo-locale is made from the template (``<package>/locale/<domain>.pot``).
"""

from __future__ import annotations

import gettext
import io
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from freecell.i18n.languages import PSEUDO_LANGUAGE, SOURCE_LANGUAGE

if TYPE_CHECKING:
    from importlib.abc import Traversable

log = logging.getLogger(__name__)


def locale_folder(package: str) -> Traversable | None:
    from importlib import resources  # here: an English start (no catalogue) needs none

    try:
        folder = resources.files(package) / "locale"
    except (ModuleNotFoundError, TypeError):
        return None
    return folder if folder.is_dir() else None


def load(package: str, domain: str, language: str) -> gettext.NullTranslations:
    """The catalogue of ``domain`` in ``language``; English (the source strings)
    when there is none or it cannot be read -- a broken catalogue never stops play."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    folder = locale_folder(package)
    if folder is None:
        return gettext.NullTranslations()
    try:
        if language == PSEUDO_LANGUAGE:
            return _pseudo(folder, domain)
        messages = folder / language / "LC_MESSAGES"
        compiled = messages / f"{domain}.mo"
        text = messages / f"{domain}.po"
        if compiled.is_file() and not _newer(text, compiled):
            return gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))
        if text.is_file():
            return gettext.GNUTranslations(io.BytesIO(compile_po(text.read_bytes())))
    except (OSError, ValueError, LookupError) as error:
        log.warning("the %s catalogue of %s cannot be read: %s", language, domain, error)
    return gettext.NullTranslations()


def _newer(text: Traversable, compiled: Traversable) -> bool:
    """Whether a checkout's ``.po`` was edited after its ``.mo`` was compiled.  An
    installed wheel unpacks both in the same second: only a ``.po`` newer by more
    than that counts (a zip has no times: the ``.mo`` is used)."""
    if not (isinstance(text, Path) and isinstance(compiled, Path) and text.is_file()):
        return False
    return text.stat().st_mtime > compiled.stat().st_mtime + 2


def compile_po(text: bytes) -> bytes:
    """``.po`` text -> ``.mo`` bytes, fuzzy entries left out as msgfmt does: read
    plainly (:mod:`freecell.i18n.po_reader`), or by Babel when the text holds more
    than that reader knows."""
    from freecell.i18n.po_reader import Unreadable
    from freecell.i18n.po_reader import compile_po as compile_plainly

    try:
        return compile_plainly(text)
    except Unreadable as why:
        log.debug("a catalogue read by Babel: %s", why)
    return compile_with_babel(text)


def compile_with_babel(text: bytes) -> bytes:
    """``.po`` text -> ``.mo`` bytes with Babel's reader and writer."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(text)), use_fuzzy=False)
    return out.getvalue()


def _pseudo(folder: Traversable, domain: str) -> gettext.NullTranslations:
    compiled = folder / PSEUDO_LANGUAGE / "LC_MESSAGES" / f"{domain}.mo"
    template = folder / f"{domain}.pot"
    if compiled.is_file() and not _newer(template, compiled):
        return gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))
    if not template.is_file():
        return gettext.NullTranslations()
    from freecell.i18n.pseudo import pseudo_catalogue

    return gettext.GNUTranslations(io.BytesIO(pseudo_catalogue(template.read_bytes())))
