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
our own face for any card the file lacks.  Qt-free, like every theme value.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

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
    try:
        if index.stat().st_size > MAX_INDEX_BYTES:
            return None
        text = index.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    import configparser  # (only with a KDE deck installed: not for every start)

    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    if not parser.has_section(KDE_GROUP):
        return None
    group = parser[KDE_GROUP]
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
