"""The tool bar: icons from the desktop's theme (the game's own drawings where the
theme has none), tooltips that say what a button does and its keys, and the
enabled state of Undo, Redo, Hint and Auto finish derived from the game.

The tool bar shows the window's own actions (the Edit menu's Undo is the tool
bar's Undo), so a button and its menu entry can never disagree; a button's label
is the action's ``iconText`` ("Undo (U)"), the menu's its ``text`` ("&Undo").
:func:`derive_action_states` sets what can act from the game and auto finish,
and the window calls it on every game event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QByteArray, QEvent, QObject, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QIcon,
    QKeySequence,
    QPainter,
    QPixmap,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QMainWindow, QSizePolicy, QToolBar, QWidget

from freecell import resource_files
from freecell.i18n import _
from freecell.ui.shell.colour_scheme import LIGHT, bar_text_colours

if TYPE_CHECKING:
    from freecell.engine import CommandBus
    from freecell.ui.shell.menus import WindowActions


class ActionStates(Protocol):
    """What :func:`derive_action_states` reads and sets (the main window's; named
    here so that the window, which calls it, is not imported back)."""

    bus: CommandBus
    undo_action: QAction
    redo_action: QAction
    hint_action: QAction
    auto_finish_action: QAction

    @property
    def auto_finishing(self) -> bool: ...


# Each button's icon: the names a desktop icon theme may have it under, first
# found wins (KDE's games icons first, then freedesktop's), then the game's own.
ICONS: dict[str, tuple[str, ...]] = {
    "undo": ("edit-undo",),
    "redo": ("edit-redo",),
    "hint": ("games-hint", "help-hint", "dialog-information"),
    "new-deal": ("document-new",),
    "auto-finish": ("games-endturn", "go-top", "go-up"),
    "stop": ("process-stop", "media-playback-stop"),
    "rules": ("help-contents", "help-browser"),
}


# The size (device pixels) the game's own icons are drawn at: Qt scales it down for
# a tool bar's 16-32 px and a menu's 16 px, at a device pixel ratio of 1 or 2.
OWN_ICON_SIDE = 48


def own_icon(name: str, scheme: str) -> QIcon:
    """One of the game's SVGs, drawn in the tool bar's text colour for ``scheme``
    (and its disabled colour), so it reads on a light and a dark tool bar alike.
    Drawn into pixmaps now: an icon engine written in Python and owned by Qt can be
    freed under it by Python's collector."""
    svg = bundled_svg(name)
    icon = QIcon()
    normal, disabled = bar_text_colours(scheme)
    for mode, colour in ((QIcon.Mode.Normal, normal), (QIcon.Mode.Disabled, disabled)):
        renderer = QSvgRenderer(QByteArray(svg.replace(b"currentColor", colour.encode("ascii"))))
        pixmap = QPixmap(OWN_ICON_SIDE, OWN_ICON_SIDE)
        pixmap.fill(Qt.GlobalColor.transparent)  # a new pixmap's pixels are undefined
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, OWN_ICON_SIDE, OWN_ICON_SIDE))
        painter.end()
        icon.addPixmap(pixmap, mode)
    return icon


def bundled_svg(name: str) -> bytes:
    """The game's own drawing of icon ``name`` (shipped in the package)."""
    return resource_files.read_bytes(("icons", "toolbar", f"{name}.svg"))


# the game's own icons, drawn once for each scheme
_OWN_ICONS: dict[tuple[str, str], QIcon] = {}


def tool_icon(name: str, scheme: str) -> QIcon:
    """The desktop theme's icon for ``name`` (see :data:`ICONS`), else the game's,
    drawn for the tool bar of ``scheme`` (light or dark)."""
    for theme_name in ICONS[name]:
        if QIcon.hasThemeIcon(theme_name):
            return QIcon.fromTheme(theme_name)
    key = (name, scheme)
    icon = _OWN_ICONS.get(key)
    if icon is None:
        icon = _OWN_ICONS[key] = own_icon(name, scheme)
    return icon


class _RecolourOnStyleChange(QObject):
    """Gives the tool bar's actions their icons again when the window's style sheet
    changes (a light or dark scheme followed at run time), so the game's own
    drawings take the bar's new text colour."""

    def __init__(self, bar: QToolBar, recolour: Callable[[], None]) -> None:
        super().__init__(bar)
        self._recolour = recolour
        bar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.StyleChange:
            self._recolour()
        return False


def keys_text(keys: Sequence[str]) -> str:
    """``("Ctrl+Z", "U")`` as the desktop writes keys ("Ctrl+Z, U"; "Strg+Z, U")."""
    return ", ".join(QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in keys)


def with_keys(what: str, keys: Sequence[str]) -> str:
    """A tooltip: what the button does, then its keys."""
    if not keys:
        return what
    # Translators: a tool bar button's tooltip: what it does, then its keys
    return _("{what} ({keys})").format(what=what, keys=keys_text(keys))


def action_keys(action: QAction) -> list[str]:
    return [k.toString() for k in action.shortcuts()]


def describe(action: QAction, what: str, label: str, icon: str | None) -> None:
    """Give ``action`` its tool bar face: icon, label and a tooltip naming its keys
    (the status bar's tip too)."""
    if icon is not None:
        action.setIcon(tool_icon(icon, LIGHT))
    action.setIconText(label)
    tip = with_keys(what, action_keys(action))
    action.setToolTip(tip)
    action.setStatusTip(tip)


@dataclass
class Toolbar:
    bar: QToolBar
    rules: QAction


def build_toolbar(
    w: QMainWindow,
    actions: WindowActions,
    show_rules: Callable[[], None],
    recolour_third: Callable[[str], None],
) -> Toolbar:
    """Undo, Hint, the third button (New deal / Auto finish / Stop), Redo, and How
    to play at the far end (``show_rules``); ``recolour_third`` redraws the third
    button's icon for a scheme (its owner, auto finish, keeps it)."""
    bar = QToolBar(_("Game"))
    bar.setObjectName("gameToolbar")
    bar.setMovable(False)
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    describe(actions.undo, _("Take back the last move"), _("Undo (U)"), "undo")
    describe(actions.hint, _("Ask the solver for a good move"), _("Hint (H)"), "hint")
    redo_key = min(action_keys(actions.redo), key=len)  # the shortest to read: Ctrl+Y
    # Translators: the tool bar's Redo button; {key} is its key, as "Ctrl+Y"
    redo_label = _("Redo ({key})").format(key=keys_text([redo_key]))
    describe(actions.redo, _("Make the undone move again"), redo_label, "redo")
    describe(actions.auto_finish, _("Send the remaining cards home"), _("Auto finish (F)"), None)
    rules = QAction(_("How to play"), w)
    rules.setObjectName("rulesTool")
    rules.setIcon(tool_icon("rules", LIGHT))
    rules.setToolTip(_("How to play: the rules, the supermove limit and the keys (F1)"))
    rules.triggered.connect(lambda _c=False: show_rules())
    for action in (actions.undo, actions.hint, actions.third, actions.redo):
        bar.addAction(action)
    names = {actions.undo: "undoTool", actions.hint: "hintTool", actions.redo: "redoTool"}
    names[actions.third] = "thirdTool"
    for action, name in names.items():
        bar.widgetForAction(action).setObjectName(name)
    spacer = QWidget()
    spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    bar.addWidget(spacer)
    bar.addAction(rules)
    bar.widgetForAction(rules).setObjectName("rulesTool")
    w.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    icons = {actions.undo: "undo", actions.hint: "hint", actions.redo: "redo", rules: "rules"}

    def recolour() -> None:
        scheme = getattr(w, "colour_scheme", LIGHT)  # (not set before the first scheme)
        for action, name in icons.items():
            action.setIcon(tool_icon(name, scheme))
        recolour_third(scheme)

    _RecolourOnStyleChange(bar, recolour)
    return Toolbar(bar, rules)


def derive_action_states(w: ActionStates) -> None:
    """Undo, Redo, Hint and Auto finish enabled exactly when they can act now, in
    the tool bar and the menus alike (one action each)."""
    game = w.bus.game
    running = w.auto_finishing
    w.undo_action.setEnabled(game.can_undo)
    w.redo_action.setEnabled(game.can_redo and not running)
    w.hint_action.setEnabled(not game.is_won and game.has_legal_move and not running)
    w.auto_finish_action.setEnabled(running or game.can_auto_finish)
