"""The Statistics window's history: the games table (sort, filter, Replay, Review,
Copy, Export to CSV), the charts and their tables, the deal of the day from the
Game menu; and none of it loaded by the window's start."""

from __future__ import annotations

import csv
import datetime
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton, QTableView, QWidget

from freecell.analysis.daily import daily_deal, today
from freecell.engine import Move, MoveCards
from freecell.storage import Storage
from freecell.storage.history_export import CSV_COLUMNS
from freecell.storage.history_rows import GameRow, Result
from freecell.ui.dialogs.statistics import StatisticsDialog, install_statistics
from freecell.ui.features.daily import install_daily
from freecell.ui.features.review import install_review
from ui_helpers import make_window


def _noon(days_ago: int) -> float:
    day = today() - datetime.timedelta(days=days_ago)
    return datetime.datetime(day.year, day.month, day.day, 12).timestamp()


def _row(n: int, deal: int, result: Result, days_ago: int, variant: str = "freecell",
         hints: int = 0, moves: tuple[str, ...] = ("3a", "3b")) -> GameRow:  # fmt: skip
    end = _noon(days_ago)
    return GameRow(f"g{n}", variant, deal, None, end - 100, end, 90.0 + n, 50 + n, moves,
                   result, None, hints, 0, "dealt")  # fmt: skip


def _storage_with_games() -> Storage:
    storage = Storage()
    for row in (
        _row(1, 617, Result.WON, 3),
        _row(2, 11982, Result.LOST, 2),
        _row(3, 5, Result.WON, 1, hints=1),
        _row(4, 7, Result.ABANDONED, 0, variant="bakers-game"),
    ):
        storage.history.add(row)
    return storage


def _open(qtbot: Any, storage: Storage) -> tuple[Any, StatisticsDialog]:
    window = make_window(qtbot, deal=617, storage=storage)
    review = install_review(window)
    action = install_statistics(window, review)
    assert action is not None
    action.trigger()
    dialog = window.statistics_dialog
    assert isinstance(dialog, StatisticsDialog)
    qtbot.waitExposed(dialog)
    return window, dialog


def _cells(table: QTableView) -> list[list[str]]:
    model = table.model()
    return [
        [str(model.index(r, c).data()) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_the_games_table_sorts_filters_and_keeps_the_old_figures(qtbot: Any) -> None:
    _window, dialog = _open(qtbot, _storage_with_games())
    assert dialog.findChild(QWidget, "statisticsTabs") is not None
    assert dialog.values["Played"].text() == "3"  # the Figures page as before
    table = dialog.findChild(QTableView, "historyTable")
    assert table is not None
    # opened on the variant played, newest first
    assert [row[1] for row in _cells(table)] == ["#5", "#11982", "#617"]
    assert _cells(table)[0][3] == "Won, with help"
    table.sortByColumn(5, Qt.SortOrder.AscendingOrder)  # moves
    assert [row[5] for row in _cells(table)] == ["51", "52", "53"]
    page = dialog.games
    assert page is not None
    page.variant_filter.setCurrentIndex(page.variant_filter.findData(None))
    assert table.model().rowCount() == 4
    page.result_filter.setCurrentIndex(page.result_filter.findData(Result.LOST))
    assert sorted(row[1] for row in _cells(table)) == ["#11982", "#7"]  # abandoned too
    page.result_filter.setCurrentIndex(0)
    page.deal_filter.setText("#61")
    qtbot.waitUntil(lambda: table.model().rowCount() == 1)
    assert _cells(table)[0][1] == "#617"
    assert "1 of 4 games" in page.count_label.text()


def test_copy_gives_the_one_line_and_export_writes_the_cli_columns(
    qtbot: Any, tmp_path: Path
) -> None:
    _window, dialog = _open(qtbot, _storage_with_games())
    page = dialog.games
    assert page is not None
    assert page.select_game("g1")
    qtbot.mouseClick(dialog.findChild(QPushButton, "historyCopy"), Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text().strip() == "FreeCell game: freecell #617: 3a 3b"
    target = tmp_path / "games.csv"
    assert page.export(str(target))
    with open(target, encoding="utf-8") as handle:
        lines = list(csv.reader(handle))
    assert tuple(lines[0]) == CSV_COLUMNS
    assert [line[1] for line in lines[1:]] == ["5", "11982", "617"]  # the rows shown
    assert lines[1][CSV_COLUMNS.index("own")] == "False"


def test_replay_this_deal_closes_the_window_and_deals_it(qtbot: Any) -> None:
    window, dialog = _open(qtbot, _storage_with_games())
    page = dialog.games
    assert page is not None
    page.variant_filter.setCurrentIndex(page.variant_filter.findData(None))
    assert page.select_game("g4")
    qtbot.mouseClick(dialog.findChild(QPushButton, "historyReplay"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    game = window.bus.game
    assert (game.variant.id, game.deal_number, game.move_count) == ("bakers-game", 7, 0)


def test_every_chart_has_its_figures_as_a_table(qtbot: Any) -> None:
    _window, dialog = _open(qtbot, _storage_with_games())
    charts = dialog.charts
    assert charts is not None
    rate = dialog.findChild(QTableView, "winRateTable")
    moves = dialog.findChild(QTableView, "timeMovesTable")
    days = dialog.findChild(QTableView, "calendarTable")
    assert rate is not None and moves is not None and days is not None
    assert [row[1:4] for row in _cells(rate)] == [["1", "1", "100%"], ["1", "0", "0%"],
                                                  ["1", "1", "100%"]]  # fmt: skip
    assert _cells(rate)[-1][4] == "67%"
    assert [(r[0], r[1], r[4]) for r in _cells(moves)] == [("#617", "51", "yes"),
                                                           ("#5", "53", "no")]  # fmt: skip
    assert [r[1:3] for r in _cells(days)] == [["1", "1"], ["1", "0"], ["1", "1"]]
    for name in ("winRateChart", "timeMovesChart", "calendarChart"):
        chart = dialog.findChild(QWidget, name)
        assert chart is not None and chart.accessibleName()
        assert chart.focusPolicy() == Qt.FocusPolicy.StrongFocus
        chart.resize(500, 300)
        image = chart.grab().toImage()
        colours = {image.pixel(x, y) for x in range(0, 500, 5) for y in range(0, 300, 5)}
        assert len(colours) > 3, name  # something is drawn, not an empty box
    assert "3 days in a row" in charts.calendar_summary.text()  # up to yesterday
    assert "won games" in charts.moves_chart.accessibleDescription()


def test_deal_of_the_day_from_the_game_menu_is_marked_and_drawn(qtbot: Any) -> None:
    storage = Storage()
    window = make_window(qtbot, deal=3, storage=storage)
    daily = install_daily(window)
    assert daily.action in window.menus["game"].actions()
    daily.action.trigger()
    number = daily_deal(today())
    assert window.bus.game.deal_number == number
    assert f"#{number}" in window.hint_bar.text
    window.dispatch(MoveCards(Move.parse(_first_move(window))))
    (row,) = [r for r in storage.history.rows() if r.deal == number]
    assert row.daily == today().isoformat()
    window.dispatch(_new_deal())  # leaves it: counted, and the calendar shows the day
    install_statistics(window)
    dialog = StatisticsDialog(storage.statistics, variants=[("freecell", "FreeCell")],
                              current_variant="freecell", actions=_no_actions())  # fmt: skip
    qtbot.addWidget(dialog)
    assert dialog.charts is not None
    shown = dialog.charts.calendar_chart.calendar
    assert shown is not None and shown.days[today()].daily == "played"
    assert shown.daily.days_played_streak == 1


def _first_move(window: Any) -> str:
    from freecell.engine.rules import legal_moves

    game = window.bus.game
    return legal_moves(game.position, game.variant)[0].notation


def _new_deal() -> Any:
    from freecell.engine import NewDeal

    return NewDeal(4)


def _no_actions() -> Any:
    from freecell.ui.dialogs.statistics import GameActions

    return GameActions(lambda _r: None, None, lambda _r: None)


def test_no_chart_module_is_loaded_before_the_statistics_window_opens() -> None:
    code = (
        "import sys\n"
        "from freecell.core import Session\n"
        "from freecell.storage import Storage\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from freecell.ui.shell.app import build_window, install_features\n"
        "window = build_window(Session(storage=Storage(), deal_number=1))\n"
        "window.show(); window.ready(); install_features(window)\n"
        "app.processEvents()\n"
        "loaded = [m for m in ('freecell.ui.dialogs.history_charts',"
        " 'freecell.ui.dialogs.history_table', 'freecell.storage.history_series',"
        " 'PySide6.QtCharts', 'PySide6.QtGraphs', 'pyqtgraph', 'matplotlib')"
        " if m in sys.modules]\n"
        "window.close()\n"
        "print('loaded:', loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "loaded: []" in done.stdout


def test_the_window_reads_the_history_once_for_its_three_pages(
    qtbot: Any, monkeypatch: Any
) -> None:
    storage = _storage_with_games()
    reads: list[str | None] = []
    read = type(storage.history).rows

    def counted(history: Any, variant: str | None = None) -> list[GameRow]:
        reads.append(variant)
        return read(history, variant)

    monkeypatch.setattr(type(storage.history), "rows", counted)
    _window, dialog = _open(qtbot, storage)
    assert dialog.digest is not None and dialog.charts is not None and dialog.games is not None
    dialog.variant_box.setCurrentIndex(dialog.variant_box.findData("bakers-game"))
    dialog.variant_box.setCurrentIndex(dialog.variant_box.findData("freecell"))
    assert reads == [None]  # figures, games and charts (and a change of variant) share it
    assert dialog.games.model.games == dialog.digest.newest_first
    assert dialog.charts.rate_table.model().rowCount() == 3  # freecell's three days


def test_the_calendar_names_the_weekdays_and_has_a_legend_and_fills_its_height(qtbot: Any) -> None:
    from freecell.ui.dialogs.history_calendar import MAX_WEEKS, MIN_WEEKS, CalendarChart

    chart = CalendarChart()
    assert len(chart.legend()) == 4 and all(chart.legend())
    qtbot.addWidget(chart)
    chart.show()
    for width, height in ((500, 220), (1300, 300), (1300, 600), (3000, 200)):
        chart.resize(width, height)
        area, weeks = chart.grid()
        assert MIN_WEEKS <= weeks <= MAX_WEEKS
        # the seven days reach the legend: nothing empty under the weeks
        assert area.bottom() + chart.fontMetrics().height() + 14 == height
        if weeks < MAX_WEEKS:  # days about square: the width picks the weeks
            assert 0.7 < (area.width() / weeks) / (area.height() / 7) < 1.4
    chart.resize(1300, 300)
    wide_weeks = chart.grid()[1]
    chart.resize(700, 300)
    assert chart.grid()[1] < wide_weeks  # a wider window shows more weeks


def test_every_result_is_worded_in_the_players_language(qapp: Any) -> None:
    from freecell.ui.dialogs.history_model import RESULT, HistoryModel
    from i18n_windows import installed

    games = [_row(n, 5, result, n) for n, result in enumerate(Result)]
    for _ in installed(qapp, "de"):
        model = HistoryModel(games, str)
        words = [model.index(r, RESULT).data() for r in range(model.rowCount())]
    assert words == ["Läuft", "Gewonnen", "Verloren", "Abgebrochen"]  # (in Result's order)
