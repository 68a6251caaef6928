"""The Statistics dialog: each variant's figures, the deals beaten, and a reset.

The figures come from the game history (:class:`HistoryStatistics`, read when the
dialog opens and after a reset); the dialog never does arithmetic of its own.  It
says plainly that time and moves are recorded only for won games, lists every deal
played in the chosen variant (so a player can see which deals they have beaten), and
resets one variant only after the player confirms -- the previous file stays on disk
as the backup either way.

Keyboard: the variant selector (Alt+V), each figure (Tab reaches them; their
accessible names read "Played: 12"), the deal table (arrows), Reset (Alt+R), Close.

With a game history (the window's), the figures are one page of three: Games
(:mod:`.history_table`) and Charts (:mod:`.history_charts`) are the others; those
modules are imported when the dialog is first made, never by the window's start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from freecell.engine import split_take_backs
from freecell.i18n import N_, _, ngettext, pgettext
from freecell.i18n.formatting import format_percent
from freecell.storage import Statistics, StatisticsStore, VariantStats
from freecell.storage.history_rows import GameRow
from freecell.storage.history_stats import HistoryStatistics
from freecell.storage.statistics import DealRecord
from freecell.ui.named import named
from freecell.ui.panels.results import format_time
from freecell.ui.shell.door import Door, Doorway, door_of

if TYPE_CHECKING:
    from freecell.storage.history_series import HistoryDigest
    from freecell.ui.dialogs.history_charts import ChartsPage
    from freecell.ui.dialogs.history_table import HistoryPage
    from freecell.ui.features.review import GameReview

Choice = tuple[str, str]
"""(variant id, display name)."""

ONLY_WINS_NOTE = N_("Time and moves are recorded only for won games.")
NOTHING_YET = N_("none yet")
DEAL_COLUMNS = (N_("Deal"), N_("Result"), N_("Played"), N_("Best moves"), N_("Best time"))


def format_seconds(seconds: float | None) -> str:
    """``75.4`` -> ``"1:15"``; an hour or more -> ``"1:02:03"``; None -> ``"none yet"``.
    The same whole seconds as the clock and the win panel show (they must agree)."""
    return _(NOTHING_YET) if seconds is None else format_time(seconds)


def _streak(stats: VariantStats) -> str:
    if stats.current_win_streak:
        n = stats.current_win_streak
        return ngettext("{n} win", "{n} wins", n).format(n=n)
    if stats.current_loss_streak:
        n = stats.current_loss_streak
        return ngettext("{n} loss", "{n} losses", n).format(n=n)
    return _(NOTHING_YET)


def _optional(value: int | None) -> str:
    return _(NOTHING_YET) if value is None else str(value)


def figures(stats: VariantStats) -> list[tuple[str, str]]:
    """The (label, value) rows the dialog shows, in order (labels in English: the
    dialog translates them)."""
    return [
        (N_("Played"), str(stats.played)),
        (N_("Won"), _won(stats)),
        (N_("Lost"), str(stats.lost)),
        (N_("Win rate"), format_percent(stats.win_rate) if stats.played else _(NOTHING_YET)),
        (N_("Current streak"), _streak(stats)),
        (N_("Longest winning streak"), str(stats.longest_win_streak)),
        (N_("Longest losing streak"), str(stats.longest_loss_streak)),
        (N_("Best score"), _optional(stats.best_score)),
        (N_("Fastest win"), format_seconds(stats.fastest_win)),
        (N_("Fewest moves"), _optional(stats.fewest_moves)),
        (N_("Deals beaten"), str(len(stats.beaten_deals()))),
        (N_("Hints used"), str(stats.hints_used)),
    ]


def _result(record: DealRecord) -> str:
    if record.beaten:
        return pgettext("deal result", "Won")
    return _("Won with help") if record.won else _("Not won yet")


def _won(stats: VariantStats) -> str:
    if not stats.assisted_wins:
        return str(stats.won)
    return _("{won} ({assisted} with help)").format(won=stats.won, assisted=stats.assisted_wins)


class DealsModel(QAbstractTableModel):
    """The deals of one variant, a row each; a row's words are made when it is first
    shown (a history of 10,000 deals made 50,000 table items up front)."""

    def __init__(self, records: Sequence[DealRecord] = ()) -> None:
        super().__init__()
        self.records = list(records)
        self._words: dict[int, tuple[str, ...]] = {}

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.records)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(DEAL_COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(DEAL_COLUMNS[section])
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() != 1:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        words = self._words.get(index.row())
        if words is None:
            record = self.records[index.row()]
            words = self._words[index.row()] = (
                f"#{record.deal}",
                _result(record),
                str(record.played),
                _optional(record.best_moves),
                format_seconds(record.best_seconds),
            )
        return words[index.column()]


@dataclass(frozen=True, slots=True)
class GameActions:
    """What the Games page's buttons do with a game of the history (the window's)."""

    replay: Callable[[GameRow], None]
    review: Callable[[GameRow], None] | None
    copy_line: Callable[[GameRow], str | None]


class StatisticsDialog(QDialog):
    """Shows ``store``'s figures per variant; ``statisticsReset(variant_id)`` after a reset.
    With a history behind ``store`` (and ``actions``), also its games and charts."""

    statisticsReset = Signal(str)

    def __init__(
        self,
        store: HistoryStatistics | StatisticsStore,
        *,
        variants: Sequence[Choice],
        current_variant: str | None = None,
        actions: GameActions | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Statistics"))
        self.setAccessibleName(_("Statistics"))
        self.store = store
        self.digest: HistoryDigest | None = None
        if isinstance(store, HistoryStatistics):  # the rows read once, for all three pages
            # (imported here, as the pages' modules are: the window's start needs none)
            from freecell.storage.history_series import HistoryDigest

            self.digest = HistoryDigest.read(store.history)
            self.stats: Statistics = self.digest.stats
        else:
            self.stats = store.load()
        self.games: HistoryPage | None = None
        self.charts: ChartsPage | None = None

        self.variant_box = QComboBox()
        self.variant_box.setAccessibleName(_("Variant"))
        self.variant_box.setAccessibleDescription(_("Whose statistics are shown"))
        known = dict(variants)
        for vid, name in variants:
            self.variant_box.addItem(name, vid)
        for vid in sorted(self.stats.variants):  # take-backs, or a plugin since switched off
            if vid not in known:
                base, take_backs = split_take_backs(vid)
                name = (
                    _("{variant} with take-backs").format(variant=known[base])
                    if take_backs and base in known
                    else vid
                )
                self.variant_box.addItem(name, vid)
        variant_label = QLabel(_("&Variant:"))
        variant_label.setBuddy(self.variant_box)
        top = QHBoxLayout()
        top.addWidget(variant_label)
        top.addWidget(self.variant_box, 1)

        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for label, _value in figures(VariantStats()):
            value_label = QLabel()
            value_label.setObjectName(label)
            value_label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            value_label.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextSelectableByKeyboard
                | Qt.TextInteractionFlag.TextSelectableByMouse
            )
            form.addRow(_("{label}:").format(label=_(label)), value_label)
            self.values[label] = value_label

        self.note = QLabel(_(ONLY_WINS_NOTE))
        self.note.setWordWrap(True)
        self.note.setAccessibleName(_(ONLY_WINS_NOTE))

        self.deals = QTableView()
        self.deals.setModel(DealsModel())
        self.deals.setAccessibleName(_("Deals played"))
        self.deals.setAccessibleDescription(_("Every deal played in this variant, and whether won"))
        self.deals.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.deals.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.deals.verticalHeader().setVisible(False)
        self.deals.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.deals.setTabKeyNavigation(False)
        self.deals_label = QLabel(_("&Deals played:"))
        self.deals_label.setBuddy(self.deals)

        self.reset_button = QPushButton(_("&Reset this variant…"))
        self.reset_button.setAccessibleName(_("Reset this variant's statistics"))
        self.reset_button.setAutoDefault(False)
        self.reset_button.clicked.connect(self.confirm_reset)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.rejected.connect(self.reject)

        figures_page = QWidget()
        page = QVBoxLayout(figures_page)
        page.addLayout(form)
        page.addWidget(self.note)
        page.addWidget(self.deals_label)
        page.addWidget(self.deals, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        if self.digest is None or actions is None:
            page.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(figures_page, 1)
            self.resize(520, 560)
        else:
            self.tabs = self._tabs(figures_page, self.digest, variants, current_variant, actions)
            layout.addWidget(self.tabs, 1)
            self.resize(900, 640)
            if parent is not None:  # a big window gets room for the table and the charts
                self.resize(
                    max(900, min(round(parent.width() * 0.8), 1500)),
                    max(640, min(round(parent.height() * 0.85), 1000)),
                )
        layout.addWidget(buttons)

        self.variant_box.currentIndexChanged.connect(lambda _i: self.show_variant())
        if current_variant is not None:
            index = self.variant_box.findData(current_variant)
            if index >= 0:
                self.variant_box.setCurrentIndex(index)
        self.show_variant()

    def _tabs(
        self,
        figures_page: QWidget,
        digest: HistoryDigest,
        variants: Sequence[Choice],
        current_variant: str | None,
        actions: GameActions,
    ) -> QTabWidget:
        # (imported here: the window's start needs neither, and the charts only now)
        from freecell.ui.dialogs.history_charts import ChartsPage
        from freecell.ui.dialogs.history_table import HistoryPage

        tabs = named(QTabWidget(), "statisticsTabs")
        self.games = HistoryPage(
            digest.newest_first,
            variants,
            current_variant=current_variant,
            replay=actions.replay,
            review=actions.review or (lambda _row: None),
            copy_line=actions.copy_line,
        )
        self.games.review_button.setVisible(actions.review is not None)
        self.charts = ChartsPage()
        tabs.addTab(figures_page, _("&Figures"))
        tabs.addTab(self.games, _("&Games"))
        tabs.addTab(self.charts, _("C&harts"))
        return tabs

    @property
    def variant_id(self) -> str:
        return str(self.variant_box.currentData())

    def show_variant(self) -> None:
        stats = self.stats.for_variant(self.variant_id)
        name = self.variant_box.currentText()
        for label, value in figures(stats):
            self.values[label].setText(value)
            self.values[label].setAccessibleName(
                _("{label}: {value}").format(label=_(label), value=value)
            )
        self.reset_button.setEnabled(stats.played > 0)
        records = sorted(stats.deals.values(), key=lambda r: r.deal)
        self.deals.setModel(DealsModel(records))
        if self.charts is not None and self.digest is not None:
            from freecell.analysis.daily import today

            self.charts.show_series(self.digest.series(self.variant_id, today()))
        beaten = len(stats.beaten_deals())
        self.deals.setAccessibleDescription(
            ngettext(
                "{n} deal played in {variant}, {beaten} beaten",
                "{n} deals played in {variant}, {beaten} beaten",
                len(records),
            ).format(n=len(records), variant=name, beaten=beaten)
        )

    def confirm_reset(self) -> bool:
        """Ask, then wipe this variant's figures; True when they were reset."""
        vid, name = self.variant_id, self.variant_box.currentText()
        answer = QMessageBox.question(
            self,
            _("Reset statistics"),
            _(
                "Reset all statistics for {variant}? Its games played, streaks, best times "
                "and the record of deals beaten will be cleared. Other variants are kept."
            ).format(variant=name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.stats = self.store.reset(vid)
        self.show_variant()
        self.statisticsReset.emit(vid)
        return True


def install_statistics(window: Doorway, review: GameReview | None = None) -> QAction | None:
    """Add "Statistics…" (Ctrl+I) to the window's Game menu; returns the action
    (None when the session keeps nothing on disk).

    The dialog opens on the variant being played and lists every variant the
    window offers (plus any with figures whose plugin is now off).
    """
    door = door_of(window)
    storage = door.session.storage
    if storage is None:
        return None
    action = QAction(_("S&tatistics…"), door.host)
    action.setShortcut(QKeySequence("Ctrl+I"))

    def open_dialog() -> None:
        storage.flush()  # a game just won or left is counted on the background writer
        dialog = StatisticsDialog(
            storage.statistics,
            variants=[(v.id, _(v.name)) for v in door.session.catalog.variants],
            current_variant=door.game.variant.id,
            actions=_game_actions(door, lambda: dialog, review),
            parent=door.host,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        door.open_dialog("statistics", dialog)

    action.triggered.connect(open_dialog)
    door.add_action(action)
    return action


def _game_actions(
    door: Door, dialog: Callable[[], QDialog], review: GameReview | None
) -> GameActions:
    """Replay, Review and Copy for a game of the history: the dialog closes and the
    window plays or reviews it."""
    from freecell.ui.features.past_games import copy_line, replay

    def replay_row(row: GameRow) -> None:
        dialog().accept()
        replay(door, row)

    def review_row(row: GameRow) -> None:
        dialog().accept()
        if review is not None:
            review.review_row(row)

    return GameActions(
        replay_row, review_row if review is not None else None, lambda r: copy_line(door, r)
    )
