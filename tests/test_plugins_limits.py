"""Plugins that take too long are turned off for the session, and plugin failures
are one line each on the command line.

The slow plugins wait on a gate the test opens at its end, so nothing here times
anything: a manager that waited for them would never return.
"""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.engine import CommandBus, Move, MoveCards
from freecell.plugin_host import create_manager
from freecell.plugin_host.deadline import Overran, call_with_limit
from freecell.plugin_host.reason_words import notice_text
from freecell.plugin_host.reasons import PluginReason, Why, too_slow
from freecell.storage import Settings, SettingsStore, default_paths
from freecell.themes import CLASSIC
from plugin_helpers import write_plugin

LIMITS = (0.2, 0.2, 0.2)

STALL = """
import freecell_test_gate
freecell_test_gate.gate.wait(120)
"""
SLOW_IMPORT = STALL + "\n"
SLOW_HOOK = (
    """
from freecell import hookimpl

@hookimpl
def freecell_card_themes():
"""
    + "\n".join("    " + line for line in STALL.strip().splitlines())
    + "\n    return []\n"
)
SLOW_OBSERVER = (
    """
from freecell import hookimpl

@hookimpl
def freecell_game_event(event):
"""
    + "\n".join("    " + line for line in STALL.strip().splitlines())
    + "\n"
)


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """Holds the slow plugins until the test ends (then their threads finish)."""
    event = threading.Event()
    sys.modules["freecell_test_gate"] = types.SimpleNamespace(gate=event)  # type: ignore[assignment]
    yield event
    event.set()
    sys.modules.pop("freecell_test_gate", None)


def test_call_with_limit_returns_raises_or_overruns(gate: threading.Event) -> None:
    assert call_with_limit(lambda: 42, 5.0) == 42
    with pytest.raises(ZeroDivisionError):
        call_with_limit(lambda: 1 // 0, 5.0)
    with pytest.raises(SystemExit):
        call_with_limit(lambda: sys.exit(3), 5.0)
    with pytest.raises(Overran, match=r"took longer than 0\.1 s"):
        call_with_limit(lambda: gate.wait(120), 0.1)


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        (SLOW_IMPORT, PluginReason(Why.IMPORT_TOO_SLOW, limit=0.2)),
        (SLOW_HOOK, too_slow("freecell_card_themes", 0.2)),
    ],
)
def test_a_slow_plugin_is_turned_off_and_the_rest_goes_on(
    gate: threading.Event, user_dir: Path, source: str, reason: PluginReason
) -> None:
    write_plugin(user_dir, "slow", source)
    manager = create_manager({"slow": True}, user_plugin_dir=user_dir, limits=LIMITS)
    assert not gate.is_set()  # the plugin is still stuck, and the manager is here
    (notice,) = manager.take_notices()
    assert notice.plugin == "slow" and notice.reason == reason
    assert "slow is off for this session" in notice_text(notice)
    info = manager.plugin("slow")
    assert not info.loaded and info.enabled and info.error == reason
    assert manager.choose_card_theme("classic").value is CLASSIC
    assert manager.variants()[0].id == "freecell"


def test_a_slow_observer_is_turned_off_at_the_first_event(
    gate: threading.Event, user_dir: Path
) -> None:
    write_plugin(user_dir, "watcher", SLOW_OBSERVER)
    manager = create_manager({"watcher": True}, user_plugin_dir=user_dir, limits=LIMITS)
    assert manager.plugin("watcher").loaded
    bus = CommandBus()
    bus.subscribe(manager.notify)
    bus.dispatch(MoveCards(Move.parse("1a")))
    (notice,) = manager.take_notices()
    assert notice.reason == too_slow("freecell_game_event", 0.2)
    assert not manager.plugin("watcher").loaded
    bus.dispatch(MoveCards(Move.parse("2b")))  # no longer asked
    assert manager.take_notices() == []


BROKEN_AT_IMPORT = "raise RuntimeError('boom at import')\n"
BROKEN_HOOK = """
from freecell import hookimpl

@hookimpl
def freecell_variants():
    raise ValueError('bad hook')
"""


@pytest.mark.parametrize("verbose", [False, True])
def test_the_cli_says_one_line_per_failed_plugin(
    capsys: pytest.CaptureFixture[str], verbose: bool
) -> None:
    paths = default_paths()
    paths.user_plugins_dir.mkdir(parents=True)
    write_plugin(paths.user_plugins_dir, "boom", BROKEN_AT_IMPORT)
    write_plugin(paths.user_plugins_dir, "hookraise", BROKEN_HOOK)
    SettingsStore(paths.settings_file).save(
        Settings(enabled_plugins={"boom": True, "hookraise": True})
    )
    try:
        code = main(["--verbose", "board", "1"] if verbose else ["board", "1"])
    finally:
        for name in ("boom", "hookraise"):
            sys.modules.pop(f"freecell_user_plugin_{name}", None)
    out, err = capsys.readouterr()
    assert code == 0 and out.startswith("JD KD 2S")  # the command still does its work
    warnings = [line for line in err.splitlines() if "warning:" in line]
    assert len(warnings) == 2
    assert "boom at import" in warnings[0] and "bad hook" in warnings[1]
    if verbose:
        assert "Traceback (most recent call last)" in err
    else:
        assert err.count("\n") == 2 and "Traceback" not in err
        log_text = (paths.log_dir / "freecell.log").read_text(encoding="utf-8")
        assert "Traceback (most recent call last)" in log_text and "boom at import" in log_text


SLOW_START_CHILD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
def main_window():
    return next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
def watch():
    window = main_window()
    def painted():
        print("painted", "freecell_user_plugin_slow" in sys.modules, flush=True)
    window.view.first_painted.connect(painted)
QTimer.singleShot(0, watch)
def act():
    window = main_window()
    if window.insight is None:
        QTimer.singleShot(50, act)
        return
    print(window.hint_bar.text, flush=True)
    window.close()
QTimer.singleShot(0, act)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=5))
"""


def test_a_slow_plugin_never_keeps_the_built_in_game_from_the_screen(tmp_path: Path) -> None:
    from game_child import run_game_child

    paths = default_paths()
    paths.user_plugins_dir.mkdir(parents=True)
    write_plugin(paths.user_plugins_dir, "slow", "import time\ntime.sleep(60)\n")
    SettingsStore(paths.settings_file).save(Settings(enabled_plugins={"slow": True}))
    painted, later = run_game_child(SLOW_START_CHILD)
    assert painted == "painted False"  # the table was on screen before the plugin ran
    assert "slow is off for this session" in later and "Loading it took longer than" in later


SLOW_IMPORT_CHILD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
def main_window():
    return next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
def told(window):
    manager = window.session.plugins.current
    names = [p.name for p in manager.plugins()]
    return "known" if "slow" in names else "not yet"
def watch():
    window = main_window()
    def painted():
        # the window's own timers run while the plugin's import is still going on
        QTimer.singleShot(200, lambda: print("tick", told(window), flush=True))
    window.view.first_painted.connect(painted)
QTimer.singleShot(0, watch)
def act():
    window = main_window()
    if window.insight is None:
        QTimer.singleShot(50, act)
        return
    print(told(window), window.hint_bar.text, flush=True)
    window.close()
QTimer.singleShot(0, act)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=5))
"""


def test_a_slow_plugin_import_after_the_first_paint_never_freezes_the_window(
    tmp_path: Path,
) -> None:
    """The plugins beyond the first frame's are found and imported in a worker
    thread: while a plugin's import runs into its limit, the window's event loop
    goes on; then the plugin is turned off with the usual notice."""
    from game_child import run_game_child

    paths = default_paths()
    paths.user_plugins_dir.mkdir(parents=True)
    write_plugin(paths.user_plugins_dir, "slow", "import time\ntime.sleep(60)\n")
    SettingsStore(paths.settings_file).save(Settings(enabled_plugins={"slow": True}))
    tick, later = run_game_child(SLOW_IMPORT_CHILD)
    assert tick == "tick not yet"  # the loop ran before the import was given up on
    assert later.startswith("known ")
    assert "slow is off for this session" in later and "Loading it took longer than" in later


THEME_PLUGIN = """
import dataclasses
from freecell import hookimpl
from freecell.themes import CLASSIC

@hookimpl
def freecell_card_themes():
    return [dataclasses.replace(CLASSIC, id="mine", name="Mine")]
"""


def test_the_two_step_manager_ends_as_the_one_a_full_start_makes() -> None:
    """The first frame's manager (the built-ins it shows, found by module name) plus
    the rest found later is the manager one discovery at the start makes: the same
    plugins in the same order, offering the same things."""
    from freecell.plugin_host.loading import complete, first_frame_manager
    from freecell.plugin_host.store import MemoryStore

    paths = default_paths()
    paths.user_plugins_dir.mkdir(parents=True)
    write_plugin(paths.user_plugins_dir, "mine", THEME_PLUGIN)
    enabled = {"mine": True, "scoring": False}
    first = first_frame_manager(MemoryStore(enabled))
    assert [p.name for p in first.plugins()] == ["scoring", "themes", "variants"]
    assert first.solver_backends() == []
    heard: list[bool] = []
    first.subscribe(lambda: heard.append(True))
    complete(first)
    whole = create_manager(enabled)
    assert heard == [True]
    assert [(p.name, p.source, p.loaded, p.location) for p in first.plugins()] == [
        (p.name, p.source, p.loaded, p.location) for p in whole.plugins()
    ]
    assert [t.id for t in first.card_themes()] == [t.id for t in whole.card_themes()]
    assert first.variants() == whole.variants()
    assert [s.id for s in first.scoring_schemes()] == [s.id for s in whole.scoring_schemes()]
    assert [b.id for b in first.solver_backends()] == [b.id for b in whole.solver_backends()]
