"""A catalogue's ``.po`` text compiled to ``.mo`` bytes without Babel, for a source
checkout (where nothing was compiled) to start in its language at once.

Babel's reader imports some 60 modules (its dates and plural rules, the e-mail
parser for the header, ``difflib``, time zones): about 300M instructions, a quarter
of the German first frame.  The ``.po`` files this project writes (Babel's
``write_po``) use a handful of keywords and escapes, read here in a few lines;
anything else -- another charset, an escape or keyword not listed -- is
:class:`Unreadable`, and :func:`freecell.i18n.catalogue.compile_po` hands the text to
Babel, errors and all.  tests/test_i18n_po_reader.py holds the two compilations
equal on every shipped catalogue and on generated ones.

As ``msgfmt`` and Babel's ``write_mo`` do: fuzzy and obsolete entries are left out,
so are untranslated ones but for plurals, whose untranslated forms fall back to the
English singular (form 0) or plural (the others); the header entry is kept as written.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.?)", re.DOTALL)
_MO_MAGIC = 0x950412DE
_CONTEXT_GLUE = "\x04"  # msgctxt and msgid, as gettext keys them


class Unreadable(ValueError):
    """Text this reader does not know; Babel reads it instead."""


@dataclass
class _Entry:
    context: str | None = None
    ids: list[str] = field(default_factory=list)  # msgid, then msgid_plural
    strings: dict[int, str] = field(default_factory=dict)  # msgstr / msgstr[n]
    fuzzy: bool = False

    @property
    def is_header(self) -> bool:
        """The catalogue's header: the entry with an empty msgid and no context."""
        return self.ids == [""] and self.context is None


def compile_po(text: bytes) -> bytes:
    """``.po`` text -> ``.mo`` bytes; :class:`Unreadable` for text Babel must read."""
    try:
        lines = text.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        raise Unreadable(f"not UTF-8: {error}") from error
    entries = _entries(lines)
    header = next((e for e in entries if e.is_header), None)
    if header is not None and "charset=utf-8" not in header.strings.get(0, "").lower():
        raise Unreadable("a charset other than UTF-8")
    return _mo_bytes(_messages(entries))


def _entries(lines: list[str]) -> list[_Entry]:
    entries: list[_Entry] = []
    entry = _Entry()
    target: tuple[str, int] | None = None  # the field the next continuation extends
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        first = line[0]
        if first == '"':
            if target is None:
                raise Unreadable(f"line {number}: a string continues nothing")
            _extend(entry, target, _unquote(line, number))
            continue
        if first == "#":
            if entry.strings:  # a comment after msgstr begins the next entry
                entries.append(entry)
                entry, target = _Entry(), None
            second = line[1:2]
            if second == "~":
                raise Unreadable(f"line {number}: an obsolete entry")
            if second == "," and "fuzzy" in (f.strip() for f in line[2:].split(",")):
                entry.fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if entry.strings and keyword in ("msgctxt", "msgid"):
            entries.append(entry)
            entry = _Entry()
        target = _field(keyword, number)
        if target[0] == "ids" and target[1] != len(entry.ids):
            raise Unreadable(f"line {number}: {keyword} out of order")
        _extend(entry, target, _unquote(rest.strip(), number), start=True)
    if entry.ids:
        entries.append(entry)
    return entries


def _field(keyword: str, number: int) -> tuple[str, int]:
    if keyword == "msgctxt":
        return ("context", 0)
    if keyword == "msgid":
        return ("ids", 0)
    if keyword == "msgid_plural":
        return ("ids", 1)
    if keyword == "msgstr":
        return ("strings", 0)
    if keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
        return ("strings", int(keyword[7:-1]))
    raise Unreadable(f"line {number}: unknown keyword {keyword!r}")


def _extend(entry: _Entry, target: tuple[str, int], text: str, *, start: bool = False) -> None:
    kind, index = target
    if kind == "context":
        entry.context = text if start else (entry.context or "") + text
    elif kind == "ids":
        if start:
            entry.ids.append(text)
        else:
            entry.ids[index] += text
    else:
        entry.strings[index] = text if start else entry.strings[index] + text


def _unquote(quoted: str, number: int) -> str:
    if len(quoted) < 2 or not (quoted.startswith('"') and quoted.endswith('"')):
        raise Unreadable(f"line {number}: not a quoted string")
    body = quoted[1:-1]
    if "\\" not in body:
        if '"' in body:
            raise Unreadable(f"line {number}: an unescaped quote")
        return body
    if '"' in _ESCAPE.sub("", body):
        raise Unreadable(f"line {number}: an unescaped quote")

    def unescape(found: re.Match[str]) -> str:
        if found.group(1) not in _ESCAPES:
            raise Unreadable(f"line {number}: the escape {found.group()!r}")
        return _ESCAPES[found.group(1)]

    return _ESCAPE.sub(unescape, body)


def _messages(entries: list[_Entry]) -> dict[str, str]:
    """The ``.mo`` table: key -> translation, NUL-joined for plural forms."""
    table: dict[str, str] = {}
    for number, entry in enumerate(entries):
        plural = len(entry.ids) > 1  # (kept untranslated too, as Babel keeps them)
        if not entry.is_header and (entry.fuzzy or not (plural or entry.strings.get(0))):
            continue
        if not entry.ids or (len(entry.ids) == 1 and set(entry.strings) - {0}):
            raise Unreadable(f"entry {number}: msgstr[n] without msgid_plural")
        key = "\x00".join(entry.ids)
        if entry.context is not None:
            key = entry.context + _CONTEXT_GLUE + key
        if not plural:
            table[key] = entry.strings.get(0, "")
        else:
            count = max(entry.strings) + 1
            forms = [entry.strings.get(i) or entry.ids[min(i, 1)] for i in range(count)]
            table[key] = "\x00".join(forms)
    return table


def _mo_bytes(table: dict[str, str]) -> bytes:
    """The GNU ``.mo`` layout (little-endian, no hash table), keys sorted."""
    keys = sorted(table)
    ids = [key.encode("utf-8") for key in keys]
    strs = [table[key].encode("utf-8") for key in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count  # after the header and both index tables
    index: list[int] = []
    offset = start
    for blob in ids:
        index += [len(blob), offset]
        offset += len(blob) + 1
    for blob in strs:
        index += [len(blob), offset]
        offset += len(blob) + 1
    head = struct.pack("<7I", _MO_MAGIC, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    body = b"".join(blob + b"\x00" for blob in ids + strs)
    return head + struct.pack(f"<{4 * count}I", *index) + body
