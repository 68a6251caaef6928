"""The door: the one object through which a feature works with the window.

A feature -- hints, live winnability, rating and par, the stepper, undo to a
winnable position, deal filters, statistics, sharing, accessibility, the desktop's
look, the storage notices -- is given a :class:`Door` when it is registered with
the window, and uses only it: the session and its events, a message (a typed
:class:`MessageKind`, buttons by :class:`ButtonId`), the hint's mark on the
table, an action, a menu, a panel or a status item added, a background job run,
a hook registered.  No feature imports the main window; the window is a shell
that makes the door from its parts (:class:`WindowParts`, which it satisfies
without being named here) and hosts what is registered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel, QMainWindow, QMenu, QPushButton, QWidget

from freecell.core.services import HintService
from freecell.core.session import Session
from freecell.ui.panels.hint_bar import Button, ButtonId, HintBar, MessageKind
from freecell.ui.panels.status import StatusPanel
from freecell.ui.shell.abandon import AbandonQuestion
from freecell.ui.shell.background import Background, Slot
from freecell.ui.table.input import InputController
from freecell.ui.table.scene import TableScene
from freecell.ui.table.view import TableView

if TYPE_CHECKING:
    # (the first frame sends no command and hears no event: their modules come later)
    from freecell.core import AppEvent
    from freecell.engine import Command, CommandBus, Event, Game, Move, Position, Variant
    from freecell.solver.api import Verdict
    from freecell.ui.features.hints import HintRunner
    from freecell.ui.panels.results import ResultsPanel

__all__ = [
    "Background",
    "Button",
    "ButtonId",
    "Door",
    "Doorway",
    "Menu",
    "MessageKind",
    "Slot",
    "WindowParts",
    "door_of",
]

T = TypeVar("T")


class Menu(StrEnum):
    """Where an added action goes (before the menu's own last entries)."""

    GAME = "game"
    VIEW = "view"
    EDIT = "edit"  # at its end
    NONE = "none"  # a window shortcut only


class WindowParts(Protocol):
    """What the window hands its door (the main window has all of it)."""

    session: Session
    bus: CommandBus
    abandon: AbandonQuestion
    hint_bar: HintBar
    scene: TableScene
    view: TableView
    controller: InputController
    status: StatusPanel

    @property
    def results(self) -> ResultsPanel: ...

    @property
    def menus(self) -> dict[str, QMenu]: ...

    @property
    def hints(self) -> HintRunner: ...

    @property
    def auto_finishing(self) -> bool: ...

    def add_game_menu_action(self, action: QAction) -> None: ...

    def add_view_menu_action(self, action: QAction) -> None: ...

    def add_game_menu(self, menu: QMenu) -> None: ...

    def add_panel(self, panel: QWidget) -> None: ...

    def undo(self) -> None: ...

    def replay_deal(self, *, ask: bool = True) -> None: ...

    def new_deal(self, *, ask: bool = True) -> None: ...

    def play_deal(self, number: int) -> None: ...

    def play_variant(self, variant: Variant, keep: Callable[[], object] | None = None) -> None: ...

    def hint(self) -> None: ...

    def stop_auto_finish(self) -> None: ...

    def say_no_legal_move(self) -> None: ...


class Door:
    """What a feature may use of the window (see the module's docstring)."""

    def __init__(self, host: QMainWindow, parts: WindowParts) -> None:
        self.host = host  # the window as a Qt widget: a dialog's parent, an event filter's
        self._parts = parts
        self.session = parts.session
        self.next_deal: Callable[[], bool] | None = None
        self.known_verdict: Callable[[Position], Verdict | None] | None = None
        self._features: dict[type, object] = {}
        self.dialogs: dict[str, QDialog] = {}  # the last one each feature opened

    # -- the session and its events ------------------------------------------------
    @property
    def bus(self) -> CommandBus:
        return self.session.bus

    @property
    def game(self) -> Game:
        return self.session.bus.game

    def subscribe(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        """Hear the game's events; returns the function that stops it."""
        return self.session.bus.subscribe(listener)

    def subscribe_app(self, listener: Callable[[AppEvent], None]) -> Callable[[], None]:
        """Hear the session's application events; returns the function that stops it."""
        return self.session.subscribe(listener)

    def dispatch(self, command: Command) -> list[Event]:
        return self.session.bus.dispatch(command)

    # -- messages --------------------------------------------------------------------
    def say(
        self,
        text: str,
        kind: MessageKind = MessageKind.INFO,
        buttons: Sequence[Button] = (),
        timeout_ms: int | None = None,
        holds: Callable[[], bool] | None = None,
    ) -> None:
        """Show a message in the bar above the table (its listeners hear it too);
        ``holds``: whether what it states is still true (it goes when not)."""
        self._parts.hint_bar.show_message(text, kind, buttons, timeout_ms, holds)

    def dismiss(self) -> None:
        self._parts.hint_bar.dismiss()

    @property
    def message_kind(self) -> MessageKind:
        return self._parts.hint_bar.kind

    @property
    def message_text(self) -> str:
        return self._parts.hint_bar.text

    def hear_messages(self, listener: Callable[[str, MessageKind], None]) -> None:
        self._parts.hint_bar.listeners.append(listener)

    def button(self, id: ButtonId, label: str, *, asked: bool = False) -> Button:
        """A message's button for one of the window's own commands.  ``asked``: the
        message was the question already (a proven loss, the resume prompt), so
        Replay deal and New deal replace the game without asking again."""
        parts, ask = self._parts, not asked
        commands: dict[ButtonId, Callable[[], object]] = {
            ButtonId.UNDO: parts.undo,
            ButtonId.HINT: parts.hint,
            ButtonId.REPLAY_DEAL: lambda: parts.replay_deal(ask=ask),
            ButtonId.NEW_DEAL: lambda: parts.new_deal(ask=ask),
            ButtonId.KEEP_PLAYING: self.dismiss,
        }
        return Button(id, label, commands[id])

    # -- the table -------------------------------------------------------------------
    def mark_hint(self, move: Move | None) -> None:
        """Mark a hint's move on the table (None: no mark)."""
        self._parts.scene.set_hint(move)

    def show_on_table(
        self,
        variant: Variant,
        position: Position,
        moves: Sequence[Move] = (),
        before: Position | None = None,
        *,
        animate: bool = True,
    ) -> None:
        """Show a position that is not the game's (the review's steps)."""
        self._parts.scene.show_position(variant, position, moves, before, animate=animate)

    def table_shows_game(self) -> None:
        """The table shows the game again, and takes its moves."""
        game = self.game
        self._parts.scene.show_position(game.variant, game.position, animate=False)
        self._parts.controller.position_changed()

    def watch_table(self, watcher: QObject, *, watch: bool = True) -> None:
        """``watcher`` filters the table's events (the mouse and keys), or stops."""
        for target in (self._parts.view, self._parts.view.viewport()):
            if watch:
                target.installEventFilter(watcher)
            else:
                target.removeEventFilter(watcher)

    def focus_table(self) -> None:
        """Give the table the keyboard (after a feature's dialog or menu dealt)."""
        self._parts.view.setFocus()

    # -- the player's commands a feature may give --------------------------------------
    def undo(self) -> None:
        self._parts.undo()

    def replay_deal(self, *, ask: bool = True) -> None:
        self._parts.replay_deal(ask=ask)

    def new_deal(self, *, ask: bool = True) -> None:
        self._parts.new_deal(ask=ask)

    def play_deal(self, number: int) -> None:
        self._parts.play_deal(number)

    def replace_game(self, go: Callable[[], object]) -> None:
        """Run ``go``, which replaces the game, once the player agrees (the window
        asks first when the game would count as lost)."""
        self._parts.abandon.ask(go)

    def play_variant(self, variant: Variant, keep: Callable[[], object] | None = None) -> None:
        """Deal ``variant`` (the window asks first if a game would be lost; ``keep``
        runs if the player keeps playing instead)."""
        self._parts.play_variant(variant, keep)

    def ask_for_hint(self) -> None:
        self._parts.hint()

    def stop_auto_finish(self) -> None:
        self._parts.stop_auto_finish()

    @property
    def auto_finishing(self) -> bool:
        return self._parts.auto_finishing

    def say_no_legal_move(self) -> None:
        self._parts.say_no_legal_move()

    # -- what a feature adds -----------------------------------------------------------
    def add_action(self, action: QAction, menu: Menu = Menu.GAME) -> QAction:
        """An action of the window (its shortcut works anywhere in it), in ``menu``."""
        self.host.addAction(action)
        if menu is Menu.GAME:
            self._parts.add_game_menu_action(action)
        elif menu is Menu.VIEW:
            self._parts.add_view_menu_action(action)
        elif menu is Menu.EDIT:
            self._parts.menus["edit"].addAction(action)
        return action

    def accept_drops(self, watcher: QObject) -> None:
        """Files dropped on the window or the table: ``watcher`` filters their events."""
        for target in (self.host, self._parts.view.viewport()):
            target.setAcceptDrops(True)
            target.installEventFilter(watcher)

    def add_menu(self, menu: QMenu) -> None:
        """A submenu of the Game menu."""
        self._parts.add_game_menu(menu)

    def add_panel(self, panel: QWidget) -> None:
        """A panel under the table (the solution stepper)."""
        self._parts.add_panel(panel)

    def add_results_button(
        self, label: str, object_name: str, then: Callable[[], object]
    ) -> QPushButton:
        """One more way on from the results panel after a win (Review)."""
        return self._parts.results.add_button(label, object_name, then)

    def add_status_item(self, item: QLabel, priority: int) -> None:
        """An item of the status bar; the lowest priorities are left out when narrow."""
        self._parts.status.add_info(item, priority)

    def open_dialog(self, key: str, dialog: QDialog) -> None:
        """Open a feature's dialog over the window (kept by ``key``: the last one)."""
        self.dialogs[key] = dialog
        dialog.open()

    # -- background work -------------------------------------------------------------
    def background(self, service: HintService, *, threads: int = 1) -> Background:
        """A runner of background jobs on ``service``'s worker (one job per slot)."""
        return Background(service, self.host, threads=threads)

    @property
    def hints(self) -> HintRunner:
        """The hint searches (made on first use)."""
        return self._parts.hints

    # -- hooks and the registry ------------------------------------------------------
    def choose_next_deal(self, hook: Callable[[], bool] | None) -> None:
        """A feature that may choose the next deal itself ("winnable deals only"):
        the hook answers True when it has; None takes it away."""
        self.next_deal = hook

    def know_verdicts(self, known: Callable[[Position], Verdict | None] | None) -> None:
        """What is already known of a position (the live checks): a hint it answers
        is shown at once, with no search.  None takes it away."""
        self.known_verdict = known

    def register(self, feature: T) -> T:
        """Register a feature with the window (one of each kind); returns it."""
        self._features[type(feature)] = feature
        return feature

    def unregister(self, feature: object) -> None:
        if self._features.get(type(feature)) is feature:
            del self._features[type(feature)]

    def close_features(self) -> None:
        """The window is closing: each registered feature that can close does."""
        for feature in list(self._features.values()):
            close = getattr(feature, "close", None)
            if callable(close) and not isinstance(feature, QWidget):
                close()

    def feature(self, kind: type[T]) -> T | None:
        """The feature of that kind registered, if any."""
        found = self._features.get(kind)
        return found if isinstance(found, kind) else None

    # -- the window's widgets, for what must describe them (accessibility) ------------
    @property
    def widgets(self) -> WindowParts:
        return self._parts


class HasDoor(Protocol):
    @property
    def door(self) -> Door: ...


Doorway = Door | HasDoor
"""A door, or what has one (the window: tests and start-up install features on it)."""


def door_of(doorway: Doorway) -> Door:
    return doorway if isinstance(doorway, Door) else doorway.door
