"""The Plugins dialog: every plugin found, what it provides, where it came from, and
a switch for each.

The dialog only *shows* the plugin manager and asks it to switch plugins on or off;
the manager runs the plugin, checks what it returns and saves the choice to the
settings file.  It is keyboard-first: the list has focus, arrows move, Space (or the
Enable/Disable button, Alt+E) switches the selected plugin, and the details under
the list are a read-only text the screen reader can reach with Tab.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from freecell.core import AppEvent, PluginsChanged
from freecell.i18n import N_, _, ngettext, pgettext
from freecell.i18n.formatting import format_number
from freecell.plugin_host import Kind, PluginInfo, PluginManager
from freecell.plugin_host.discovery import default_user_plugin_dir
from freecell.plugin_host.plugin_words import kind_word, plugin_title, source_word, status_text
from freecell.plugin_host.reason_words import off_text, why_off
from freecell.ui.dialogs.custom_variant import CustomVariantDialog
from freecell.ui.shell.door import Doorway, door_of

# Translators: the column headings of the Plugins dialog's list
COLUMNS = (N_("Plugin"), N_("Provides"), N_("Version"), N_("From"), N_("Status"))
NAME_ROLE = Qt.ItemDataRole.UserRole

_COUNTED = (Kind.VARIANT, Kind.SCORING, Kind.CARD_THEME, Kind.TABLE_SURFACE, Kind.SOLVER)


def _counted(kind: Kind, n: int) -> str:
    """``8 variants``: what a plugin provides, counted (ngettext needs each pair)."""
    if kind is Kind.VARIANT:
        text = ngettext("{n} variant", "{n} variants", n)
    elif kind is Kind.SCORING:
        text = ngettext("{n} scoring scheme", "{n} scoring schemes", n)
    elif kind is Kind.CARD_THEME:
        text = ngettext("{n} card theme", "{n} card themes", n)
    elif kind is Kind.TABLE_SURFACE:
        text = ngettext("{n} table surface", "{n} table surfaces", n)
    else:
        text = ngettext("{n} solver", "{n} solvers", n)
    return text.format(n=format_number(n))


# Translators: what the plugin manager calls a resolver's and an observer's offer
_MANAGER_WORDS = (N_("variants resolved by id"), N_("observes game events"))


def _listed(words: list[str]) -> str:
    # Translators: the separator between the items of a list ("8 variants, solver")
    return pgettext("list", ", ").join(words)


def provides_text(info: PluginInfo) -> str:
    """ "8 variants, variant resolver" for a running plugin; the kinds its source
    declares, "(when on)", for one that has not run."""
    if info.provides:
        counts: dict[Kind, int] = {}
        for item in info.provides:
            counts[item.kind] = counts.get(item.kind, 0) + 1
        words = []
        for kind, n in counts.items():
            if kind in _COUNTED:
                words.append(_counted(kind, n))
            else:  # a resolver or an observer: not counted
                words.append(kind_word(kind))
        return _listed(words)
    kinds = _listed([kind_word(k) for k in info.kinds])
    # Translators: what a plugin that is off will provide once switched on
    return _("{kinds} (when on)").format(kinds=kinds) if kinds else "—"


class PluginsDialog(QDialog):
    """Lists the manager's plugins and switches them on or off.

    ``changed`` is emitted after every switch, so the window can rebuild its
    Variant, Theme and Surface menus and re-check what is in use (the manager's
    ``choose_*`` helpers fall back to the defaults with a sentence).
    """

    changed = Signal()

    def __init__(self, manager: PluginManager, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.manager = manager
        self.setWindowTitle(_("Plugins"))
        self.setObjectName("pluginsDialog")
        self.resize(760, 480)
        self._updating = False

        intro = QLabel(
            _(
                "Plugins add variants, scoring, card themes and solvers. Built-in plugins are "
                "on by default. Plugins from installed packages or your plugin folder run code "
                "on this computer, so they stay off until you switch them on: only switch on "
                "plugins you trust."
            )
        )
        intro.setWordWrap(True)

        self.notice_label = QLabel()
        self.notice_label.setObjectName("pluginNotices")
        self.notice_label.setWordWrap(True)
        self.notice_label.setStyleSheet("color: #8a1c1c; font-weight: 600;")
        self.notice_label.setAccessibleName(_("Plugin problems"))

        self.tree = QTreeWidget()
        self.tree.setObjectName("pluginList")
        self.tree.setAccessibleName(_("Plugins"))
        self.tree.setAccessibleDescription(
            _(
                "Each plugin with what it provides; press Space to switch the selected one "
                "on or off."
            )
        )
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels([_(c) for c in COLUMNS])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for column in (0, 2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

        self.details = QTextBrowser()
        self.details.setObjectName("pluginDetails")
        self.details.setAccessibleName(_("Plugin details"))
        self.details.setOpenExternalLinks(False)
        self.details.setMaximumHeight(150)

        self.toggle_button = QPushButton(_("&Enable"))
        self.toggle_button.setObjectName("togglePlugin")
        self.folder_button = QPushButton(_("Open plugin &folder"))
        self.folder_button.setObjectName("openPluginFolder")
        self.folder_button.setToolTip(_("Single-file plugins (.py) go in this folder"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)

        row = QHBoxLayout()
        row.addWidget(self.toggle_button)
        row.addWidget(self.folder_button)
        row.addStretch(1)
        row.addWidget(buttons)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.notice_label)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.details)
        layout.addLayout(row)

        self.tree.itemChanged.connect(self._item_changed)
        self.tree.currentItemChanged.connect(lambda *_: self._show_current())
        self.toggle_button.clicked.connect(self.toggle_current)
        self.folder_button.clicked.connect(self.open_plugin_folder)

        self.refresh()
        first = self.tree.topLevelItem(0)
        if first is not None:
            self.tree.setCurrentItem(first)
        self.tree.setFocus()

    # -- reading the manager ---------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild the rows from the manager, keeping the selected plugin selected."""
        current = self.current_name()
        self._updating = True
        try:
            self.tree.clear()
            for info in self.manager.plugins():
                self.tree.addTopLevelItem(self._item(info))
        finally:
            self._updating = False
        if current is not None:
            self.select(current)
        self._show_notices()
        self._show_current()

    def _item(self, info: PluginInfo) -> QTreeWidgetItem:
        values = (
            plugin_title(info),
            provides_text(info),
            info.version or "—",
            source_word(info.source),
            status_text(info),
        )
        item = QTreeWidgetItem(list(values))
        item.setData(0, NAME_ROLE, info.name)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(0, Qt.CheckState.Checked if info.enabled else Qt.CheckState.Unchecked)
        # Translators: a plugin's row as the screen reader reads it: "scoring, on, On,
        # provides 2 scoring schemes"
        if info.enabled:
            state = pgettext("plugin switch", "on")
        else:
            state = pgettext("plugin switch", "off")
        spoken = _("{name}, {state}, {status}, provides {provides}").format(
            name=plugin_title(info),
            state=state,
            status=status_text(info),
            provides=provides_text(info),
        )
        item.setData(0, Qt.ItemDataRole.AccessibleTextRole, spoken)
        if info.error:
            item.setToolTip(4, why_off(info.error))
            item.setForeground(4, Qt.GlobalColor.darkRed)
        return item

    def _show_notices(self) -> None:
        failed = [p for p in self.manager.plugins() if p.error]
        if failed:
            lines = [off_text(p.name, p.error) for p in failed if p.error]
            self.notice_label.setText("\n".join(lines))
            self.notice_label.show()
        else:
            self.notice_label.clear()
            self.notice_label.hide()

    def _show_current(self) -> None:
        name = self.current_name()
        if name is None:
            self.details.clear()
            self.toggle_button.setEnabled(False)
            return
        info = self.manager.plugin(name)
        self.toggle_button.setEnabled(True)
        self.toggle_button.setText(_("&Disable") if info.enabled else _("&Enable"))
        self.details.setHtml(details_html(info))

    def current_name(self) -> str | None:
        item = self.tree.currentItem()
        return None if item is None else str(item.data(0, NAME_ROLE))

    def select(self, name: str) -> None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None and item.data(0, NAME_ROLE) == name:
                self.tree.setCurrentItem(item)
                return

    # -- switching ---------------------------------------------------------------------
    def set_enabled(self, name: str, enabled: bool) -> None:
        """Switch a plugin on or off (the manager saves the choice), then redraw."""
        self.manager.set_enabled(name, enabled)
        self.refresh()
        self.changed.emit()

    def toggle_current(self) -> None:
        name = self.current_name()
        if name is not None:
            self.set_enabled(name, not self.manager.plugin(name).enabled)
            self.tree.setFocus()

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._updating or column != 0:
            return
        name = str(item.data(0, NAME_ROLE))
        checked = item.checkState(0) == Qt.CheckState.Checked
        if checked != self.manager.plugin(name).enabled:
            self.tree.setCurrentItem(item)
            self.set_enabled(name, checked)

    def open_plugin_folder(self) -> None:
        folder = default_user_plugin_dir()
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def details_html(info: PluginInfo) -> str:
    """What the details pane says about one plugin."""
    parts = [f"<b>{escape(plugin_title(info))}</b>"]
    if info.version:
        parts[0] += f" {escape(info.version)}"
    if info.description:  # a built-in's is in the catalogue; a plugin's, as it wrote it
        parts.append(escape(_(info.description)))
    parts.append(
        escape(
            _("From: {source} — {location}").format(
                source=source_word(info.source), location=info.location
            )
        )
    )
    if info.error:
        # Translators: {problem} is a whole sentence saying what the plugin did
        problem = _("Problem: {problem}").format(problem=why_off(info.error))
        parts.append(f"<span style='color:#8a1c1c'>{escape(problem)}</span>")
    if info.provides:
        items = "".join(
            f"<li>{escape(kind_word(p.kind))}: {escape(_(p.name))} <code>{escape(p.id)}</code></li>"
            for p in info.provides
        )
        provides = _("Provides:")
        parts.append(f"{escape(provides)}<ul>{items}</ul>")
    elif info.kinds:
        kinds = _listed([kind_word(k) for k in info.kinds])
        parts.append(
            escape(_("Will provide: {kinds}. Switch it on to load it.").format(kinds=kinds))
        )
    return "<br>".join(parts)


# -- wiring into the window, through its door -----------------------------------------
def install_plugins(
    window: Doorway, manager: PluginManager | None = None
) -> tuple[QAction, QAction] | None:
    """Add "Plugins…" and "Custom variant…" to the window's Game menu; returns the
    two actions (None when the session has no plugin manager).

    ``manager`` (tests) is the one the session attaches; by default the session's
    own.  The session follows the manager: whenever the set of plugins changes (a
    switch in the dialog, a plugin that fails mid-game) it rebuilds its catalog,
    replaces a theme, surface or variant whose plugin is gone by the default and
    publishes ``PluginsChanged``, which the window's menus and hint bar show.
    """
    door = door_of(window)
    host, session = door.host, door.session
    session.attach_plugins(manager)
    plugins = session.plugin_manager
    if plugins is None:
        return None
    plugins_action = QAction(_("P&lugins…"), host)
    plugins_action.setObjectName("pluginsAction")
    custom_action = QAction(_("C&ustom variant…"), host)
    custom_action.setObjectName("customVariantAction")

    def open_plugins() -> None:
        dialog = PluginsDialog(plugins, host)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        door.open_dialog("plugins", dialog)

    def open_custom() -> None:
        dialog = CustomVariantDialog(host, door.game.variant, plugins.variants())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: session.play_variant(dialog.variant()))
        door.open_dialog("custom_variant", dialog)

    def refresh(event: AppEvent) -> None:
        if isinstance(event, PluginsChanged):
            custom_action.setEnabled(plugins.offers_custom_variants())

    plugins_action.triggered.connect(open_plugins)
    custom_action.triggered.connect(open_custom)
    door.add_action(custom_action)
    door.add_action(plugins_action)
    unsubscribe = door.subscribe_app(refresh)
    host.destroyed.connect(lambda *_: unsubscribe())
    custom_action.setEnabled(plugins.offers_custom_variants())
    return plugins_action, custom_action
