"""A solver backend's ``available()`` runs within the hook limit, and is asked once
for what the plugins provide, not at every search: the window asks on its GUI
thread, so a backend that hangs there would freeze the game."""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell.core.session import Session
from freecell.plugin_host import create_manager
from freecell.plugin_host.reason_words import fallback_text, notice_text
from freecell.plugin_host.reasons import PluginReason, Why
from freecell.plugin_host.solvers import backend_options
from freecell.storage import Settings
from plugin_helpers import write_plugin

LIMITS = (5.0, 0.2, 0.2)

BACKENDS = """
import freecell_test_backends as shared
from freecell import hookimpl


class Hangs:
    id = "hangs"
    name = "Hanging Solver"

    def available(self):
        shared.asked.append(self.id)
        shared.gate.wait(120)
        return True

    def solve(self, *args, **kwargs):
        raise AssertionError("never asked: it never said it can run")


class Counted:
    id = "counted"
    name = "Counted Solver"

    def available(self):
        shared.asked.append(self.id)
        return True

    def solve(self, *args, **kwargs):
        raise AssertionError("not searched here")


@hookimpl
def freecell_solver_backends():
    return [PLUGIN_BACKENDS]
"""


@pytest.fixture
def shared() -> Iterator[types.SimpleNamespace]:
    """What the plugin's backends report to (and the gate the hanging one waits on,
    opened when the test ends, so nothing here times anything)."""
    name = types.SimpleNamespace(gate=threading.Event(), asked=[])
    sys.modules["freecell_test_backends"] = name  # type: ignore[assignment]
    yield name
    name.gate.set()
    sys.modules.pop("freecell_test_backends", None)


def _plugin(user_dir: Path, name: str, backends: str) -> None:
    write_plugin(user_dir, name, BACKENDS.replace("PLUGIN_BACKENDS", backends))


def test_a_backend_whose_available_hangs_turns_its_plugin_off_and_the_built_in_answers(
    shared: types.SimpleNamespace, user_dir: Path
) -> None:
    _plugin(user_dir, "hanging", "Hangs()")
    manager = create_manager({"hanging": True}, user_plugin_dir=user_dir, limits=LIMITS)
    heard: list[int] = []
    manager.subscribe(lambda: heard.append(1))
    choice = manager.choose_solver_backend("hangs")
    assert not shared.gate.is_set()  # still stuck in available(), and we are here
    assert choice.value is not None and choice.value.id == "builtin"
    assert choice.notice == PluginReason(Why.SOLVER_GONE, backend="hangs", other="Built-in solver")
    assert "not available" in fallback_text(choice.notice)
    (notice,) = manager.take_notices()
    assert notice.plugin == "hanging"
    assert notice.reason == PluginReason(Why.BACKEND_TOO_SLOW, backend="hangs", limit=0.2)
    assert "hanging is off for this session" in notice_text(notice)
    assert not manager.plugin("hanging").loaded and heard  # the window hears of it
    assert "hangs" not in {option.id for option in backend_options(manager)}
    assert shared.asked == ["hangs"]  # asked once, never again


def test_available_is_asked_once_not_at_every_search(
    shared: types.SimpleNamespace, user_dir: Path
) -> None:
    _plugin(user_dir, "counted", "Counted()")
    manager = create_manager({"counted": True}, user_plugin_dir=user_dir, limits=LIMITS)
    session = Session(Settings(solver_backend="counted"))
    session.attach_plugins(manager)
    for _search in range(5):  # what each hint and live check asks, on the GUI thread
        assert session.solver_backend().backend_id == "counted"
    assert [choice[0] for choice in session.backend_choices()] == ["builtin", "fc-solve", "counted"]
    assert shared.asked == ["counted"]
    # what the plugins provide changes (a plugin switched off and on): asked again
    manager.set_enabled("counted", False)
    manager.set_enabled("counted", True)
    assert session.solver_backend().backend_id == "counted"
    assert shared.asked == ["counted", "counted"]
