"""Card themes and table surfaces as plain data.

These are the engine-level objects that theme plugins return from their hooks and
that the UI's renderer draws. They hold no Qt type on purpose: a plugin (or a test,
or the CLI) must be able to build, compare and list themes without a GUI toolkit,
and the renderer is the only place that turns a hex string into a ``QColor``.

A four-colour deck or a high-contrast deck is therefore just another value of
:class:`CardTheme`; nothing in the UI special-cases them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum

from freecell.i18n import N_

__all__ = [
    "BUILTIN_SURFACES",
    "BUILTIN_THEMES",
    "CLASSIC",
    "FOUR_COLOUR",
    "GREEN_FELT",
    "HIGH_CONTRAST",
    "CardTheme",
    "CourtStyle",
    "SurfacePattern",
    "TableSurface",
    "builtin_surface",
    "builtin_theme",
    "darkened",
]

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _check_colour(name: str, value: str) -> None:
    if not _HEX.match(value):
        raise ValueError(f"{name} must be a colour written #rrggbb, not {value!r}")


class CourtStyle(StrEnum):
    """How the Jack, Queen and King faces are drawn.

    ``FIGURE`` draws a simple crowned/capped bust so the three courts look different
    at a glance; ``LETTER`` draws a large framed J/Q/K (clearer for low vision).
    """

    FIGURE = "figure"
    LETTER = "letter"


class SurfacePattern(StrEnum):
    """Texture the renderer lays over a table surface's gradient."""

    PLAIN = "plain"
    FELT = "felt"  # fine speckle, like baize
    WOOD = "wood"  # soft horizontal grain
    LINEN = "linen"  # crossed fine lines


@dataclass(frozen=True, slots=True)
class CardTheme:
    """What a deck of cards looks like.

    ``suit_colours`` is indexed like ``freecell.engine.Suit`` (clubs, diamonds,
    hearts, spades), so a four-colour deck is a change of data only.
    ``index_scale`` multiplies the corner index height (1.0 = the normal size);
    large-print mode multiplies it again and forces dark-on-light indices.
    """

    id: str
    name: str
    suit_colours: tuple[str, str, str, str]
    face: str = "#fdfcf7"
    face_edge: str = "#e9e4d4"
    border: str = "#5b5b5b"
    back: str = "#1f4e8c"
    back_accent: str = "#d8b45a"
    back_pattern: str = "lattice"
    selection: str = "#ffcc33"
    index_font: str = "DejaVu Sans"
    index_scale: float = 1.0
    court_style: CourtStyle = CourtStyle.FIGURE
    high_contrast: bool = False
    description: str = ""
    deck_file: str = ""
    """An SVG or SVGZ card deck (KDE's or Aisleriot's element names: ``1_club`` ..
    ``king_spade``, ``back``) whose pictures the renderer draws instead of painting
    faces of its own; empty for the decks this project paints."""

    def __post_init__(self) -> None:
        if not self.id or not self.id.replace("-", "").replace("_", "").isalnum():
            raise ValueError(f"theme id must be letters, digits, - or _, not {self.id!r}")
        if self.deck_file and not self.deck_file.lower().endswith((".svg", ".svgz")):
            raise ValueError(f"deck_file must be an .svg or .svgz file, not {self.deck_file!r}")
        if len(self.suit_colours) != 4:
            raise ValueError("suit_colours needs four colours: clubs, diamonds, hearts, spades")
        for i, colour in enumerate(self.suit_colours):
            _check_colour(f"suit colour {i}", colour)
        for name in ("face", "face_edge", "border", "back", "back_accent", "selection"):
            _check_colour(name, getattr(self, name))
        if not 0.5 <= self.index_scale <= 3.0:
            raise ValueError("index_scale must be between 0.5 and 3.0")

    def suit_colour(self, suit: int) -> str:
        """Hex colour for a suit index (0 clubs, 1 diamonds, 2 hearts, 3 spades)."""
        return self.suit_colours[int(suit)]


@dataclass(frozen=True, slots=True)
class TableSurface:
    """The cloth the cards lie on.

    ``top`` and ``bottom`` describe a vertical gradient (equal for a flat colour);
    ``slot`` is the colour of the empty-pile outlines and ``text`` the colour of the
    marks drawn on the table (suit marks on foundations), chosen to contrast with it.
    """

    id: str
    name: str
    top: str
    bottom: str
    pattern: SurfacePattern = SurfacePattern.PLAIN
    slot: str = "#ffffff"
    text: str = "#ffffff"
    description: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id or not self.id.replace("-", "").replace("_", "").isalnum():
            raise ValueError(f"surface id must be letters, digits, - or _, not {self.id!r}")
        for name in ("top", "bottom", "slot", "text"):
            _check_colour(name, getattr(self, name))


CLASSIC = CardTheme(
    id="classic",
    name=N_("Classic"),
    # the red reads at 5.4:1 on the face's darkest (lower) edge, not 4.6:1 as #c8102e did
    suit_colours=("#1a1a1a", "#b3122b", "#b3122b", "#1a1a1a"),
    description=N_("Red hearts and diamonds, black clubs and spades."),
)

FOUR_COLOUR = CardTheme(
    id="four-colour",
    name=N_("Four-colour"),
    # Four steps of lightness, so the suits stay apart in greyscale and for every kind
    # of colour blindness: black 0, red 41, green 77, blue 101 of 255 in greyscale
    # (Rec. 709 luma, ImageMagick's Gray; BT.601 luma and true luminance 20 or more
    # apart too; CIE L* 0, 25, 35, 45), each at least 4.6:1 on the face's darker
    # lower edge.  A red keeps its hue only where it is dark (its greys by the three
    # formulas part as it lightens), so the hearts are the wine-red step and the
    # diamonds the light one.
    suit_colours=("#1c5c42", "#326da7", "#741320", "#000000"),
    face_edge="#f1ede2",
    back="#2d5a3a",
    description=N_(
        "Green clubs, blue diamonds, red hearts, black spades: four colours of four "
        "lightnesses, told apart in greyscale too."
    ),
)

HIGH_CONTRAST = CardTheme(
    id="high-contrast",
    name=N_("High contrast"),
    suit_colours=("#000000", "#b00000", "#b00000", "#000000"),
    face="#ffffff",
    face_edge="#ffffff",
    border="#000000",
    back="#000000",
    back_accent="#ffffff",
    back_pattern="stripes",
    selection="#ff8c00",
    index_scale=1.25,
    court_style=CourtStyle.LETTER,
    high_contrast=True,
    description=N_("Pure white faces, black borders and bold, larger indices."),
)

# The high-contrast theme with four suit colours: everything else is the same.
HIGH_CONTRAST_FOUR_COLOUR = replace(
    HIGH_CONTRAST,
    id="high-contrast-four-colour",
    name=N_("High contrast, four colours"),
    # black 0, red 29, green 62, blue 83 of 255 in greyscale (CIE L* 0, 18, 29, 38),
    # each 7:1 or more on white
    suit_colours=("#0b4f2c", "#215b95", "#5a0c16", "#000000"),
    description=N_(
        "High contrast with four suit colours (dark green clubs, dark blue diamonds, "
        "dark red hearts, black spades), each at least 7:1 against the white face."
    ),
)

BUILTIN_THEMES: tuple[CardTheme, ...] = (
    CLASSIC,
    FOUR_COLOUR,
    HIGH_CONTRAST,
    HIGH_CONTRAST_FOUR_COLOUR,
)

GREEN_FELT = TableSurface(
    id="green-felt",
    name=N_("Green felt"),
    top="#2f7d4a",
    bottom="#1c5631",
    pattern=SurfacePattern.FELT,
    slot="#9fd3ae",
    text="#cfe9d6",
    description=N_("The classic card-table baize."),
)

BLUE_BAIZE = TableSurface(
    id="blue-baize",
    name=N_("Blue baize"),
    top="#2c5d8f",
    bottom="#183a5e",
    pattern=SurfacePattern.FELT,
    slot="#a9c8ea",
    text="#d3e3f5",
)

BURGUNDY = TableSurface(
    id="burgundy",
    name=N_("Burgundy"),
    top="#7a2333",
    bottom="#4d1220",
    pattern=SurfacePattern.FELT,
    slot="#e6aab4",
    text="#f2d3d8",
)

WALNUT = TableSurface(
    id="walnut",
    name=N_("Walnut"),
    top="#6b4a2e",
    bottom="#47301c",
    pattern=SurfacePattern.WOOD,
    slot="#e0c8a8",
    text="#f0e0c8",
)

SLATE = TableSurface(
    id="slate",
    name=N_("Slate (plain)"),
    top="#3b4450",
    bottom="#262c34",
    pattern=SurfacePattern.PLAIN,
    slot="#c3ccd8",
    text="#e4e9f0",
    description=N_("A quiet flat grey; calm for long sessions."),
)

BUILTIN_SURFACES: tuple[TableSurface, ...] = (GREEN_FELT, BLUE_BAIZE, BURGUNDY, WALNUT, SLATE)


def _scaled(colour: str, factor: float) -> str:
    r, g, b = (round(int(colour[i : i + 2], 16) * factor) for i in (1, 3, 5))
    return f"#{min(r, 255):02x}{min(g, 255):02x}{min(b, 255):02x}"


def darkened(surface: TableSurface) -> TableSurface:
    """The same cloth for a dark desktop: the gradient at 55 % of its light, the
    slots and marks a little dimmer (still well apart from the cloth)."""
    return replace(
        surface,
        top=_scaled(surface.top, 0.55),
        bottom=_scaled(surface.bottom, 0.55),
        slot=_scaled(surface.slot, 0.8),
        text=_scaled(surface.text, 0.8),
    )


def builtin_theme(theme_id: str) -> CardTheme:
    """The built-in card theme with this id (KeyError with the known ids if none)."""
    for theme in BUILTIN_THEMES:
        if theme.id == theme_id:
            return theme
    known = ", ".join(t.id for t in BUILTIN_THEMES)
    raise KeyError(f"no card theme {theme_id!r}; known: {known}")


def builtin_surface(surface_id: str) -> TableSurface:
    """The built-in table surface with this id (KeyError with the known ids if none)."""
    for surface in BUILTIN_SURFACES:
        if surface.id == surface_id:
            return surface
    known = ", ".join(s.id for s in BUILTIN_SURFACES)
    raise KeyError(f"no table surface {surface_id!r}; known: {known}")
