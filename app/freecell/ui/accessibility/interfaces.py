"""Accessible interfaces for the card table: the view, its piles and its cards.

Cards are ``QGraphicsPixmapItem``s, which Qt's accessibility framework cannot see.
A factory installed with ``QAccessible.installFactory`` gives the ``TableView`` an
interface of our own whose children are the piles (free cells, foundations,
columns, in the keyboard's order) and whose grandchildren are the cards, each
named by ``text.py`` from the engine position ("Seven of hearts, column 3, top
card; 3 cards can move").

The model they read, one per window, and the factory that hands them to Qt are in
:mod:`freecell.ui.accessibility.table_model`.

Lifetime: Qt's accessibility cache keeps raw pointers to the interfaces it is
given, and a Python-made interface dies with its Python wrapper.  So every
interface is created once per table and kept in ``KEEP`` for the life of the
process (52 cards + at most 18 piles per window: nothing to worry about).  Pile
and card interfaces never change identity; they read the live position on every
question, so a move needs no rebuilding, only events.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleInterface, QWindow
from PySide6.QtWidgets import QAccessibleWidget

from freecell.engine import BuildRule, Card, Pile, PileKind, Position, Variant
from freecell.i18n import _
from freecell.ui.accessibility import text
from freecell.ui.table.view import TableView


class TableAccessibility(Protocol):
    """The table's accessible model as its interfaces read it (the one in
    :mod:`.table_model`, which makes these interfaces and so is not imported back)."""

    view: TableView
    table: TableInterface | None
    cards: dict[Card, CardInterface]
    carried: tuple[TableItemInterface, str] | None

    @property
    def position(self) -> Position: ...

    @property
    def variant(self) -> Variant: ...

    def pile_list(self) -> list[Pile]: ...

    def pile_interface(self, pile: Pile) -> PileInterface: ...

    def where(self, c: Card) -> tuple[Pile, int] | None: ...

    def focused(self) -> tuple[Pile, int] | None: ...

    def selection(self) -> tuple[Pile, int] | None: ...

    def focused_interface(self) -> QAccessibleInterface | None: ...

    def screen_rect(self, r: QRectF) -> QRect: ...


# Interfaces handed to Qt must outlive every pointer Qt keeps to them.
KEEP: list[object] = []


def _state(**flags: bool) -> QAccessible.State:
    state = QAccessible.State()
    for name, value in flags.items():
        setattr(state, name, value)
    return state


class TableInterface(QAccessibleWidget):
    """The view: its name stays the view's own (it says what the focus is on);
    its children are the piles instead of the scroll area's inner widgets."""

    def __init__(self, model: TableAccessibility) -> None:
        super().__init__(model.view, QAccessible.Role.Pane)
        self.model = model

    def childCount(self) -> int:
        return len(self.model.pile_list())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        piles = self.model.pile_list()
        if 0 <= index < len(piles):
            return self.model.pile_interface(piles[index])
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, PileInterface):
            piles = self.model.pile_list()
            return piles.index(child.pile) if child.pile in piles else -1
        return -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return self.model.focused_interface() if self.model.view.hasFocus() else None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        for index in range(self.childCount()):
            iface = self.child(index)
            if iface is not None and iface.rect().contains(x, y):
                return iface
        return None


class TableItemInterface(QAccessibleInterface):
    """What piles and cards share: no QObject of their own, the view's window."""

    def __init__(self, model: TableAccessibility) -> None:
        super().__init__()
        self.model = model

    def isValid(self) -> bool:
        return True

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self.model.view.window().windowHandle()

    def setText(self, t: QAccessible.Text, value: str) -> None:
        pass

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def carried_message(self) -> str | None:
        """What the announcer has this object carry as its description for a moment
        (a message, or "" just after one; see announcer.py); None: its own."""
        carried = self.model.carried
        return carried[1] if carried is not None and carried[0] is self else None

    def _visible(self, r: QRect) -> bool:
        vp = self.model.view.viewport()
        area = QRect(vp.mapToGlobal(QPoint(0, 0)), vp.size())
        return area.intersects(r)


class PileInterface(TableItemInterface):
    """A free cell, a foundation or a column; its children are its cards, the
    first dealt (or the Ace) first."""

    def __init__(self, model: TableAccessibility, pile: Pile) -> None:
        super().__init__(model)
        self.pile = pile

    def cards(self) -> tuple[Card, ...]:
        return text.pile_cards(self.model.position, self.pile)

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return self.model.table

    def childCount(self) -> int:
        return len(self.cards())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        cards = self.cards()
        return self.model.cards[cards[index]] if 0 <= index < len(cards) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, CardInterface):
            cards = self.cards()
            return cards.index(child.card) if child.card in cards else -1
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        for index in range(self.childCount() - 1, -1, -1):
            iface = self.child(index)
            if iface is not None and iface.rect().contains(x, y):
                return iface
        return None

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.List

    def text(self, t: QAccessible.Text) -> str:
        model = self.model
        if t == QAccessible.Text.Name:
            name = text.pile_description(model.position, model.variant, self.pile)
            selection = model.selection()
            if selection is not None and selection[0] == self.pile:
                name += text.selection_note(model.position, *selection)
            return name
        if t == QAccessible.Text.Description:
            carried = self.carried_message()
            return carried if carried is not None else _pile_help(self.pile, model.variant)
        return ""

    def rect(self) -> QRect:
        scene = self.model.view.table
        if scene.layout is None:
            return QRect()
        if self.pile.kind is PileKind.COLUMN:
            slot = scene.layout.columns[self.pile.index]
            cards = self.cards()
            bottom = scene.layout.card_rect(self.pile.index, max(0, len(cards) - 1))
            r = QRectF(slot.x, slot.y, slot.w, bottom.y + bottom.h - slot.y)
        else:
            slot = scene.pile_rect(self.pile)
            r = QRectF(slot.x, slot.y, slot.w, slot.h)
        return self.model.screen_rect(r)

    def state(self) -> QAccessible.State:
        focus = self.model.focused()
        focused = (
            focus is not None
            and focus[0] == self.pile
            and not self.cards()
            and self.model.view.hasFocus()
        )
        selection = self.model.selection()
        return _state(
            focusable=True,
            focused=focused,
            selectable=True,
            selected=selection is not None and selection[0] == self.pile,
            offscreen=not self._visible(self.rect()),
        )


class CardInterface(TableItemInterface):
    """One card, wherever it lies now."""

    def __init__(self, model: TableAccessibility, card: Card) -> None:
        super().__init__(model)
        self.card = card

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        spot = self.model.where(self.card)
        return None if spot is None else self.model.pile_interface(spot[0])

    def childCount(self) -> int:
        return 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.ListItem

    def text(self, t: QAccessible.Text) -> str:
        spot = self.model.where(self.card)
        if spot is None:
            return text.capital(text.card_word(self.card)) if t == QAccessible.Text.Name else ""
        pile, depth = spot
        model = self.model
        if t == QAccessible.Text.Name:
            return text.card_name(model.position, model.variant, pile, depth)
        if t == QAccessible.Text.Description:
            carried = self.carried_message()
            if carried is not None:
                return carried
            return text.card_description(model.position, model.variant, pile, depth)
        return ""

    def rect(self) -> QRect:
        """The part of the card a player can see: the whole card on top, the index
        strip of a covered one."""
        scene = self.model.view.table
        spot = self.model.where(self.card)
        if scene.layout is None or spot is None:
            return QRect()
        pile, depth = spot
        lay = scene.layout
        if pile.kind is PileKind.COLUMN:
            r = lay.card_rect(pile.index, depth)
            covered = depth < len(self.model.position.columns[pile.index]) - 1
            height = lay.offsets[pile.index] if covered else r.h
            return self.model.screen_rect(QRectF(r.x, r.y, r.w, height))
        slot = scene.pile_rect(pile)
        return self.model.screen_rect(QRectF(slot.x, slot.y, slot.w, slot.h))

    def state(self) -> QAccessible.State:
        spot = self.model.where(self.card)
        focus = self.model.focused()
        selection = self.model.selection()
        focused = selected = False
        covered = False
        if spot is not None:
            pile, depth = spot
            cards = text.pile_cards(self.model.position, pile)
            covered = depth < len(cards) - 1 and pile.kind is not PileKind.COLUMN
            if focus is not None and focus[0] == pile and self.model.view.hasFocus():
                focused = (depth == focus[1]) if pile.is_column else depth == len(cards) - 1
            if selection is not None and selection[0] == pile:
                selected = depth >= selection[1] if pile.is_column else True
        return _state(
            focusable=True,
            focused=focused,
            selectable=True,
            selected=selected,
            invisible=spot is None or covered,
            offscreen=not self._visible(self.rect()),
        )


def _pile_help(pile: Pile, variant: Variant) -> str:
    if pile.kind is PileKind.CELL:
        return _("A free cell holds one card.")
    if pile.kind is PileKind.FOUNDATION:
        return _("Cards go home here in suit, from the Ace up.")
    if variant.build is BuildRule.ALTERNATE_COLOUR:
        return _("A column: build down in alternate colours; its top card is the last listed.")
    if variant.build is BuildRule.SAME_SUIT:
        return _("A column: build down in the same suit; its top card is the last listed.")
    if variant.build is BuildRule.ANY_SUIT:
        return _("A column: build down in any suit; its top card is the last listed.")
    return _("A column: build down; its top card is the last listed.")
