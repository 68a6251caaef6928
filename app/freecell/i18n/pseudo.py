"""The pseudo-locale: every source string with its letters accented, a third longer
and in brackets (``Free cells`` -> ``[Ƒŕéé ćéļļš ~~~]``).  Text on screen that is
not decorated so never went through the catalogue; the added length shows where a
longer language (German) would be cut off.  Placeholders, markup and Qt's ``&``
mnemonics are kept, so the decorated strings still work.
"""

from __future__ import annotations

import io
import re

_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀćđéƒĝĥîĵķļɱñöþqŕšţûṽŵxýžÀƁĆĐÉƑĜĤÎĴĶĻṀÑÖÞQŔŠŢÛṼŴXÝŽ",
)
# {name}, {name:,}, %(name)s, %s, %d, HTML tags and entities pass unchanged
_KEEP = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sdifr]|%[sdifr%]|<[^<>]*>|&[a-z]+;|&#\d+;")

OPEN, CLOSE = "[", "]"


def decorate(text: str) -> str:
    """``text`` as the pseudo-locale shows it.  Spaces and line breaks at either end
    stay outside the brackets, where the text around it expects them (argparse's
    ``"usage: "`` runs into the command's name, an error line ends with ``\\n``)."""
    core = text.strip()
    if not core:
        return text
    start = text.index(core)
    lead, tail = text[:start], text[start + len(core) :]
    pieces: list[str] = []
    end = 0
    for found in _KEEP.finditer(core):
        pieces.append(core[end : found.start()].translate(_LETTERS))
        pieces.append(found.group())
        end = found.end()
    pieces.append(core[end:].translate(_LETTERS))
    padding = "~" * max(1, len(core) // 3)
    return f"{lead}{OPEN}{''.join(pieces)} {padding}{CLOSE}{tail}"


def pseudo_catalogue(template: bytes) -> bytes:
    """The ``.mo`` bytes of the pseudo-locale for a ``.pot`` template."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalogue = read_po(io.BytesIO(template), locale="en")
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            message.string = tuple(decorate(form) for form in message.id)
        else:
            message.string = decorate(message.id)
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()
