"""Start-up builds the first frame from a plugin manager holding the built-in
plugins it shows, when that is all the settings need, and finds the rest after the
first paint; when the settings need a plugin's theme (or anything beyond the
built-ins), every plugin is found first and the first frame already shows it."""

from __future__ import annotations

import dataclasses
import re
from importlib import metadata

import pytest

from freecell.core import builtins_suffice as _builtins_suffice
from freecell.engine import BUILTIN_VARIANTS
from freecell.plugin_host import create_manager
from freecell.plugin_host.builtins import BUILTIN_PLUGINS
from freecell.scoring import BUILTIN_SCORING
from freecell.storage import Settings, SettingsStore, default_paths
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES
from game_child import run_game_child


def test_the_built_in_values_are_what_the_built_in_plugins_offer() -> None:
    """What the first frame may be built from without the manager is exactly what
    the manager gives with only the built-in plugins on: the same objects."""
    ours = {
        ep.name
        for ep in metadata.entry_points(group="freecell")
        if ep.dist is not None and ep.dist.metadata["Name"] == "freecell"
    }
    assert ours == set(BUILTIN_PLUGINS)
    manager = create_manager({}, include_user_folder=False)
    assert manager.variants() == list(BUILTIN_VARIANTS)
    assert manager.card_themes() == list(BUILTIN_THEMES)
    assert manager.table_surfaces() == list(BUILTIN_SURFACES)
    assert manager.scoring_schemes() == list(BUILTIN_SCORING)


@pytest.mark.parametrize(
    ("changes", "suffice"),
    [
        ({}, True),
        ({"enabled_plugins": {"themes": True, "scoring": True}}, True),
        ({"theme": BUILTIN_THEMES[-1].id, "scoring": BUILTIN_SCORING[-1].id}, True),
        ({"enabled_plugins": {"themes": False}}, False),  # a built-in switched off
        # another plugin switched on changes nothing in the first frame (no id of
        # ours can be taken): it loads after the first paint (issue 21, item 4)
        ({"enabled_plugins": {"someone": True}}, True),
        ({"theme": "someone-theme"}, False),
        ({"surface": "someone-surface"}, False),
        ({"scoring": "someone-scoring"}, False),
        ({"variant": "custom-2cells-9columns-suit-kings"}, False),
    ],
)
def test_when_the_built_in_values_suffice(changes: dict[str, object], suffice: bool) -> None:
    assert _builtins_suffice(dataclasses.replace(Settings(), **changes)) is suffice


# The start of a child script: the app, its main window once made, and
# at_first_paint(then): then(window) runs at the table's first paint, after the
# game's own first-paint work (which only queues what comes after it).
PROLOGUE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
def main_window():
    return next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
def at_first_paint(then):
    def watch():
        window = main_window()
        window.view.first_painted.connect(lambda: then(window))
    QTimer.singleShot(0, watch)
"""

CHILD = (
    PROLOGUE
    + """
def painted(window):
    manager = window.session.plugins.current
    names = ",".join(p.name for p in manager.plugins()) if manager is not None else "-"
    print(window.renderer.theme.id, names, flush=True)
at_first_paint(painted)
def act():
    window = main_window()
    if window.insight is None:
        QTimer.singleShot(50, act)
        return
    manager = window.session.plugin_manager
    themes = [t.id for t in manager.card_themes()]
    print(window.renderer.theme.id, themes[-1], window.hint_bar.text or "-", flush=True)
    window.close()
QTimer.singleShot(0, act)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=5))
"""
)

PLUGIN = """
import dataclasses
from freecell import hookimpl
from freecell.themes import CLASSIC

@hookimpl
def freecell_card_themes():
    return [dataclasses.replace(CLASSIC, id="mine", name="Mine")]
"""


def _start() -> list[list[str]]:
    """Start the game (FREECELL_HOME is this test's own) until start-up is finished."""
    return [line.split(maxsplit=2) for line in run_game_child(CHILD)]


def test_built_in_settings_paint_first_and_find_the_rest_after() -> None:
    (first, later) = _start()
    # the first frame comes from the manager, with the built-ins it shows
    assert first == ["classic", "scoring,themes,variants"]
    assert later == ["classic", BUILTIN_THEMES[-1].id, "-"]  # the rest came after


def test_a_plugin_theme_in_the_settings_is_there_at_the_first_paint() -> None:
    paths = default_paths()
    SettingsStore(paths.settings_file).save(
        dataclasses.replace(Settings(), theme="mine", enabled_plugins={"mine": True})
    )
    paths.user_plugins_dir.mkdir(parents=True, exist_ok=True)
    (paths.user_plugins_dir / "mine.py").write_text(PLUGIN, encoding="utf-8")
    (first, later) = _start()
    # every plugin found first: the first frame has the plugin's theme
    assert first == ["mine", "scoring,solvers,themes,variants,mine"]
    assert later == ["mine", "mine", "-"]


def _at_first_paint_says(made: str) -> str:
    """A child that starts the game, prints the names the expression ``made`` lists
    at the first paint ("-" for none), keeps the pictures painted on a "first" run,
    and quits."""
    return (
        PROLOGUE
        + f"""
from PySide6 import QtGui
def painted(window):
    made = {made}
    print(" ".join(made) or "-", flush=True)
    if sys.argv[1] == "first":  # keep the pictures painted now, then quit
        window.renderer.pictures.store_now()
    window.close()
at_first_paint(painted)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=1))
"""
    )


PAINTED_TWICE = _at_first_paint_says(
    '[name for name in ("QGradient",) if name in vars(QtGui)]'
    ' + [name for name in ("freecell.solver",) if name in sys.modules]'
)


def test_a_start_with_its_pictures_cached_makes_no_gradient_class() -> None:
    """PySide creates a class's enums when the class is first used: QGradient.Preset
    (169 members) costs some ms of start-up on Python 3.11, and the first frame
    needs none once the deck and the table come from the picture cache (a QBrush
    from a colour alone makes PySide try an overload that takes one).  Nor does it
    need the solver's API, whose dataclasses cost ~6 ms more.  (QIcon it does need
    since the tool bar shows icons.)"""
    said = []
    # the second start is the first at the window size restored from the settings
    for run in ("first", "first", "third"):
        said.append(" ".join(run_game_child(PAINTED_TWICE, run)).split())
    assert said[0] == ["QGradient"]  # the first start paints the deck and the cloth
    assert said[2] == ["-"]


# What the first frame neither sends, hears, says nor paints once its pictures are
# cached: imported only when first used (each costs start-up time: dataclasses,
# sentences, painters).  The words of refusals, errors and notices, the number
# formatting and the board notation are imported with their modules: together they
# cost the first paint 0.35 % (docs/startup.md).
NOT_IN_THE_FIRST_FRAME = (
    "freecell.engine.commands",
    "freecell.engine.events",
    "freecell.engine.gamefile",
    "freecell.launch.memory",
    "freecell.core.events",
    "freecell.plugin_host.reason_words",
    "freecell.storage.statistics",
    "freecell.ui.features.hint_answers",
    "freecell.ui.features.hints",
    "freecell.ui.features.sharing",
    "freecell.ui.shell.gui_thread_call",
    "freecell.ui.shell.help_windows",
    "freecell.ui.table.card_faces",
    "freecell.ui.table.celebration",
    "freecell.ui.table.cloth",
)

MODULES_AT_FIRST_PAINT = _at_first_paint_says(
    f"[name for name in {NOT_IN_THE_FIRST_FRAME!r} if name in sys.modules]"
)


def test_the_first_paint_imports_no_command_event_or_painter_it_does_not_use() -> None:
    """The first frame dispatches no command, hears no game or application event,
    has nothing to word and, with its deck and table in the picture cache, paints
    no card face nor cloth: their modules come with their first use."""
    said = [run_game_child(MODULES_AT_FIRST_PAINT, run) for run in ("first", "first", "third")]
    assert said[2] == ["-"]


SETTLED = (
    PROLOGUE
    + """
def settled():
    window = main_window()
    if window.insight is None:  # the rest of start-up comes after the first paint
        QTimer.singleShot(50, settled)
        return
    def look():
        print(window.insight.ratings.label.toolTip().replace("\\n", " "), flush=True)
        print(" ".join(name for name in sys.modules if name.partition(".")[0] == "babel") or "-")
        window.close()
    QTimer.singleShot(1500, look)  # the solver's warm-up and the deal's rating
QTimer.singleShot(0, settled)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=1))
"""
)


def test_an_english_start_loads_no_babel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel's locale data costs some 4 MB of memory: a settled English start, whose
    rating tooltip writes a number ("the solver looked at 2,400 positions"), loads
    none of it."""
    for name in ("LC_ALL", "LC_NUMERIC"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    tip, babel = run_game_child(SETTLED)
    assert re.search(r"looked at \d{1,3}(,\d{3})* positions", tip), tip
    assert babel == "-"
