"""The player's solver backend in the window: chosen in Preferences, used by hints."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel

from backend_plugin import MARKER_SOURCE, MARKER_STATES, marker_move
from freecell.core import BackendChanged
from freecell.plugin_host import create_manager
from freecell.solver.service import SolverService
from freecell.storage import Settings
from freecell.ui.dialogs.preferences import PreferencesDialog, install_preferences
from freecell.ui.features.hint_answers import describe_move
from freecell.ui.features.insight import install_insight
from freecell.ui.shell.main_window import MainWindow
from plugin_helpers import FakeSite
from ui_helpers import make_window

BACKENDS = [
    ("builtin", "Built-in solver", True),
    ("fc-solve", "Freecell Solver (fc-solve) (not available here)", False),
    ("marker", "Marker Solver", True),
]


def _prefs(qtbot: Any, settings: Settings) -> PreferencesDialog:
    dialog = PreferencesDialog(
        settings,
        variants=[("freecell", "FreeCell")],
        themes=[("classic", "Classic")],
        surfaces=[("green-felt", "Green felt")],
        backends=BACKENDS,
    )
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def test_preferences_list_the_backends_with_their_availability(qtbot: Any) -> None:
    dialog = _prefs(qtbot, Settings())
    combo = dialog.combos["solver_backend"]
    assert combo.accessibleName() == "Solver backend"
    assert [combo.itemText(i) for i in range(combo.count())] == [b[1] for b in BACKENDS]
    assert combo.currentData() == "builtin"
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    assert [model.item(i).isEnabled() for i in range(combo.count())] == [True, False, True]
    with qtbot.waitSignal(dialog.settingsChanged) as blocker:
        combo.setCurrentIndex(2)
    assert blocker.args[0].solver_backend == "marker"


def test_a_remembered_backend_that_is_gone_is_shown_not_replaced(qtbot: Any) -> None:
    dialog = _prefs(qtbot, Settings(solver_backend="uninstalled"))
    combo = dialog.combos["solver_backend"]
    assert combo.currentText() == "uninstalled (not available)"


# -- in the window, with a third-party plugin installed as plugins are ----------------


@pytest.fixture(scope="module")
def markers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FakeSite]:
    with pytest.MonkeyPatch.context() as patch:
        site = FakeSite(tmp_path_factory.mktemp("site"), patch)
        site.install("freecell-markers", "freecell_markers", MARKER_SOURCE, entry_name="markers")
        yield site
        site.forget()


@pytest.fixture
def worker(markers: FakeSite) -> Iterator[SolverService]:
    """The real worker process, spawned with the plugin's site folder on its path
    (one per window: the window stops its service when it closes)."""
    with SolverService() as service:
        yield service


def _window(qtbot: Any, worker: SolverService, backend: str, deal_number: int = 5) -> MainWindow:
    window = make_window(qtbot, deal=deal_number, service=worker, solver_backend=backend)
    window.session.attach_plugins(create_manager({"markers": True}, include_user_folder=False))
    return window


def test_a_hint_in_the_window_comes_from_the_chosen_plugin_backend(
    qtbot: Any, worker: SolverService
) -> None:
    window = _window(qtbot, worker, "marker")
    game = window.bus.game
    with qtbot.waitSignal(window.hints.answered, timeout=30_000) as blocker:
        qtbot.keyClick(window.view, Qt.Key.Key_H)
    answer = blocker.args[0]
    assert answer.backend_id == "marker" and answer.fallback is None
    assert answer.verdict.states == MARKER_STATES
    move = marker_move(game.position, game.variant)
    assert answer.verdict.suggested_move == move
    assert window.hint_bar.kind == "hint"
    # it answers "unknown" at once: no search ran out of anything
    assert window.hint_bar.text == f"Try this: {describe_move(game, move)}. " + (
        "(The solver has no verdict for this position, so this is only a suggestion.)"
    )


def test_a_failing_backend_falls_back_to_the_built_in_and_says_so(
    qtbot: Any, worker: SolverService
) -> None:
    window = _window(qtbot, worker, "marker-raises", deal_number=1)
    with qtbot.waitSignal(window.hints.answered, timeout=30_000) as blocker:
        window.hint()
    answer = blocker.args[0]
    assert answer.backend_id == "builtin" and answer.verdict.verdict == "solved"
    assert window.hint_bar.kind == "hint"
    assert window.hint_bar.text.startswith(
        "The solver Raising Solver failed (RuntimeError: the marker solver broke); the "
        "built-in solver answered instead. Hint: move the"
    )


def test_choosing_another_backend_in_preferences_serves_the_next_hint(
    qtbot: Any, worker: SolverService
) -> None:
    window = _window(qtbot, worker, "builtin")
    install_preferences(window).trigger()
    dialog = window.preferences_dialog
    assert dialog is not None
    combo = dialog.combos["solver_backend"]
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert "Marker Solver" in labels and "Missing Solver (not available here)" in labels
    heard: list[object] = []
    window.session.subscribe(heard.append)
    combo.setCurrentIndex(combo.findData("marker"))
    assert window.session.settings.solver_backend == "marker"
    assert any(isinstance(e, BackendChanged) and e.new == "marker" for e in heard)
    dialog.close()
    with qtbot.waitSignal(window.hints.answered, timeout=30_000) as blocker:
        window.hint()
    assert blocker.args[0].backend_id == "marker"


def test_the_solution_stepper_and_live_check_ask_the_chosen_backend(
    qtbot: Any, worker: SolverService
) -> None:
    window = _window(qtbot, worker, "marker-raises", deal_number=1)
    insight = install_insight(window, worker)
    assert insight is not None
    try:
        insight.show_solution()
        qtbot.waitUntil(lambda: insight.stepper.isVisible(), timeout=30_000)
        assert window.hint_bar.text.startswith("The solver Raising Solver failed")
        insight.check_now()
        qtbot.waitUntil(lambda: insight.state == "winnable", timeout=30_000)
    finally:
        insight.close()
