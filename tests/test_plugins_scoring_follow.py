"""ScoreKeeper.follow_game: a restored game or a change of scheme prices every step."""

from __future__ import annotations

from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards, Undo
from freecell.scoring import NO_SCORING, STANDARD_SCORING, ScoreKeeper


def test_follow_game_matches_a_keeper_that_watched_every_move() -> None:
    bus = CommandBus(Game(FREECELL, 1))
    watcher = ScoreKeeper(STANDARD_SCORING)
    bus.subscribe(watcher.on_event)
    for text in "5a 5b 5c 5d 5h b2 8b a8 7a b7 58 6b 65 6h 5h 6h".split():  # noqa: SIM905
        bus.dispatch(MoveCards(Move.parse(text)))
    bus.dispatch(Undo())
    late = ScoreKeeper(STANDARD_SCORING)
    late.follow_game(bus.game)
    assert late.score == watcher.score == 30
    # Redo after following: the redo tail was priced too.
    bus.game.redo()
    late.follow_game(bus.game)
    assert late.score == 40


def test_switching_scheme_mid_deal_reprices_the_path() -> None:
    game = Game(FREECELL, 1)
    for text in "5a 5b 5c 5d 5h".split():  # noqa: SIM905
        game.play(Move.parse(text))
    keeper = ScoreKeeper(NO_SCORING)
    keeper.follow_game(game)
    assert keeper.score == 0 and not keeper.keeps_score
    keeper.scheme = STANDARD_SCORING
    keeper.follow_game(game)
    assert keeper.keeps_score and keeper.score == 10
