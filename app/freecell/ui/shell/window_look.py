"""How the main window looks: the size of a first start, the title naming the
deal and the note when the cards asked for do not fit.  (Its style sheet follows
the desktop's scheme: see ``colour_scheme``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize

from freecell.i18n import _
from freecell.texts.variants import game_name, variant_name
from freecell.ui.panels.hint_bar import HintBar, MessageKind
from freecell.ui.table.layout import fitting_size

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from freecell.engine import Game
    from freecell.ui.table.layout import CardSize
    from freecell.ui.table.scene import TableScene

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
    name = game_name()
    return f"{deal} \u2014 {name}", f"{name} \u2014 {deal}"


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


class CardSizeNote:
    """The message bar's note that the cards asked for do not fit, shown while that
    is true and taken back as soon as it is not (a larger window, another size)."""

    def __init__(self, bar: HintBar) -> None:
        self._bar = bar
        self._text: str | None = None

    def follow(self, asked: CardSize, shown: CardSize, *, say: bool) -> None:
        """The table now shows ``shown`` for ``asked``; ``say``: tell the player (a
        start-up shows the table silently)."""
        text = card_size_note(asked, shown) if shown is not asked else None
        if self._text is not None and text != self._text:
            if self._bar.text == self._text:
                self._bar.dismiss()
            self._text = None
        if text is not None and say and text != self._bar.text:
            self._bar.show_message(text, MessageKind.INFO, timeout_ms=8000)
            self._text = text


def label_sizes(actions: dict[CardSize, QAction], scene: TableScene) -> None:
    """Name each size in View > Card size as it is at this window's size: one that
    does not fit says so (it is shown at the largest size that fits instead)."""
    variant = scene.variant
    for size, action in actions.items():
        label = _(size.label)
        if (
            variant is not None
            and fitting_size(
                size, *scene.view_size, variant, None, scene.large_print, scene.text_scale
            )
            is not size
        ):
            # Translators: {size} is a card size as View > Card size names it
            label = _("{size} (too large for this window)").format(size=label)
        action.setText(label)
