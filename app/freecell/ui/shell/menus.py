"""The main window's actions, tool bar and menus, built from the session.

The window keeps the actions (:class:`WindowActions`) and calls :meth:`Menus.show`
whenever the settings, the variant or what the plugins offer change, so the check
marks and the choice lists are those a fresh start with the same settings shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import partial
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from freecell.core.session import Session
from freecell.engine import Variant
from freecell.i18n import _
from freecell.texts.variants import variant_description, variant_name
from freecell.themes import CardTheme, TableSurface
from freecell.ui.shell.auto_play_choice import auto_play_actions, show_auto_play
from freecell.ui.shell.desktop_look import DesktopLook
from freecell.ui.shell.window_look import label_sizes
from freecell.ui.table.layout import CardSize
from freecell.ui.table.scene import TableScene


class MenuHost(Protocol):
    """The window's own commands its menus give (the main window's; named here so
    that the window, which builds its menus, is not imported back).  The menus are
    the window's own part, not a feature: features add their entries through the
    door (:meth:`freecell.ui.shell.door.Door.add_action`)."""

    session: Session
    look: DesktopLook
    scene: TableScene
    large_print_action: QAction
    reduce_motion_action: QAction

    def new_deal(self) -> None: ...
    def replay_deal(self) -> None: ...
    def choose_deal(self) -> None: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def hint(self) -> None: ...
    def toggle_auto_finish(self) -> None: ...
    def third_button(self) -> None: ...
    def show_rules(self) -> None: ...
    def show_about(self) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def play_variant(self, variant: Variant) -> None: ...
    def set_card_size(self, size: CardSize) -> None: ...
    def set_large_print(self, on: bool) -> None: ...
    def set_theme(self, theme: CardTheme) -> None: ...
    def set_surface(self, surface: TableSurface) -> None: ...


@dataclass
class WindowActions:
    """Every action of the window's menus and tool bar."""

    new: QAction
    replay: QAction
    choose_deal: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    hint: QAction
    auto_finish: QAction
    third: QAction
    rules: QAction
    about: QAction
    fullscreen: QAction
    large_print: QAction
    reduce_motion: QAction
    auto_play: dict[str, QAction]


def _action(
    window: QMainWindow,
    text: str,
    slot: Callable[[], object],
    shortcuts: Sequence[str | QKeySequence.StandardKey] = (),
    tip: str = "",
    *,
    checkable: bool = False,
) -> QAction:
    action = QAction(text, window, checkable=checkable)
    keys = [QKeySequence(s) for s in shortcuts]
    if keys:
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    window.addAction(action)
    return action


def build_actions(w: MenuHost, window: QMainWindow) -> WindowActions:
    """The window's actions (``window``: the Qt window they belong to; ``w``: its
    commands)."""
    settings = w.session.settings
    actions = WindowActions(
        new=_action(
            window, _("&New deal"), w.new_deal, ["Ctrl+N", "N"], _("Deal a new random game")
        ),
        replay=_action(
            window, _("&Replay deal"), w.replay_deal, ["Ctrl+R"], _("Start this deal again")
        ),
        choose_deal=_action(
            window,
            _("&Choose deal\u2026"),
            w.choose_deal,
            ["Ctrl+G"],
            _("Play a deal by its number, or a random one"),
        ),
        quit=_action(window, _("&Quit"), window.close, [QKeySequence.StandardKey.Quit]),
        # (their tooltips, naming their keys, come with the tool bar: ui/shell/toolbar.py)
        undo=_action(window, _("&Undo"), w.undo, ["Ctrl+Z", "U"]),
        redo=_action(window, _("&Redo"), w.redo, ["Ctrl+Shift+Z", "Ctrl+Y"]),
        hint=_action(window, _("&Hint"), w.hint, ["H"]),
        auto_finish=_action(window, _("&Auto finish"), w.toggle_auto_finish, ["F"]),
        third=QAction(_("New deal (N)"), window),
        rules=_action(window, _("&How to play"), w.show_rules, ["F1"], _("The rules and the keys")),
        about=_action(window, _("&About FreeCell"), w.show_about),
        fullscreen=_action(window, _("&Full screen"), w.toggle_fullscreen, ["F11"], checkable=True),
        large_print=_action(
            window,
            _("&Large print"),
            lambda: w.set_large_print(w.large_print_action.isChecked()),
            ["Ctrl+L"],
            checkable=True,
        ),
        reduce_motion=_action(
            window,
            _("Reduce &motion"),
            lambda: w.session.change_settings(reduce_motion=w.reduce_motion_action.isChecked()),
            checkable=True,
        ),
        auto_play=auto_play_actions(window, w.session),
    )
    for field in fields(actions):  # found by name (tests, a screen reader's script)
        action = getattr(actions, field.name)
        if isinstance(action, QAction):
            action.setObjectName(f"{field.name}Action")
    actions.third.triggered.connect(lambda _c=False: w.third_button())
    actions.large_print.setChecked(settings.large_print)
    actions.reduce_motion.setChecked(w.look.reduces_motion)
    return actions


class Menus:
    """The menu bar.  Its titles are there from the first frame; what the menus hold
    is added by :meth:`build` once the table is on screen (or when one is first
    opened, or looked at through :attr:`by_name`).  The variant, card size, theme and
    surface lists are filled from the session by :meth:`show`, again after every
    change.  (The actions, with their shortcuts, are the window's from the start.)"""

    def __init__(self, w: MenuHost, window: QMainWindow, actions: WindowActions) -> None:
        self._window = w
        self._qt_window = window
        self._actions = actions
        menubar = window.menuBar()
        self._by_name: dict[str, QMenu] = {
            name: menubar.addMenu(title)
            for name, title in (
                ("game", _("&Game")),
                ("edit", _("&Edit")),
                ("view", _("&View")),
                ("help", _("&Help")),
            )
        }
        self.built = False
        for menu in self._by_name.values():
            menu.aboutToShow.connect(self.build)
        self.size_actions: dict[CardSize, QAction] = {}
        self._groups: dict[int, QActionGroup] = {}  # each list's, by its menu
        self._shown: tuple[object, ...] = ()

    @property
    def by_name(self) -> dict[str, QMenu]:
        """The menus by name ("game", "edit", "view", "help"), with what they hold."""
        self.build()
        return self._by_name

    def build(self) -> None:
        """Put in what the menus hold (once)."""
        if self.built:
            return
        self.built = True
        actions, w = self._actions, self._window
        game, edit = self._by_name["game"], self._by_name["edit"]
        view, help_menu = self._by_name["view"], self._by_name["help"]
        for a in (actions.new, actions.replay, actions.choose_deal):
            game.addAction(a)
        self.variants = game.addMenu(_("&Variant"))
        self.variants.setObjectName("variantMenu")
        auto_play = game.addMenu(_("&Auto-play"))
        auto_play.setObjectName("autoPlayMenu")
        auto_play.addActions(list(actions.auto_play.values()))
        self.game_extras = game.addSeparator()
        game.addSeparator()
        game.addAction(actions.quit)
        for a in (actions.undo, actions.redo):
            edit.addAction(a)
        edit.addSeparator()
        edit.addAction(actions.hint)
        edit.addAction(actions.auto_finish)
        self.sizes = view.addMenu(_("Card &size"))
        # each size named as it is at the window's size, when the list is opened
        self.sizes.aboutToShow.connect(lambda: label_sizes(self.size_actions, w.scene))
        view.addAction(actions.large_print)
        self.themes = view.addMenu(_("Card &theme"))
        self.themes.setObjectName("themeMenu")
        self.surfaces = view.addMenu(_("Table s&urface"))
        view.addAction(actions.reduce_motion)
        self.view_extras = view.addSeparator()
        view.addAction(actions.fullscreen)
        help_menu.addAction(actions.rules)
        help_menu.addAction(actions.about)
        self.variant_group = QActionGroup(self._qt_window)
        self.show()

    def show(self) -> None:
        """Fill the choice lists (when what is offered changed) and set every check
        mark from the session: the game's variant, the settings' size, theme, surface
        and switches (before :meth:`build`, the switches only: it fills the lists)."""
        w = self._window
        session = w.session
        catalog, settings = session.catalog, session.settings
        w.large_print_action.setChecked(settings.large_print)
        w.reduce_motion_action.setChecked(w.look.reduces_motion)
        show_auto_play(self._actions.auto_play, settings.auto_play)
        if not self.built:
            return
        offered = (tuple(catalog.variants), tuple(catalog.themes), tuple(catalog.surfaces))
        if offered != self._shown:
            self._shown = offered
            self.variant_group = self._fill(
                self.variants,
                [
                    (variant_name(v), variant_description(v), partial(w.play_variant, v))
                    for v in catalog.variants
                ],
            )
            self._fill(
                self.themes, [(_(t.name), "", partial(w.set_theme, t)) for t in catalog.themes]
            )
            self._fill(
                self.surfaces,
                [(_(s.name), "", partial(w.set_surface, s)) for s in catalog.surfaces],
            )
        if not self.size_actions:
            group = self._fill(
                self.sizes, [(_(s.label), "", partial(w.set_card_size, s)) for s in CardSize]
            )
            self.size_actions = dict(zip(CardSize, group.actions(), strict=True))
        _check(self.variants, [v == session.game.variant for v in catalog.variants])
        _check(self.themes, [t.id == settings.theme for t in catalog.themes])
        _check(self.surfaces, [s.id == settings.surface for s in catalog.surfaces])
        _check(self.sizes, [s.value == settings.card_size for s in CardSize])

    def _fill(
        self, menu: QMenu, items: Sequence[tuple[str, str, Callable[[], object]]]
    ) -> QActionGroup:
        menu.clear()
        old = self._groups.pop(id(menu), None)
        if old is not None:
            old.deleteLater()
        group = self._groups[id(menu)] = QActionGroup(menu)
        for text, tip, slot in items:
            a = QAction(text, menu, checkable=True)
            if tip:
                a.setToolTip(tip)
            a.triggered.connect(lambda _c=False, slot=slot: slot())
            group.addAction(a)
            menu.addAction(a)
        return group


def _check(menu: QMenu, marks: Sequence[bool]) -> None:
    for action, on in zip(menu.actions(), marks, strict=False):
        action.setChecked(on)
