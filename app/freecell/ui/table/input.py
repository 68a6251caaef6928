"""Turns pointer gestures and keys on the table into engine commands.

Nothing here decides a rule.  A drop, a tap on a destination or Enter sends a
``MoveCards`` to the bus; the engine accepts it (the scene animates the events) or
refuses it with a sentence, which ``on_refused`` shows while the cards spring back.
The only engine questions asked are "where would a tap send this card?"
(``home_move``) and "how long is this column?", both answered by the engine.

Gestures:
- drag a card or run: it lifts (``drag_feedback.py``) and follows the pointer as
  one piece; drop on a pile;
- tap a card that can go home now: it goes home; any other card: it is selected
  (with every card below it), and the next tap names the destination;
- double-click: send home (the engine says why not when it cannot);
- press and hold on a column: the run picker opens (see ``run_picker.py``).
While cards are held (dragged, tapped or picked up by keys) the piles they may go
to are outlined, as the engine judges them (``destinations.py``).
Keys: Left/Right move between piles, Up/Down choose the run's first card, Enter or
Space selects / drops / sends home when it can go (with Shift it only selects, so a
card that could go home can go to a cell instead), Escape clears.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from freecell.engine import Move, Pile, Position, home_move
from freecell.texts.refusals import explain
from freecell.ui.table.destinations import legal_destinations, moving_count
from freecell.ui.table.drag_feedback import DragFeedback
from freecell.ui.table.focus_words import describe_pile
from freecell.ui.table.items import Z_LIFTED
from freecell.ui.table.layout import Rect
from freecell.ui.table.run_picker import PickerPart, RunPickerControl, RunPickerItem
from freecell.ui.table.scene import TableScene

if TYPE_CHECKING:
    from freecell.engine import Command, Event

HOLD_MS = 450


@dataclass
class _Press:
    point: QPointF
    pile: Pile | None
    depth: int
    on_card: bool
    dragging: bool = False
    held: bool = False  # the hold timer fired: the picker owns this press
    origins: tuple[QPointF, ...] = ()


class InputController(QObject):
    # the picked-up cards changed; the argument is what was picked up before (or None)
    selection_changed = Signal(object)
    # a card or run was picked up: by a tap or a key, or a drag began (its sound)
    picked_up = Signal()

    def __init__(
        self,
        scene: TableScene,
        dispatch: Callable[[Command], list[Event]],
        position: Callable[[], Position],
        on_refused: Callable[[str], None],
        takes_back: Callable[[], bool] = lambda: False,
    ) -> None:
        super().__init__()
        self.scene = scene
        # whether the variant lets a card come back off a foundation (then a tap or
        # Enter on a foundation picks its top card up, as on any other pile)
        self._takes_back = takes_back
        self._dispatch = dispatch
        self._position = position
        self._on_refused = on_refused
        self._selection: tuple[Pile, int] | None = None
        self.focus_index = 0  # into piles(): cells, foundations, columns
        self.focus_depth = -1  # inside a column; -1 = its last card
        self.feedback = DragFeedback(scene)
        self.run_picker = RunPickerControl(self)
        self._press: _Press | None = None
        self._just_sent_home = False
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(HOLD_MS)
        self._hold.timeout.connect(self._open_picker)
        self.focus_text = ""
        self.on_focus_text: Callable[[str], None] | None = None

    @property
    def picker(self) -> RunPickerItem:
        return self.run_picker.item

    @property
    def picker_column(self) -> int | None:
        return self.run_picker.column

    def position(self) -> Position:
        """The position shown (the game's)."""
        return self._position()

    @property
    def selection(self) -> tuple[Pile, int] | None:
        """The picked-up card or run: its pile and the depth of its first card."""
        return self._selection

    @selection.setter
    def selection(self, value: tuple[Pile, int] | None) -> None:
        before, self._selection = self._selection, value
        if before != value:
            self.show_destinations()
            self.selection_changed.emit(before)

    def held(self) -> tuple[Pile, int] | None:
        """The cards the player holds now: the dragged run, else the selection."""
        press = self._press
        if press is not None and press.dragging and press.pile is not None:
            return press.pile, press.depth
        return self._selection

    def show_destinations(self) -> None:
        """Outline the legal destinations of what is held (none when nothing is)."""
        held = self.held()
        scene = self.scene
        if held is None or scene.variant is None or scene.layout is None:
            self.feedback.hide_destinations()
            return
        self.feedback.show_destinations(legal_destinations(self._position(), scene.variant, *held))

    # -- shared -------------------------------------------------------------------------
    def piles(self) -> list[Pile]:
        pos = self._position()
        return (
            [Pile.cell(i) for i in range(len(pos.cells))]
            + [Pile.foundation(s) for s in range(4)]
            + [Pile.column(i) for i in range(len(pos.columns))]
        )

    def send(self, command: Command) -> bool:
        """Dispatch; on a refusal show the reason and spring the cards back."""
        # (the commands, events and their words are imported with the first command)
        from freecell.engine import MoveRefused

        events = self._dispatch(command)
        refused = next((e for e in events if isinstance(e, MoveRefused)), None)
        if refused is not None:
            self.scene.spring_back()
            self._on_refused(explain(refused.refusal))
            return False
        return True

    def _send_move(self, move: Move) -> bool:
        from freecell.engine import MoveCards

        return self.send(MoveCards(move))

    def _send_home(self, pile: Pile) -> bool:
        from freecell.engine import SendHome

        return self.send(SendHome(pile))

    def clear_selection(self) -> None:
        self.selection = None
        self.scene.set_selection(None)
        self.close_picker()

    def select(self, pile: Pile, depth: int) -> None:
        self.selection = (pile, depth)
        self.scene.set_selection(pile, depth)
        self.picked_up.emit()

    def position_changed(self) -> None:
        """After any change of the table: selections are gone, the focus stays on its
        pile at that pile's last card."""
        press, self._press = self._press, None
        if press is not None and press.dragging:
            # the game changed under a drag (a new deal by key): put the run down now
            self.feedback.drop_now()
            self.scene.set_drop_mark(None)
        self.selection = None
        self.scene.set_selection(None)
        self.close_picker()
        self.show_destinations()
        self._hold.stop()
        self.focus_depth = -1
        self.show_focus()

    def _count(self, pile: Pile, depth: int) -> int | None:
        return moving_count(self._position(), pile, depth)

    def move_selection_to(self, dest: Pile) -> bool:
        assert self.selection is not None
        source, depth = self.selection
        self.clear_selection()
        return self._send_move(Move(source, _home(dest), self._count(source, depth)))

    # -- pointer ------------------------------------------------------------------------
    def press(self, point: QPointF) -> None:
        self._just_sent_home = False
        hit = self.scene.card_at(point.x(), point.y())
        part = self.picker.part_at(point)
        if part is not None:
            # the panel takes every click on it: its label never reaches the column below
            self._press = _Press(point, None, 0, False, held=True)
            if part is not PickerPart.BODY:
                self.run_picker.hover(part)
            return
        if hit is None:
            self._press = _Press(point, self.scene.pile_at(point.x(), point.y()), 0, False)
            return
        pile, depth = hit
        items = self.scene.cards_of(pile, depth)
        self._press = _Press(point, pile, depth, True, origins=tuple(i.pos() for i in items))
        if pile.is_column:
            self._hold.start()

    def move(self, point: QPointF) -> None:
        press = self._press
        if press is None:
            return
        if press.held:
            self.run_picker.hover(self.picker.part_at(point))
            return
        if not press.on_card or press.pile is None:
            return
        if not press.dragging:
            if (point - press.point).manhattanLength() < QApplication.startDragDistance():
                return
            self._hold.stop()
            press.dragging = True
            self.close_picker()
            self.scene.set_selection(None)
            self.scene.set_hint(None)
            self.scene.finish_animations()
            lifted = self.scene.cards_of(press.pile, press.depth)
            for i, item in enumerate(lifted):
                item.setZValue(Z_LIFTED + i)
            self.picked_up.emit()
            self.feedback.lift(lifted, press.point)
            self.show_destinations()
        delta = point - press.point
        lay = self.scene.layout
        if lay is not None and press.origins:
            first = press.origins[0] + delta
            dragged = Rect(first.x(), first.y(), lay.card_w, lay.card_h)
            self.scene.set_drop_mark(self.scene.drop_target(dragged, press.pile))
        for item, origin in zip(
            self.scene.cards_of(press.pile, press.depth), press.origins, strict=False
        ):
            item.setPos(origin + delta)

    def release(self, point: QPointF) -> None:
        self._hold.stop()
        press, self._press = self._press, None
        if press is None:
            return
        if press.held:
            self.run_picker.release(point)
            return
        if press.dragging and press.pile is not None:
            self._drop(press)
            return
        self.tap(point)

    def double_click(self, point: QPointF) -> None:
        """The second press of a double-click: send the card home.  When the first tap
        already sent a card home, the double-click does not send a second one."""
        self._hold.stop()
        self._press = None
        if self.picker.part_at(point) is not None:
            # a quick second click on an arrow is one more step, never a card sent home
            self.press(point)
            return
        if self._just_sent_home:
            self._just_sent_home = False
            return
        hit = self.scene.card_at(point.x(), point.y())
        if hit is None:
            return
        pile, depth = hit
        if pile.is_foundation:
            return
        if pile.is_column and depth != len(self._position().columns[pile.index]) - 1:
            return  # only the exposed card can go home; a buried one is not guessed at
        self.clear_selection()
        self._send_home(pile)

    def _drop(self, press: _Press) -> None:
        assert press.pile is not None
        self.feedback.settle()
        lay = self.scene.layout
        items = self.scene.cards_of(press.pile, press.depth)
        if lay is None or not items:
            return
        first = items[0].pos()
        dragged = Rect(first.x(), first.y(), lay.card_w, lay.card_h)
        dest = self.scene.drop_target(dragged, press.pile)
        self.scene.set_drop_mark(None)
        self.selection = None
        self.show_destinations()
        if dest is None:
            self.scene.spring_back()
            return
        self.focus_on(dest)
        self._send_move(Move(press.pile, _home(dest), self._count(press.pile, press.depth)))

    def tap(self, point: QPointF) -> None:
        hit = self.scene.card_at(point.x(), point.y())
        target = hit[0] if hit is not None else self.scene.pile_at(point.x(), point.y())
        if target is not None:
            self.focus_on(target, hit[1] if hit is not None else -1)
        if self.selection is not None:
            source, depth = self.selection
            if target is None:
                self.clear_selection()
                return
            if target == source:
                if hit is not None and hit[1] != depth and source.is_column:
                    if self.picker_open and self.picker_column == source.index:
                        self.open_picker(source.index, hit[1])  # offers runs only
                    else:
                        self.select(source, hit[1])
                else:
                    self.clear_selection()
                return
            self.move_selection_to(target)
            return
        if hit is None:
            return
        pile, depth = hit
        if pile.is_foundation:
            if self._takes_back():
                self.select(pile, 0)
            return
        pos = self._position()
        exposed = pile.is_cell or depth == len(pos.columns[pile.index]) - 1
        if exposed and home_move(pos, pile) is not None:
            self._just_sent_home = True
            self._send_home(pile)
            return
        self.select(pile, depth)

    # -- run picker ---------------------------------------------------------------------
    def _open_picker(self) -> None:
        press = self._press
        if press is None or press.pile is None or not press.pile.is_column or press.dragging:
            return
        press.held = True
        self.open_picker(press.pile.index, press.depth)

    def open_picker(self, column: int, depth: int) -> bool:
        """Open the run picker on a column (see :class:`RunPickerControl`)."""
        return self.run_picker.open(column, depth)

    def close_picker(self) -> None:
        self.run_picker.close()

    @property
    def picker_open(self) -> bool:
        return self.run_picker.is_open

    # -- keyboard -----------------------------------------------------------------------
    def focus_on(self, pile: Pile, depth: int = -1) -> None:
        piles = self.piles()
        if pile.is_foundation and pile.index < 0:
            return
        if pile.is_cell and pile.index < 0:
            return
        if pile in piles:
            self.focus_index = piles.index(pile)
            self.focus_depth = depth
            self.show_focus()

    def focused(self) -> tuple[Pile, int]:
        piles = self.piles()
        self.focus_index %= len(piles)
        pile = piles[self.focus_index]
        depth = 0
        if pile.is_column:
            length = len(self._position().columns[pile.index])
            depth = (
                length - 1 if self.focus_depth < 0 else min(self.focus_depth, max(0, length - 1))
            )
        return pile, max(0, depth)

    def show_focus(self) -> None:
        """Mark the focused card where it now lies and say it: after a move, and after
        the window laid the table out again (card size, large print, a resize)."""
        if self.scene.layout is None:
            return
        pile, depth = self.focused()
        # the focus outlines the chosen card and those below it
        self.scene.set_focus_mark(pile, depth)
        self.feedback.redraw()  # the destinations where their piles now lie
        self.focus_text = self.describe_focus()
        if self.on_focus_text is not None:
            self.on_focus_text(self.focus_text)

    def describe_focus(self) -> str:
        """The focused pile in words, for screen readers (:func:`describe_pile`)."""
        pile, depth = self.focused()
        selected = self.selection is not None and self.selection[0] == pile
        return describe_pile(self._position(), pile, depth, selected)

    def key(self, event: QKeyEvent) -> bool:
        """Handle a table key; False when it is not one of ours."""
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            self.focus_index = (self.focus_index + step) % len(self.piles())
            self.focus_depth = -1
            self.show_focus()
            return True
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            if self.picker_open and self.selection is not None:
                self.run_picker.step(more=key == Qt.Key.Key_Up)
                return True
            pile, depth = self.focused()
            if pile.is_column:
                length = len(self._position().columns[pile.index])
                depth = depth - 1 if key == Qt.Key.Key_Up else depth + 1
                self.focus_depth = max(0, min(length - 1, depth))
                self.show_focus()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.picker_open and self.selection is not None:
                pile, _depth = self.focused()
                if pile == self.selection[0]:
                    # Enter on the picker's own column confirms: the run stays selected
                    # and the next Enter names where it goes
                    self.close_picker()
                    self.show_focus()
                    return True
            # Shift holds a card that could go home, so it can go to a cell instead.
            self.activate(smart=mods != Qt.KeyboardModifier.ShiftModifier)
            return True
        if key == Qt.Key.Key_Escape:
            if self.selection is not None or self.picker_open:
                self.clear_selection()
                return True
            return False
        return False

    def activate(self, smart: bool = True) -> None:
        """Enter/Space on the focused pile."""
        pile, depth = self.focused()
        pos = self._position()
        if self.selection is not None:
            source, sel_depth = self.selection
            if pile == source:
                if pile.is_column and depth != sel_depth:
                    self.select(pile, depth)
                else:
                    self.clear_selection()
                return
            self.move_selection_to(pile)
            return
        if pile.is_foundation:
            if self._takes_back() and pos.foundations[pile.index]:
                self.select(pile, 0)
            return
        cards = (
            pos.columns[pile.index]
            if pile.is_column
            else ((pos.cells[pile.index],) if pos.cells[pile.index] else ())
        )
        if not cards:
            return
        exposed = pile.is_cell or depth == len(cards) - 1
        if smart and exposed and home_move(pos, pile) is not None:
            self._send_home(pile)
            return
        self.select(pile, depth)


def _home(dest: Pile) -> Pile:
    """A drop or tap on any foundation means "home": the engine picks the suit's own
    foundation (and still refuses, with its reason, a card that cannot go yet)."""
    return Pile.foundation() if dest.is_foundation else dest
