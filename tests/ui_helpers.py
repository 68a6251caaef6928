"""Helpers for the Qt table tests: boards to start from and real pointer/key input.

Every gesture goes through ``QTest`` on the view's viewport at the point where the
scene draws the card, so the tests exercise the same path as a player's mouse.
"""

from __future__ import annotations

import dataclasses
import subprocess
import threading
from collections.abc import Iterable
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from freecell.core import Session
from freecell.engine import (
    DECK,
    FREECELL,
    LoadPosition,
    Move,
    Pile,
    Position,
    Variant,
    card,
    parse_moves,
)
from freecell.engine.cards import parse_rank
from freecell.solver.api import Budget, Mode, Unknown, Verdict
from freecell.storage import Settings, Storage
from freecell.ui.shell.main_window import MainWindow
from freecell.ui.table.layout import Rect
from freecell.ui.table.view import TableView


def board(
    columns: list[str],
    cells: Iterable[str | None] = (),
    home: str = "",
    variant: Variant = FREECELL,
) -> Position:
    """A complete, valid position: ``board(["KS QH", "7C"], ["6H"], "C-5 D-5 H-5 S-5")``."""
    cols = [tuple(card(t) for t in c.split()) for c in columns]
    cols += [()] * (variant.columns - len(cols))
    held = [None if c is None else card(c) for c in cells]
    held += [None] * (variant.cells - len(held))
    tops = [0, 0, 0, 0]
    for token in home.split():
        suit, _, rank = token.partition("-")
        tops["CDHS".index(suit)] = parse_rank(rank)
    position = Position(tuple(cols), tuple(held), (tops[0], tops[1], tops[2], tops[3]))
    position.validate()
    return position


# Four long runs, two sixes in columns, two in cells, two empty columns; fives home.
RUNS = board(
    [
        "KS QH JC TD 9S 8H 7C",
        "KH QC JD TS 9H 8C 7D",
        "KD QS JH TC 9D 8S 7H",
        "KC QD JS TH 9C 8D 7S",
        "6C",
        "6D",
    ],
    ["6H", "6S"],
    "C-5 D-5 H-5 S-5",
)


# No free cell, one empty column (col(7)): two cards move onto a card, one into the
# empty column.  col(3) ends with the ten of hearts, on which the nine of spades'
# run of three would build -- but three is more than two.
TIGHT = board(
    [
        "KS QH JC TD 9S 8H 7C",
        "KH QC JD TS 9H 8C 7D",
        "KD QS JH TC 9D 8S 7H",
        "KC QD JS TH",
        "9C",
        "8D",
        "7S",
    ],
    ["6H", "6S", "6C", "6D"],
    "C-5 D-5 H-5 S-5",
)


# Long columns: a whole suit in sequence (13 cards, as long as the room every table
# keeps for a column) and others of 4 to 10 cards.
LONG_COLUMNS = board(
    [
        "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS",
        "KH QC JD TS 9H 8C 7D 6S 5H 4C",
        "KD QS JH TC 9D 8S 7H 6C 5D",
        "KC QD JS TH 9C 8D 7S 6H",
        "5C 4D 3S 2H",
        "4S 3H 2C AD",
        "3D 2S AH",
        "AC",
    ],
)


def stuck_board() -> Position:
    """Cells full of Kings; every exposed card black and low; nothing can move."""
    kings = [card(t) for t in ("KC", "KD", "KH", "KS")]
    exposed = [card(t) for t in ("2C", "2S", "3C", "3S", "4C", "4S", "5C", "5S")]
    rest = [c for c in DECK if c not in kings and c not in exposed]
    columns = [(*rest[i * 5 : i * 5 + 5], exposed[i]) for i in range(8)]
    position = Position(tuple(columns), tuple(kings), (0, 0, 0, 0))
    position.validate()
    return position


def make_window(  # type: ignore[no-untyped-def]
    qtbot,
    *,
    deal: int = 1,
    service=None,
    storage: Storage | None = None,
    insight_service=None,
    analysis=None,
    **settings,
) -> MainWindow:
    """A shown window on a session of its own (``storage``: the settings it holds
    under these options, and everything is saved there).  Auto-play is off unless
    asked for: the boards the tests load say where every card is after a move."""
    options = {"reduce_motion": True, "card_size": "fit", "auto_play": "off"}
    options.update(settings)
    base = storage.settings.load() if storage is not None else Settings()
    session = Session(
        dataclasses.replace(base, **options),
        storage=storage,
        deal_number=deal,
        hint_service=service,
        insight_service=insight_service,
        analysis=analysis,
    )
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1100, 800)
    with qtbot.waitExposed(window):
        window.show()
    window.ready()  # what waits for the first paint (the menus' contents), done now
    window.activateWindow()
    return window


def count_layouts(scene: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float]]:
    """The view size of every layout of the table from now on."""
    layouts: list[tuple[float, float]] = []
    apply_layout = scene._apply_layout

    def counted(position: Position) -> None:
        layouts.append(scene.view_size)
        apply_layout(position)

    monkeypatch.setattr(scene, "_apply_layout", counted)
    return layouts


def resize_settled(
    qtbot: Any, window: MainWindow, size: tuple[int, int], layouts: list[tuple[float, float]]
) -> None:
    """Resize ``window`` and wait for what the resize posts; ``layouts`` (from
    :func:`count_layouts`) then holds this resize's layouts alone."""
    layouts.clear()
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    qtbot.wait(50)  # anything posted by the resize has come by now


def assert_one_layout(
    window: MainWindow, size: tuple[int, int], layouts: list[tuple[float, float]]
) -> None:
    """The table was laid out once, at the viewport's final size."""
    vp = window.view.viewport()
    assert layouts == [(vp.width(), vp.height())], (size, layouts)


def load(window: MainWindow, position: Position, variant: Variant = FREECELL) -> None:
    window.dispatch(LoadPosition(position, variant))


def at(view: TableView, x: float, y: float) -> QPoint:
    return view.mapFromScene(QPointF(x, y))


def card_point(window: MainWindow, pile: Pile, depth: int = -1) -> QPoint:
    """The viewport point a player would press to take the card at ``depth``."""
    scene, pos = window.scene, window.bus.game.position
    lay = scene.layout
    assert lay is not None
    if pile.is_column:
        cards = pos.columns[pile.index]
        depth = len(cards) - 1 if depth < 0 else depth
        r = lay.card_rect(pile.index, depth)
        # inside the visible strip of an overlapped card
        y = r.y + (lay.offsets[pile.index] * 0.5 if depth < len(cards) - 1 else r.h * 0.5)
        return at(window.view, r.x + r.w * 0.5, y)
    r = scene.pile_rect(pile)
    return at(window.view, r.x + r.w * 0.5, r.y + r.h * 0.5)


def drop_point(window: MainWindow, pile: Pile) -> QPoint:
    """Where to release so the dragged card lands on ``pile``."""
    scene, pos = window.scene, window.bus.game.position
    lay = scene.layout
    assert lay is not None
    if pile.is_column:
        n = len(pos.columns[pile.index])
        r = lay.card_rect(pile.index, max(0, n - 1))
        return at(window.view, r.x + r.w * 0.5, r.y + r.h * 0.5)
    r: Rect = scene.pile_rect(pile)  # type: ignore[no-redef]
    return at(window.view, r.x + r.w * 0.5, r.y + r.h * 0.5)


def drag(qtbot, window: MainWindow, start: QPoint, end: QPoint, steps: int = 4) -> None:  # type: ignore[no-untyped-def]
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, steps + 1):
        p = start + (end - start) * (i / steps)
        qtbot.mouseMove(vp, pos=QPoint(round(p.x()), round(p.y())))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)


def click(qtbot, window: MainWindow, point: QPoint) -> None:  # type: ignore[no-untyped-def]
    """One tap.  Two taps on the same spot within the double-click interval are a
    double-click to Qt; tests that tap twice there wait out the interval first."""
    vp = window.view.viewport()
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=point)
    QApplication.processEvents()


def col(i: int) -> Pile:
    return Pile.column(i)


def shown_where_engine_says(window: MainWindow) -> bool:
    """Every card's item stands where the scene's layout puts it for the engine's
    position (nothing left mid-flight or at an old place)."""
    targets = window.scene.target_rects(window.bus.game.position)
    return all(
        (window.scene.items_by_card[c].pos().x(), window.scene.items_by_card[c].pos().y())
        == (r.x, r.y)
        for c, (r, _z) in targets.items()
    )


def key_to(qtbot, window: MainWindow, pile: Pile) -> None:  # type: ignore[no-untyped-def]
    """Move the keyboard focus to ``pile`` with the arrow key, as a player would."""
    piles = window.controller.piles()
    steps = (piles.index(pile) - window.controller.focus_index) % len(piles)
    for _ in range(steps):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.controller.focused()[0] == pile


def fc_solve_moves(number: int) -> list[Move]:
    """The moves ``fc-solve -m -snx`` finds for a Microsoft deal."""
    board_text = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    out = subprocess.run(
        ["fc-solve", "-m", "-snx"], input=board_text, capture_output=True, text=True, check=True
    ).stdout
    text = " ".join(
        line for line in out.splitlines() if not line.startswith(("-=", "This", "Total"))
    )
    return parse_moves(text.replace("This game is solveable.", ""))


class FakeService:
    """Stands in for the solver worker process: answers what the test says, or
    blocks until cancelled (to test cancelling)."""

    def __init__(self, verdict: Verdict | None = None, block: bool = False) -> None:
        self.verdict = verdict
        self.block = block
        self.started = threading.Event()
        self.cancelled = threading.Event()
        self.calls: list[Position] = []
        self.closed = False

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: str = "builtin",
    ) -> Verdict:
        self.calls.append(position)
        self.started.set()
        if self.block:
            self.cancelled.wait(10)
            return Unknown(None, cancelled=True)
        assert self.verdict is not None
        return self.verdict

    def answer(self, position, variant, budget, mode, backend):  # type: ignore[no-untyped-def]
        """As the worker answers for a backend that worked: its verdict, its id."""
        from freecell.solver.backends import Answer

        return Answer(self.solve(position, variant, budget, mode), backend.backend_id)

    def cancel(self) -> None:
        self.cancelled.set()

    def close(self) -> None:
        self.closed = True
