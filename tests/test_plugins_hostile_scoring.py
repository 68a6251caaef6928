"""A scoring plugin's points() is contained like every other hook (issue 36,
finding 8): it runs within the event limit in a plugin thread, and any exception,
``os._exit``, ``sys.exit``, a busy loop or an answer that is not a sensible whole
number turns its plugin off with one notice; that step and every later one is worth
0 and the game goes on.  A well-behaved plugin scheme scores as it says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell.engine import FREECELL, CommandBus, Game, MoveApplied, MoveCards, legal_moves
from freecell.plugin_host import PluginManager, create_manager
from freecell.plugin_host.reason_words import notice_text
from freecell.scoring import ScoreKeeper
from hostile_plugins import SCORING_HOSTILE, SCORING_SOURCE
from plugin_helpers import user_plugin_folder, write_plugin

LIMITS = (3.0, 1.0, 0.5)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield from user_plugin_folder(tmp_path)


def _play(bus: CommandBus, moves: int) -> None:
    for _ in range(moves):
        move = legal_moves(bus.game.position, bus.game.variant)[0]
        assert isinstance(bus.dispatch(MoveCards(move))[0], MoveApplied)


def _keeper(folder: Path, name: str, body: str) -> tuple[PluginManager, CommandBus, ScoreKeeper]:
    write_plugin(folder, name, SCORING_SOURCE.replace("{body}", body))
    manager = create_manager({name: True}, user_plugin_dir=folder, limits=LIMITS)
    assert not manager.take_notices()
    choice = manager.choose_scoring_scheme("hostile-points")
    assert choice.notice is None
    bus = CommandBus(Game(FREECELL, 1))
    keeper = ScoreKeeper(choice.value)
    bus.subscribe(keeper.on_event)
    return manager, bus, keeper


@pytest.mark.parametrize("name", sorted(SCORING_HOSTILE))
def test_a_hostile_points_is_turned_off_and_the_game_goes_on(folder: Path, name: str) -> None:
    body, code = SCORING_HOSTILE[name]
    manager, bus, keeper = _keeper(folder, name, body)

    _play(bus, 3)

    (notice,) = manager.take_notices()
    assert notice.plugin == name and notice.reason.code == code
    assert notice.reason.hook in {"hostile-points.points", ""}
    assert "off for this session" in notice_text(notice)
    assert keeper.score == 0 and bus.game.move_count == 3
    assert not manager.plugin(name).loaded
    assert "hostile-points" not in {s.id for s in manager.scoring_schemes()}


def test_a_well_behaved_plugin_scheme_scores_through_the_guard(folder: Path) -> None:
    manager, bus, keeper = _keeper(folder, "points_seven", "return 7")

    _play(bus, 3)

    assert keeper.score == 21 and not manager.take_notices()


def test_a_scheme_whose_fields_change_keeps_what_was_checked(folder: Path) -> None:
    body = "type(self).name = 12345\n        return 1"
    manager, bus, keeper = _keeper(folder, "shifty_points", body)

    _play(bus, 2)

    assert keeper.score == 2 and keeper.scheme.name == "Hostile"
    assert not manager.take_notices()
