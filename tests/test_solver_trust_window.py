"""Trust, then verify, in the window (issue 36, finding 1): a third-party backend
that calls deal 1 lost gets no "proven lost" in the hint bar (nor to a screen
reader, which speaks the bar); the built-in's hint is shown, the backend's plugin is
turned off with a notice, and the next hint comes from the built-in search."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from freecell.plugin_host import create_manager
from freecell.plugin_host.reasons import Why
from freecell.solver.service import SolverService
from hostile_plugins import LIAR_SOURCE
from plugin_helpers import FakeSite
from ui_helpers import make_window


@pytest.fixture(scope="module")
def liars(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FakeSite]:
    with pytest.MonkeyPatch.context() as patch:
        site = FakeSite(tmp_path_factory.mktemp("site"), patch)
        site.install("freecell-liars", "freecell_liars", LIAR_SOURCE, entry_name="liars")
        yield site
        site.forget()


@pytest.fixture
def worker(liars: FakeSite) -> Iterator[SolverService]:
    with SolverService() as service:  # spawned with the plugin's site on its path
        yield service


def test_a_lying_backend_is_never_believed_and_is_turned_off(
    qtbot: Any, worker: SolverService
) -> None:
    window = make_window(qtbot, deal=1, service=worker, solver_backend="liar")
    manager = create_manager({"liars": True}, include_user_folder=False)
    window.session.attach_plugins(manager)
    with qtbot.waitSignal(window.hints.answered, timeout=60_000) as blocker:
        qtbot.keyClick(window.view, Qt.Key.Key_H)
    answer = blocker.args[0]
    assert answer.liar == "liar" and answer.backend_id == "builtin"
    bar = window.hint_bar
    assert bar.kind == "hint" and "proven lost" not in bar.text
    assert bar.text.startswith(
        "The solver Liar Solver called this position lost, but the built-in solver found "
        "a way to win; Liar Solver is turned off."
    )
    info = manager.plugin("liars")
    assert not info.loaded and info.error is not None and info.error.code is Why.LIED
    assert "liar" not in {b.id for b in manager.solver_backends()}
    assert window.session.solver_backend().backend_id == "builtin"
