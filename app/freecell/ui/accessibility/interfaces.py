"""Accessible interfaces for the card table: the view, its piles and its cards.

Cards are ``QGraphicsPixmapItem``s, which Qt's accessibility framework cannot see.
A factory installed with ``QAccessible.installFactory`` gives the ``TableView`` an
interface of our own whose children are the piles (free cells, foundations,
columns, in the keyboard's order) and whose grandchildren are the cards, each
named by ``text.py`` from the engine position ("Seven of hearts, column 3, top
card; 3 cards can move").

Lifetime: Qt's accessibility cache keeps raw pointers to the interfaces it is
given, and a Python-made interface dies with its Python wrapper.  So every
interface is created once per table and kept in ``_KEEP`` for the life of the
process (52 cards + at most 18 piles per window: nothing to worry about).  Pile
and card interfaces never change identity; they read the live position on every
question, so a move needs no rebuilding, only events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface, QWindow
from PySide6.QtWidgets import QAccessibleWidget

from freecell.engine import DECK, BuildRule, Card, Pile, PileKind, Position, Variant
from freecell.i18n import _
from freecell.ui.accessibility import text
from freecell.ui.accessibility.announcer import focused_widget_interface

if TYPE_CHECKING:
    from freecell.ui.shell.main_window import MainWindow
    from freecell.ui.table.view import TableView

# Interfaces handed to Qt must outlive every pointer Qt keeps to them.
_KEEP: list[object] = []
# The tables we serve, by the id of their view.
_TABLES: dict[int, TableAccessibility] = {}
_FACTORY_INSTALLED = False


def _state(**flags: bool) -> QAccessible.State:
    state = QAccessible.State()
    for name, value in flags.items():
        setattr(state, name, value)
    return state


class TableAccessibility:
    """The accessible model of one window's table: reads the position, the layout
    and the keyboard focus from the window; owns the pile and card interfaces."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.view: TableView = window.view
        self.table: TableInterface | None = None
        self.piles: dict[Pile, PileInterface] = {}
        self.cards: dict[Card, CardInterface] = {c: CardInterface(self, c) for c in DECK}
        _KEEP.extend(self.cards.values())
        self._where_key: Position | None = None
        self._where: dict[Card, tuple[Pile, int]] = {}
        # a message the announcer has the focused card or pile carry as its
        # description for a moment (see announcer.py)
        self.carried: tuple[_Item, str] | None = None
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
            _KEEP.append(found)
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
        if not isinstance(iface, _Item):
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


class _Item(QAccessibleInterface):
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


class PileInterface(_Item):
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


class CardInterface(_Item):
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


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    model = _TABLES.get(id(obj))
    if model is None or obj is not model.view:
        return None
    if model.table is None:
        model.table = TableInterface(model)
        _KEEP.append(model.table)
    return model.table


def install_table_accessibility(window: MainWindow) -> TableAccessibility:
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
