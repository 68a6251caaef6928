"""The player's solver backend, from a third-party plugin, in the worker process.

The plugin is installed as plugins are (a distribution with an entry point in a
site folder on ``sys.path``, which the spawned worker inherits; or a file in the
user plugin folder); the worker loads it by plugin name and backend id.  A backend
that fails in any way is replaced by the built-in search for that request, and the
answer says why.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend_plugin import MARKER_SOURCE, MARKER_STATES, marker_move, write_user_plugin
from freecell.engine import FREECELL, deal
from freecell.plugin_host import create_manager
from freecell.plugin_host.model import Source
from freecell.plugin_host.solvers import PluginBackend, backend_options, choose_backend
from freecell.solver import Budget, Mode, Unknown, Unsolvable
from freecell.solver.backends import (
    BUILTIN_ID,
    FallbackReason,
    fallback_message,
    guarded_solve,
)
from freecell.solver.service import SolverService
from plugin_helpers import FakeSite

QUICK = Budget(states=50_000, seconds=1.0)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FakeSite]:
    with pytest.MonkeyPatch.context() as patch:
        fake = FakeSite(tmp_path_factory.mktemp("site"), patch)
        fake.install("freecell-markers", "freecell_markers", MARKER_SOURCE, entry_name="markers")
        yield fake
        fake.forget()


@pytest.fixture(scope="module")
def service(site: FakeSite) -> Iterator[SolverService]:
    with SolverService() as svc:  # spawned after the site folder is on sys.path
        yield svc


def loader(backend_id: str, site: FakeSite) -> PluginBackend:
    manager = create_manager({"markers": True}, include_user_folder=False)
    choice = choose_backend(manager, backend_id)
    assert choice.value is not None and choice.notice is None, choice.notice
    return choice.value


def test_the_enabled_plugins_backends_are_offered_with_their_availability(
    site: FakeSite,
) -> None:
    manager = create_manager({"markers": True}, include_user_folder=False)
    options = {option.id: option for option in backend_options(manager)}
    assert options["builtin"].available and options["builtin"].plugin == "solvers"
    assert options["marker"].plugin == "markers" and options["marker"].name == "Marker Solver"
    assert not options["marker-missing"].available
    assert options["marker-missing"].label == "Missing Solver (not available here)"
    off = create_manager({"markers": False}, include_user_folder=False)
    assert "marker" not in {option.id for option in backend_options(off)}


def test_a_plugin_backend_is_a_small_picklable_recipe(site: FakeSite) -> None:
    recipe = loader("marker", site)
    assert recipe == PluginBackend(
        "marker", "Marker Solver", "markers", Source.PACKAGE, recipe.location
    )
    assert pickle.loads(pickle.dumps(recipe)) == recipe
    assert recipe.load().name == "Marker Solver"


def test_the_worker_answers_with_the_chosen_plugin_backend(
    service: SolverService, site: FakeSite
) -> None:
    position = deal(1, FREECELL)
    answer = service.answer(position, FREECELL, QUICK, Mode.FAST, loader("marker", site))
    assert answer.backend_id == "marker" and answer.fallback is None
    assert isinstance(answer.verdict, Unknown)
    assert answer.verdict.states == MARKER_STATES
    assert answer.verdict.suggested_move == marker_move(position, FREECELL)
    assert not service.ping().qt_loaded


def test_a_user_folder_plugin_backend_works_in_the_worker(
    service: SolverService, tmp_path: Path
) -> None:
    folder = tmp_path / "plugins"
    folder.mkdir()
    write_user_plugin(folder, "folder_markers")
    try:
        manager = create_manager({"folder_markers": True}, user_plugin_dir=folder, entry_points=[])
        recipe = choose_backend(manager, "marker").value
        assert recipe is not None and recipe.source is Source.USER_FOLDER
        answer = service.answer(deal(2, FREECELL), FREECELL, QUICK, Mode.FAST, recipe)
        assert answer.fallback is None and answer.verdict.states == MARKER_STATES
    finally:
        sys.modules.pop("freecell_user_plugin_folder_markers", None)


@pytest.mark.parametrize(
    ("backend_id", "reason", "words"),
    [
        ("marker-raises", FallbackReason.RAISED, "RuntimeError: the marker solver broke"),
        ("marker-nonsense", FallbackReason.BAD_ANSWER, "does not hold"),
        ("marker-missing", FallbackReason.UNAVAILABLE, "is not available here"),
        ("marker-crashes", FallbackReason.CRASHED, "stopped working"),
        ("marker-slow", FallbackReason.TIMED_OUT, "took too long"),
    ],
)
def test_a_failing_backend_falls_back_to_the_built_in_with_a_sentence(
    service: SolverService,
    site: FakeSite,
    backend_id: str,
    reason: FallbackReason,
    words: str,
) -> None:
    manager = create_manager({"markers": True}, include_user_folder=False)
    option = {o.id: o for o in backend_options(manager)}[backend_id]
    recipe = PluginBackend(backend_id, option.name, "markers", Source.PACKAGE, "")
    answer = service.answer(deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, recipe)
    assert answer.backend_id == BUILTIN_ID
    assert answer.fallback is not None and answer.fallback.reason is reason
    message = fallback_message(answer.fallback)
    assert option.name in message and words in message
    assert message.endswith("the built-in solver answered instead.")
    assert answer.verdict.verdict == "solved"  # deal 1 is easy for the built-in search


def test_an_unfinished_fallback_search_stays_unknown(site: FakeSite) -> None:
    """Honest verdicts stay honest: the built-in's unfinished search is Unknown."""
    recipe = loader("marker-raises", site)
    answer = guarded_solve(recipe, deal(11982, FREECELL), FREECELL, Budget(200, 5.0))
    assert answer.fallback is not None and isinstance(answer.verdict, Unknown)
    assert not isinstance(answer.verdict, Unsolvable)


def test_a_plugin_gone_from_the_worker_falls_back(service: SolverService) -> None:
    gone = PluginBackend("marker", "Marker Solver", "uninstalled", Source.PACKAGE, "")
    answer = service.answer(deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, gone)
    assert answer.fallback is not None and answer.fallback.reason is FallbackReason.NOT_LOADED
    assert "not installed where the solver runs" in fallback_message(answer.fallback)


def test_cancelling_a_slow_backend_is_not_a_failure(service: SolverService, site: FakeSite) -> None:
    import threading

    threading.Timer(0.3, service.cancel).start()
    answer = service.answer(
        deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, loader("marker-slow", site)
    )
    assert answer.fallback is None and isinstance(answer.verdict, Unknown)
    assert answer.verdict.cancelled


def test_the_solver_example_in_the_plugin_docs_answers_in_the_worker(
    service: SolverService, tmp_path: Path
) -> None:
    import re

    text = (Path(__file__).resolve().parents[1] / "docs" / "plugins.md").read_text()
    (source,) = re.findall(r"```python file=freecell_first_move.py\n(.*?)```", text, re.DOTALL)
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "first_move.py").write_text(source, encoding="utf-8")
    try:
        manager = create_manager({"first_move": True}, user_plugin_dir=folder)
        recipe = choose_backend(manager, "first-move").value
        assert recipe is not None and recipe.plugin == "first_move"
        position = deal(3, FREECELL)
        answer = service.answer(position, FREECELL, QUICK, Mode.FAST, recipe)
        from freecell.engine import legal_moves

        assert answer.fallback is None and answer.backend_id == "first-move"
        assert isinstance(answer.verdict, Unknown)
        assert answer.verdict.suggested_move == legal_moves(position, FREECELL)[0]
    finally:
        sys.modules.pop("freecell_user_plugin_first_move", None)


def test_a_shipped_backend_by_id_needs_no_plugin_manager(service: SolverService) -> None:
    from freecell.solver.backends import ShippedBackend

    answer = service.answer(deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, ShippedBackend())
    assert answer.backend_id == BUILTIN_ID and answer.fallback is None
    assert answer.verdict.verdict == "solved"
    assert ShippedBackend("fc-solve").backend_name == "Freecell Solver (fc-solve)"
    nope = service.answer(deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, ShippedBackend("nope"))
    assert nope.fallback is not None and nope.fallback.reason is FallbackReason.NOT_LOADED


def test_the_session_resolves_the_remembered_backend(site: FakeSite) -> None:
    from freecell.core.backends import backend_choices, resolve_backend
    from freecell.solver.backends import ShippedBackend

    manager = create_manager({"markers": True}, include_user_folder=False)
    loader_, notice = resolve_backend(manager, "marker")
    assert isinstance(loader_, PluginBackend) and loader_.plugin == "markers" and notice is None
    gone, notice = resolve_backend(create_manager({}, include_user_folder=False), "marker")
    assert gone.backend_id == BUILTIN_ID and notice is not None and "marker is not" in notice
    # before the plugin manager is made: the shipped backends by id
    assert resolve_backend(None, "builtin") == (ShippedBackend(), None)
    assert resolve_backend(None, "marker") == (ShippedBackend(), None)
    none_on = create_manager({"solvers": False}, include_user_folder=False)
    fallback, notice = resolve_backend(none_on, "builtin")
    assert fallback == ShippedBackend() and notice is not None
    listed = backend_choices(manager)
    assert ("marker", "Marker Solver", True) in listed
    assert ("marker-missing", "Missing Solver (not available here)", False) in listed
    assert [c[0] for c in backend_choices(None)] == ["builtin", "fc-solve"]


def test_the_worker_words_a_fallback_in_the_language_the_player_chose(
    service: SolverService,
) -> None:
    from freecell.i18n import set_language
    from freecell.solver.backends import ShippedBackend, fallback_message

    set_language("de")  # as Preferences does, whatever the environment says
    try:
        nope = service.answer(deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, ShippedBackend("nope"))
        assert nope.fallback is not None
        assert nope.fallback.detail.endswith("unbekannter Löser 'nope'")
        assert fallback_message(nope.fallback).startswith("Der Löser")
    finally:
        set_language("en")
    again = service.answer(deal(1, FREECELL), FREECELL, QUICK, Mode.FAST, ShippedBackend("nope"))
    assert again.fallback is not None
    assert again.fallback.detail.endswith("unknown solver backend 'nope'")


EXITS_IN_ITS_HOOK = """
import sys
from freecell import hookimpl

@hookimpl
def freecell_solver_backends():
    sys.exit(3)
"""


def test_why_a_plugin_backend_could_not_be_loaded_is_said_in_the_players_language(
    service: SolverService, site: FakeSite, tmp_path: Path
) -> None:
    from freecell.i18n import set_language

    folder = tmp_path / "plugins"
    folder.mkdir()
    exits = folder / "exits.py"
    exits.write_text(EXITS_IN_ITS_HOOK, encoding="utf-8")
    # the loader, the worker's detail in German, and in English
    cases = [
        (
            PluginBackend("marker", "Marker Solver", "uninstalled", Source.PACKAGE, ""),
            "die Erweiterung uninstalled ist dort, wo der Löser läuft, nicht installiert",
            "the plugin uninstalled is not installed where the solver runs",
        ),
        (
            PluginBackend("gone", "Gone Solver", "markers", Source.PACKAGE, ""),
            "die Erweiterung markers bietet den Löser gone nicht mehr an",
            "the plugin markers no longer provides the solver gone",
        ),
        (  # switched off as the manager switches a plugin off: its reason, worded
            PluginBackend("exits", "Exit Solver", "exits", Source.USER_FOLDER, str(exits)),
            "Erweiterung exits: Die Erweiterung hat in freecell_solver_backends "
            "sys.exit(3) aufgerufen.",
            "Plugin exits: It called sys.exit(3) in freecell_solver_backends.",
        ),
    ]
    position = deal(1, FREECELL)
    set_language("de")  # as Preferences does: each request carries it to the worker
    try:
        for recipe, german, _english in cases:
            answer = service.answer(position, FREECELL, QUICK, Mode.FAST, recipe)
            assert answer.fallback is not None
            assert answer.fallback.reason is FallbackReason.NOT_LOADED
            assert answer.fallback.detail == german
            said = f"Der Löser {recipe.backend_name} konnte nicht geladen werden ({german});"
            assert fallback_message(answer.fallback).startswith(said)
    finally:
        set_language("en")
    for recipe, _german, english in cases:
        answer = service.answer(position, FREECELL, QUICK, Mode.FAST, recipe)
        assert answer.fallback is not None and answer.fallback.detail == english
