"""The accessible model of the card table, one per window, and the factory that
gives Qt our interfaces for it.

:class:`TableAccessibility` reads the position, the layout and the keyboard focus
from the window, owns the pile and card interfaces (:mod:`.interfaces`) and sends
the events a screen reader follows: focus, names changed, selection.
:func:`install_table_accessibility` serves a window's table through them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface

from freecell.engine import DECK, Card, Pile, PileKind, Position, Variant
from freecell.ui.accessibility import text
from freecell.ui.accessibility.announcer import focused_widget_interface
from freecell.ui.accessibility.interfaces import (
    KEEP,
    CardInterface,
    PileInterface,
    TableInterface,
    TableItemInterface,
)

if TYPE_CHECKING:
    from freecell.ui.shell.door import WindowParts
    from freecell.ui.table.view import TableView

# The tables we serve, by the id of their view.
_TABLES: dict[int, TableAccessibility] = {}
_FACTORY_INSTALLED = False


class TableAccessibility:
    """The accessible model of one window's table: reads the position, the layout
    and the keyboard focus from the window; owns the pile and card interfaces."""

    def __init__(self, window: WindowParts) -> None:
        self.window = window
        self.view: TableView = window.view
        self.table: TableInterface | None = None
        self.piles: dict[Pile, PileInterface] = {}
        self.cards: dict[Card, CardInterface] = {c: CardInterface(self, c) for c in DECK}
        KEEP.extend(self.cards.values())
        self._where_key: Position | None = None
        self._where: dict[Card, tuple[Pile, int]] = {}
        # a message the announcer has the focused card or pile carry as its
        # description for a moment (see announcer.py)
        self.carried: tuple[TableItemInterface, str] | None = None
        self._focus_pending = False
        self._names: dict[Card, str] = {}  # the names last told, to tell changes
        self._told: QAccessibleInterface | None = None  # the focus last told
        self._again = False

    # -- reading the live table ------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.window.bus.game.position

    @property
    def variant(self) -> Variant:
        return self.window.bus.game.variant

    def pile_list(self) -> list[Pile]:
        return text.all_piles(self.position)

    def pile_interface(self, pile: Pile) -> PileInterface:
        found = self.piles.get(pile)
        if found is None:
            found = PileInterface(self, pile)
            KEEP.append(found)
            self.piles[pile] = found
        return found

    def where(self, c: Card) -> tuple[Pile, int] | None:
        """The pile and depth of a card in the current position (cached per position)."""
        pos = self.position
        if pos is not self._where_key:
            self._where = {}
            for pile in self.pile_list():
                for depth, held in enumerate(text.pile_cards(pos, pile)):
                    self._where[held] = (pile, depth)
            self._where_key = pos
        return self._where.get(c)

    def focused(self) -> tuple[Pile, int] | None:
        controller = self.view.controller
        if controller is None:
            return None
        return controller.focused()

    def selection(self) -> tuple[Pile, int] | None:
        controller = self.view.controller
        return None if controller is None else controller.selection

    def focused_interface(self) -> QAccessibleInterface | None:
        """The card the keyboard focus is on (the first card of the focused run),
        or its pile when the pile is empty."""
        spot = self.focused()
        if spot is None:
            return None
        pile, depth = spot
        cards = text.pile_cards(self.position, pile)
        if not cards:
            return self.pile_interface(pile)
        if pile.kind is not PileKind.COLUMN:
            depth = len(cards) - 1
        return self.cards[cards[min(depth, len(cards) - 1)]]

    def screen_rect(self, r: QRectF) -> QRect:
        """A scene rectangle in global screen pixels (what AT-SPI reports)."""
        view_rect = self.view.mapFromScene(r).boundingRect()
        top_left = self.view.viewport().mapToGlobal(view_rect.topLeft())
        return QRect(top_left, view_rect.size())

    def focus_target(self) -> QAccessibleInterface | None:
        """The object a screen reader has the focus on, for the announcer."""
        if self.view.hasFocus():
            return self.focused_interface()
        return focused_widget_interface()

    def carry(self, iface: QAccessibleInterface, message: str | None) -> bool:
        """Have a card or pile of ours carry ``message`` as its description (None:
        its own again, "" none at all); False for any other object."""
        if not isinstance(iface, TableItemInterface):
            return False
        self.carried = None if message is None else (iface, message)
        return True

    # -- events ----------------------------------------------------------------------
    def notify_focus(self, *, again: bool = False) -> None:
        """The keyboard focus moved to another card (``again``: the table got the
        keyboard back, the same card is told again): told in ``send_focus``, when the
        announcer delivers (names first, then the focus, then the messages)."""
        self._focus_pending = True
        self._again = self._again or again

    def focus_pending(self) -> bool:
        """Whether a focus event waits (and only if it can be sent)."""
        if self._focus_pending and not (QAccessible.isActive() and self.view.hasFocus()):
            self._focus_pending = False
        return self._focus_pending

    def send_focus(self) -> bool:
        """Tell the focus, once per object (not again for the same card unless the
        table got the keyboard back); whether a focus event was sent."""
        pending, self._focus_pending = self._focus_pending, False
        again, self._again = self._again, False
        if not pending or not QAccessible.isActive() or not self.view.hasFocus():
            return False
        iface = self.focused_interface()
        if iface is None or (iface is self._told and not again):
            return False
        self._told = iface
        QAccessible.updateAccessibility(QAccessibleEvent(iface, QAccessible.Event.Focus))
        return True

    def notify_changed(self, before: Position | None = None) -> None:
        """The position changed: the piles whose cards changed get their children
        reordered and a new name (all of them after a new deal, ``before=None``), and
        so does every card whose name is not the same now."""
        if not QAccessible.isActive() or self.table is None:
            return
        after = self.position
        for pile in self.pile_list():
            if before is not None and text.pile_cards(before, pile) == text.pile_cards(after, pile):
                continue
            iface = self.pile_interface(pile)
            QAccessible.updateAccessibility(
                QAccessibleEvent(iface, QAccessible.Event.ObjectReorder)
            )
            QAccessible.updateAccessibility(QAccessibleEvent(iface, QAccessible.Event.NameChanged))
        names, self._names = self._names, self.card_names()
        for c, card_iface in self.cards.items():
            if before is None or names.get(c) != self._names[c]:
                QAccessible.updateAccessibility(
                    QAccessibleEvent(card_iface, QAccessible.Event.NameChanged)
                )

    def card_names(self) -> dict[Card, str]:
        """Every card's name now: what ``notify_changed`` compares with."""
        return {c: iface.text(QAccessible.Text.Name) for c, iface in self.cards.items()}

    def notify_selection(self, before: tuple[Pile, int] | None) -> None:
        """Cards were picked up or put down: their ``selected`` state changed, and
        their pile's name says how many are picked up."""
        if not QAccessible.isActive() or self.table is None:
            return
        after = self.selection()
        if after == before:
            return
        for spot, kind in (
            (before, QAccessible.Event.SelectionRemove),
            (after, QAccessible.Event.SelectionAdd),
        ):
            if spot is None:
                continue
            pile, depth = spot
            cards = text.pile_cards(self.position, pile)
            chosen = cards[depth:] if pile.is_column else cards
            for c in chosen:
                QAccessible.updateAccessibility(QAccessibleEvent(self.cards[c], kind))
            iface = self.pile_interface(pile)
            QAccessible.updateAccessibility(QAccessibleEvent(iface, kind))
            QAccessible.updateAccessibility(QAccessibleEvent(iface, QAccessible.Event.NameChanged))


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    model = _TABLES.get(id(obj))
    if model is None or obj is not model.view:
        return None
    if model.table is None:
        model.table = TableInterface(model)
        KEEP.append(model.table)
    return model.table


def install_table_accessibility(window: WindowParts) -> TableAccessibility:
    """Serve the window's table through our interfaces from now on."""
    global _FACTORY_INSTALLED
    model = TableAccessibility(window)
    model._names = model.card_names()  # so the first move tells only what it changed
    view = window.view
    _TABLES[id(view)] = model
    view.destroyed.connect(_forget(id(view)))
    if not _FACTORY_INSTALLED:
        QAccessible.installFactory(_factory)
        _FACTORY_INSTALLED = True
    # Qt caches the first interface made for an object; if one was made before
    # the factory was installed (accessibility was already on), drop it.
    existing = QAccessible.queryAccessibleInterface(view)
    if existing is not None and not isinstance(existing, TableInterface):
        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(existing))
        QAccessible.queryAccessibleInterface(view)
    return model


def _forget(key: int) -> Callable[[], None]:
    def forget() -> None:
        _TABLES.pop(key, None)

    return forget
