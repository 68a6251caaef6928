"""The Qt-free application core: a Session owns the bus, settings, scoring and
plugins, and publishes application events."""

from __future__ import annotations

import subprocess
import sys

from freecell.core import (
    AppEvent,
    BackendChanged,
    GameAbandoned,
    GameFinished,
    GameStarted,
    PluginHandle,
    PluginsChanged,
    Session,
    SettingsChanged,
    VariantChanged,
)
from freecell.engine import EIGHT_OFF, FREECELL, MoveCards, NewDeal, legal_moves
from freecell.plugin_host import create_manager
from freecell.scoring import BUILTIN_SCORING, STANDARD_SCORING
from freecell.storage import Settings, Storage
from freecell.themes import FOUR_COLOUR


def _heard(session: Session) -> list[AppEvent]:
    heard: list[AppEvent] = []
    session.subscribe(heard.append)
    return heard


def test_settings_changes_are_saved_and_published(tmp_path) -> None:  # type: ignore[no-untyped-def]
    storage = Storage()
    storage.settings.save(Settings(enabled_plugins={"someone": False}))
    session = Session(storage.settings.load(), storage=storage, deal_number=1)
    heard = _heard(session)
    session.change_settings(card_size="large", theme=FOUR_COLOUR.id)
    session.change_settings(card_size="large")  # no change: no event
    assert [type(e) for e in heard] == [SettingsChanged]
    event = heard[0]
    assert isinstance(event, SettingsChanged)
    assert event.changed == {"card_size", "theme"} and event.new.card_size == "large"
    on_disk = storage.settings.load()
    assert (on_disk.card_size, on_disk.theme) == ("large", FOUR_COLOUR.id)
    assert on_disk.enabled_plugins == {"someone": False}  # other fields kept


def test_one_settings_model_with_one_default_card_size() -> None:
    assert Settings().card_size == "fit"  # the table fills the window
    assert Session().settings == Settings()


def test_a_backend_change_is_its_own_event() -> None:
    session = Session(deal_number=1)
    heard = _heard(session)
    session.set_backend("fc-solve")
    assert session.backend_id == "fc-solve" == session.settings.solver_backend
    assert [type(e) for e in heard] == [SettingsChanged, BackendChanged]
    assert heard[1] == BackendChanged("builtin", "fc-solve")


def test_games_started_finished_and_abandoned() -> None:
    session = Session(deal_number=1)
    heard = _heard(session)
    game = session.game
    session.bus.dispatch(MoveCards(legal_moves(game.position, game.variant)[0]))
    session.play_variant(EIGHT_OFF)
    assert [type(e) for e in heard] == [SettingsChanged, GameAbandoned, VariantChanged, GameStarted]
    assert heard[1] == GameAbandoned(game)
    assert heard[2] == VariantChanged(FREECELL, EIGHT_OFF)
    assert session.settings.variant == "eight-off" and session.game.variant == EIGHT_OFF
    heard.clear()
    session.bus.dispatch(NewDeal(5))  # nothing played: not abandoned
    assert [type(e) for e in heard] == [GameStarted]


def test_a_won_game_is_finished() -> None:
    from freecell.engine import AutoFinishStep, Game
    from test_engine_game_bus import pos

    session = Session(
        game=Game(FREECELL, None, start=pos(["KS QS", "KH", "KD", "KC"], home="S-J H-Q D-Q C-Q"))
    )
    heard = _heard(session)
    game = session.game
    while not game.is_won:
        session.bus.dispatch(AutoFinishStep())
    assert heard == [GameFinished(game)]


def test_scoring_follows_the_settings() -> None:
    session = Session(deal_number=1)
    assert session.score is None  # "none" keeps no score
    session.change_settings(scoring=STANDARD_SCORING.id)
    assert session.keeper.scheme is STANDARD_SCORING and session.score == 0
    assert session.scoring_choices() == [(s.id, s.name) for s in BUILTIN_SCORING]


def test_plugins_attach_through_one_path() -> None:
    manager = create_manager({})
    session = Session(
        Settings(theme="someone-else"), plugins=PluginHandle(manager=manager), deal_number=1
    )
    assert session.plugin_manager is None  # not followed until attached
    heard = _heard(session)
    messages = session.attach_plugins()
    assert session.plugin_manager is manager
    assert session.settings.theme == "classic"
    assert any("someone-else" in m for m in messages)
    assert isinstance(heard[-1], PluginsChanged) and heard[-1].notices == tuple(messages)
    heard.clear()
    manager.set_enabled("themes", False)
    assert isinstance(heard[-1], PluginsChanged)
    assert [t.id for t in heard[-1].catalog.themes] == ["classic"]


def test_the_core_imports_no_qt_and_no_solver() -> None:
    probe = (
        "import sys, freecell.core; "
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'freecell.solver', "
        "'freecell.analysis', 'freecell.plugin_host.manager', 'freecell.ui'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_old_settings_files_still_load(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A file from before the one model (no solver_backend; card_size as the old
    default wrote it, or not at all) loads as it was; what it lacks is the default."""
    import json

    from freecell.storage import SettingsStore

    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text(json.dumps({"version": 1, "card_size": "medium", "theme": "classic"}))
    assert store.load().card_size == "medium"  # the player's (or the old default's) choice
    assert store.load().solver_backend == "builtin"
    store.path.write_text(json.dumps({"version": 1, "variant": "bakers-game"}))
    loaded = store.load()
    assert (loaded.variant, loaded.card_size) == ("bakers-game", "fit")
    session = Session(loaded, deal_number=1)
    assert session.game.variant.id == "bakers-game"
