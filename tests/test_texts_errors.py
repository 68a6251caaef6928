"""What the engine cannot read comes as a code and values (tests assert codes), and
freecell.texts.errors words it in the player's language, the CLI's errors included."""

from __future__ import annotations

import pytest

from freecell import i18n
from freecell.cli import main
from freecell.engine import (
    FREECELL,
    BoardFormatError,
    InvalidDealNumber,
    InvalidMoveNotation,
    parse_board,
    parse_deal_number,
    parse_move,
)
from freecell.engine.errors import Problem, TextError
from freecell.engine.gamefile import GameFileError, game_from_record, parse_game
from freecell.solver.backends import Fallback, FallbackReason, fallback_message
from freecell.texts.errors import describe


def raised(call: object, *args: object) -> TextError:
    with pytest.raises(TextError) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value


def builtin(variant_id: str) -> object:
    assert variant_id == "freecell"
    return FREECELL


def test_deal_numbers_say_what_is_wrong_in_codes() -> None:
    error = raised(parse_deal_number, "0")
    assert isinstance(error, InvalidDealNumber) and error.code is Problem.DEAL_OUT_OF_RANGE
    assert error.values == {"number": 0}
    assert raised(parse_deal_number, "abc").code is Problem.NOT_A_DEAL_NUMBER


def test_a_board_error_carries_its_line_and_values() -> None:
    error = raised(parse_board, "AH 2H\nXX\n", FREECELL)
    assert isinstance(error, BoardFormatError)
    assert (error.code, error.line, error.values) == (Problem.NOT_A_CARD, 2, {"token": "XX"})
    short = raised(parse_board, "AH\n", FREECELL)
    assert short.code is Problem.WRONG_COLUMN_COUNT and short.values["found"] == 1
    assert short.values["wanted"] == 8
    twice = raised(parse_board, "AH\n" * 8, FREECELL)
    assert twice.code is Problem.DUPLICATE_CARDS and twice.values["cards"] == "AH"


def test_moves_and_game_files_say_what_is_wrong_in_codes() -> None:
    error = raised(parse_move, "9z")
    assert isinstance(error, InvalidMoveNotation) and error.code is Problem.NOT_A_PILE
    assert error.values == {"text": "9z", "char": "z"}
    assert raised(parse_move, "hh").code is Problem.FOUNDATION_NEEDS_SUIT
    assert raised(parse_game, "Deal: 1\n", builtin).code is Problem.NO_MOVES_LINE
    board = raised(parse_game, "Board:\nAH\nMoves:\n", builtin)
    assert board.code is Problem.BAD_BOARD and board.inner is not None
    assert board.inner.code is Problem.WRONG_COLUMN_COUNT
    record = parse_game("Deal: 1\nMoves: 5a 5a\n", builtin)  # type: ignore[arg-type]
    with pytest.raises(GameFileError) as caught:
        game_from_record(record)
    assert caught.value.code is Problem.MOVE_DOES_NOT_PLAY and caught.value.refusal is not None


def test_english_words_plurals_and_lines() -> None:
    assert describe(raised(parse_board, "AH\n", FREECELL)) == (
        "the board has 1 column; FreeCell has 8"
    )
    assert describe(raised(parse_board, "AH 2H\nXX\n", FREECELL)) == (
        "line 2: 'XX' is not a card (write it like 7H, TD or 10D)"
    )
    assert describe(raised(parse_deal_number, "0")) == (
        "deal number 0 is out of range: choose 1 to 8,589,934,591"
    )


@pytest.mark.parametrize("language", ["de", "ja", "pl"])
def test_the_words_follow_the_language(language: str) -> None:
    i18n.set_language(language)
    board = describe(raised(parse_board, "AH\n", FREECELL))
    assert "the board" not in board and "1" in board and "8" in board
    deal = describe(raised(parse_deal_number, "0"))
    assert "out of range" not in deal
    assert {"de": "8.589.934.591", "ja": "8,589,934,591", "pl": "8\xa0589\xa0934\xa0591"}[
        language
    ] in deal


def test_the_cli_says_it_in_the_players_language(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    i18n.set_language("de")
    assert main(["board", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("freecell-cli: Fehler: ") and err.count("\n") == 1
    assert describe(raised(parse_deal_number, "0")) in err


def test_each_fallback_reason_is_a_whole_translated_sentence() -> None:
    for reason in FallbackReason:
        for detail in ("", "ValueError: boom"):
            said = fallback_message(Fallback("x", "Marker Solver", reason, detail))
            assert said.startswith("The solver Marker Solver ")
            if reason is FallbackReason.LIED:  # its line is the built-in's, and it goes off
                assert said.endswith("; Marker Solver is turned off.")
                continue
            assert said.endswith("; the built-in solver answered instead.")
    timed = Fallback("x", "Marker Solver", FallbackReason.TIMED_OUT, "2.5")
    assert "(over its 2.5 s budget)" in fallback_message(timed)
    i18n.set_language("de")
    german = fallback_message(timed)
    assert "Marker Solver" in german and "2,5" in german and "built-in" not in german


def test_a_custom_variant_is_named_as_the_menus_name_it() -> None:
    from freecell.plugin_host.custom import parse_custom_variant_id
    from freecell.texts.variants import variant_name

    custom = parse_custom_variant_id("custom-3cells-8columns-alternate-any")
    assert custom is not None
    i18n.set_language("de")
    said = describe(raised(parse_board, "AH\n", custom))
    assert variant_name(custom) in said and variant_name(custom) != custom.name
