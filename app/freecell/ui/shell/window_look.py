"""How the main window looks: the size of a first start, the title naming the
deal and the note when the cards asked for do not fit.  (Its style sheet follows
the desktop's scheme: see ``colour_scheme``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize

from freecell.i18n import _
from freecell.texts.variants import variant_name

if TYPE_CHECKING:
    from freecell.engine import Game
    from freecell.ui.table.layout import CardSize

FIRST_SIZE = QSize(1100, 820)
FIRST_SHARE = 0.85


def first_size(available: QSize) -> QSize:
    """The window's size on a first start (later ones restore the last): 85 % of
    the screen's free area (1632 x 918 on a 1920 x 1080 screen, where the cards
    fill the window) and at least 1100 x 820 -- but on a 1366 x 768 laptop the whole
    window, status bar included, must be on screen, so that nothing the player
    needs is under the edge."""
    return (available * FIRST_SHARE).expandedTo(FIRST_SIZE).boundedTo(available * 0.95)


def deal_titles(game: Game) -> tuple[str, str]:
    """The window's title and accessible name for ``game``.  The title (and so the
    taskbar) names the deal: "Deal 617 — FreeCell" (Qt adds the application's name
    to a title that does not end with it), and a screen reader hears "FreeCell —
    Deal 617"; another variant is named too."""
    if game.deal_number is None:
        deal = _("Custom board")
    else:
        deal = _("Deal {number}").format(number=game.deal_number)
    if game.variant.name != "FreeCell":
        deal = f"{variant_name(game.variant)}, {deal}"
    return f"{deal} \u2014 FreeCell", f"FreeCell \u2014 {deal}"


def card_size_note(asked: CardSize, shown: CardSize) -> str:
    """What the message bar says when the cards ``asked`` for do not fit the window
    and ``shown`` ones are shown instead."""
    # Translators: {asked} and {shown} are card sizes as View > Card size names
    # them ("Large", "Medium")
    said = _(
        "{asked} cards do not fit this window, so they are shown at \u201c{shown}\u201d; "
        "a larger window shows them at \u201c{asked}\u201d."
    )
    return said.format(asked=_(asked.label), shown=_(shown.label))
