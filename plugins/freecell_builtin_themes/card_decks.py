"""The SVG card decks the desktop already has, found where the desktop keeps them.

KDE's decks (Debian's ``kdegames-card-data-kf5``) live one folder each under
``<data dir>/carddecks/``: an ``index.desktop`` whose ``[KDE Backdeck]`` group names
the deck (``Name``, ``Comment``) and its picture file (``SVG``), beside that SVG or
SVGZ file.  Aisleriot's themes are single SVG/SVGZ files under
``<data dir>/aisleriot/cards/``.  Both name a card's element ``<rank>_<suit>``
(``1_club`` .. ``10_spade``, ``jack_heart``, ``queen_diamond``, ``king_club``) and the
back ``back``, so one renderer draws either.  The data dirs are the XDG ones
(``$XDG_DATA_HOME``, then ``$XDG_DATA_DIRS``); a deck found in the first one wins.
``FREECELL_CARD_DECK_DIRS`` (folders joined like ``PATH``) replaces them: decks kept
somewhere else, and a test suite that must not depend on what the machine has.

Nothing here opens the pictures: finding the decks costs a few directory reads at
start-up, and a deck that cannot be drawn is found out by the renderer, which paints
our own face for any card the file lacks.  An index written plainly (as every
shipped one is) is read by :func:`plain_group`; configparser, the authority, reads
any other (the first frame's theme list would otherwise pay some 5 ms for
configparser over 16 decks).  Qt-free, like every theme value.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from freecell.storage.safe_read import read_text_bounded
from freecell.themes import CLASSIC, CardTheme

KDE_GROUP = "KDE Backdeck"
# the bytes an index.desktop may have before it is not one (they are ~4 kB)
MAX_INDEX_BYTES = 256 * 1024


def data_dirs() -> list[Path]:
    """The XDG data directories, the player's own first (or the folders
    ``FREECELL_CARD_DECK_DIRS`` names, when set)."""
    override = os.environ.get("FREECELL_CARD_DECK_DIRS")
    if override is not None:
        return [Path(entry) for entry in override.split(os.pathsep) if entry]
    home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    system = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    found: list[Path] = []
    for entry in [home, *system.split(os.pathsep)]:
        if entry and Path(entry) not in found:
            found.append(Path(entry))
    return found


def _theme_id(prefix: str, name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return f"{prefix}-{slug or 'deck'}"


def _deck_theme(theme_id: str, name: str, comment: str, svg: Path, origin: str) -> CardTheme:
    # The colours are Classic's: the large-print index drawn over the deck uses them.
    return CardTheme(
        id=theme_id,
        name=name,
        suit_colours=CLASSIC.suit_colours,
        description=comment or f"{origin} card deck ({svg.name}).",
        deck_file=str(svg),
    )


def read_kde_deck(folder: Path) -> CardTheme | None:
    """The deck in this ``carddecks/`` folder, or None when it is not a usable one
    (no index, no SVG named, the SVG missing)."""
    index = folder / "index.desktop"
    try:  # a FIFO, a folder or /dev/zero named index.desktop: not a deck
        text = read_text_bounded(index, MAX_INDEX_BYTES, errors="replace")
    except OSError:
        return None
    group = plain_group(text, KDE_GROUP)
    if group is None:
        group = _parsed_group(text, KDE_GROUP)
    if group is None:
        return None
    svg_name = group.get("SVG", "").strip()
    if not svg_name or "/" in svg_name or not svg_name.lower().endswith((".svg", ".svgz")):
        return None
    svg = folder / svg_name
    if not svg.is_file():
        return None
    name = group.get("Name", "").strip() or folder.name
    comment = group.get("Comment", "").replace("\\n", " ").strip()
    slug = folder.name.removeprefix("svg-")
    return _deck_theme(_theme_id("kde", slug), name, comment, svg, "KDE")


def plain_group(text: str, name: str) -> dict[str, str] | None:
    """The keys of group ``name`` (none when it is not there) in an index written
    plainly: every line blank, a comment (``#``, ``;``), a ``[section]`` or a
    ``key=value`` (or ``key: value``) at the margin, and no ``[DEFAULT]`` -- read as
    configparser reads it (tests/test_card_deck_index.py holds it to that).  None for
    any other text (a continuation line, a line that is neither, no section
    first): :func:`_parsed_group` reads it then, errors and all."""
    sections: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in text.split("\n"):
        value = line.strip()
        if not value or value[0] in "#;":
            continue
        if line[0].isspace():  # (a continuation, in configparser's grammar)
            return None
        if value[0] == "[":
            end = value.rfind("]")
            header = value[1:end]
            if end < 2 or header == "DEFAULT":
                return None
            current = sections.setdefault(header, {})
            continue
        equals = value.find("=")  # the key ends at the first delimiter
        colon = value.find(":", 0, equals) if equals >= 0 else value.find(":")
        cut = colon if colon >= 0 else equals
        if current is None or cut <= 0:
            return None
        current[value[:cut].rstrip()] = value[cut + 1 :].strip()
    return sections.get(name, {})


def _parsed_group(text: str, name: str) -> dict[str, str] | None:
    """Group ``name`` as configparser reads it, None when the text is not an index
    it can read or has no such group."""
    import configparser  # (only for an index not written plainly)

    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    if not parser.has_section(name):
        return None
    return dict(parser[name])


def read_aisleriot_deck(svg: Path) -> CardTheme | None:
    """The Aisleriot theme in this file, or None when it is not an SVG/SVGZ file."""
    if not svg.is_file() or not svg.name.lower().endswith((".svg", ".svgz")):
        return None
    stem = svg.name.split(".")[0]
    name = stem.replace("_", " ").replace("-", " ").title()
    return _deck_theme(_theme_id("aisleriot", stem), f"{name} (Aisleriot)", "", svg, "Aisleriot")


def _sorted_entries(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def _found(dirs: list[Path]) -> Iterator[CardTheme]:
    for base in dirs:
        for entry in _sorted_entries(base / "carddecks"):
            deck = read_kde_deck(entry) if entry.is_dir() else None
            if deck is not None:
                yield deck
        for entry in _sorted_entries(base / "aisleriot" / "cards"):
            deck = read_aisleriot_deck(entry)
            if deck is not None:
                yield deck


def installed_decks(dirs: list[Path] | None = None) -> list[CardTheme]:
    """Every usable deck in ``dirs`` (the XDG data dirs by default), each id once
    (the first found wins: the player's own copy of a deck before the system's),
    sorted by name."""
    seen: dict[str, CardTheme] = {}
    for deck in _found(data_dirs() if dirs is None else dirs):
        seen.setdefault(deck.id, deck)
    return sorted(seen.values(), key=lambda t: t.name.casefold())
