"""The words a screen reader hears, built from engine positions without Qt."""

from __future__ import annotations

import subprocess
import sys

from freecell.engine import (
    BAKERS_GAME,
    FREECELL,
    Move,
    Pile,
    card,
    deal,
)
from freecell.ui.accessibility.text import (
    card_description,
    card_name,
    describe_moves,
    describe_table,
    describe_won,
    pile_description,
    selection_note,
)
from ui_helpers import RUNS, board


def test_text_module_imports_no_qt() -> None:
    code = (
        "import sys; sys.modules['PySide6'] = None\n"
        "from freecell.engine import deal, FREECELL\n"
        "from freecell.ui.accessibility.text import describe_table\n"
        "print(describe_table(deal(1, FREECELL), FREECELL)[:6])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "Custom"


def test_card_names_where_they_lie() -> None:
    assert card_name(RUNS, FREECELL, Pile.column(0), 6) == (
        "Seven of clubs, column 1, top card; 7 cards can move"
    )
    assert card_name(RUNS, FREECELL, Pile.column(0), 0) == (
        "King of spades, column 1, card 1 of 7, under 6 cards; leads a run of 7"
    )
    assert card_name(RUNS, FREECELL, Pile.column(4), 0) == (
        "Six of clubs, column 5, top card; 1 card can move; can go home"
    )
    assert card_name(RUNS, FREECELL, Pile.foundation(2), 4) == (
        "Five of hearts, hearts foundation, top card"
    )
    assert card_name(RUNS, FREECELL, Pile.foundation(2), 3) == (
        "Four of hearts, hearts foundation, under the five of hearts"
    )
    # a run longer than the supermove limit says so: no free cell, no empty column
    tight = board(
        [
            "KS QH JC TD 9S 8H 7C",
            "KH QC JD",
            "TS 9H 8C",
            "7D KD QS",
            "JH TC 9D",
            "8S 7H KC",
            "QD JS TH",
            "9C 8D 7S",
        ],
        ["6H", "6S", "6C", "6D"],
        "C-5 D-5 H-5 S-5",
    )
    assert card_name(tight, FREECELL, Pile.column(0), 6).endswith("; 1 card can move")
    assert card_name(tight, FREECELL, Pile.column(0), 1).endswith(
        "leads a run of 6, too long to move now"
    )


def test_descriptions_say_colour_and_destinations_in_words() -> None:
    assert card_description(RUNS, FREECELL, Pile.column(4), 0) == (
        "Six of clubs: a black card. Can go home, to a free cell, onto the seven of "
        "diamonds in column 2 or onto the seven of hearts in column 3."
    )
    # a run of three from the nine of spades: only an empty column takes it
    assert card_description(RUNS, FREECELL, Pile.column(0), 4) == (
        "Nine of spades: a black card. Can go to the empty column 7."
    )
    start = deal(1, FREECELL)
    assert card_description(start, FREECELL, Pile.column(0), 0) == ("Jack of diamonds: a red card.")
    assert pile_description(RUNS, FREECELL, Pile.cell(2)) == "Free cell c, empty"


def test_the_table_in_reading_order() -> None:
    text = describe_table(deal(1, FREECELL), FREECELL, deal_number=1, move_count=0)
    assert text.startswith("Deal 1, FreeCell, 0 moves made, 0 of 52 cards home.")
    assert "Free cells, 4 of 4 free: a empty, b empty, c empty, d empty." in text
    assert "Foundations: clubs empty, diamonds empty, hearts empty, spades empty." in text
    assert "You can move 5 cards at once." in text
    assert text.endswith(
        "Column 8, 6 cards from the first to the top: five of hearts, three of hearts, "
        "three of clubs, seven of spades, seven of diamonds, ten of clubs."
    )
    later = describe_table(RUNS, BAKERS_GAME)
    assert "Custom board, Baker's Game" in later
    assert "Column 7: empty." in later and "hearts up to the five of hearts" in later


def test_moves_in_words_with_auto_play() -> None:
    one = Move(Pile.column(4), Pile.foundation(0), 1)
    two = Move(Pile.cell(0), Pile.foundation(2), 1)
    text = describe_moves(RUNS, [one, two])
    assert text == (
        "Moved the six of clubs from column 5 home. Auto-play sent home the six of hearts."
    )
    run = Move(Pile.column(2), Pile.column(6), 3)
    assert describe_moves(RUNS, [run]) == (
        "Moved 3 cards, the nine of diamonds down to the seven of hearts, "
        "from column 3 to the empty column 7."
    )
    assert card("7H").name == "Seven of hearts"
    assert describe_won(92, 185.4) == (
        "You won! All 52 cards are home, in 92 moves and 3 minutes 5 seconds."
    )


def test_the_screen_reader_declines_cards_in_each_language() -> None:
    """The same move in German, Russian and Polish: the card moved is a verb's
    object (accusative), the piles carry their own prepositions and cases."""
    from freecell import i18n

    run = Move(Pile.column(2), Pile.column(6), 3)
    one = Move(Pile.column(4), Pile.foundation(0), 1)
    home = Move(Pile.cell(0), Pile.foundation(2), 1)
    i18n.set_language("de")
    assert describe_moves(RUNS, [one, home]) == (
        "Du ziehst die Kreuz-Sechs aus Spalte 5 auf den Ablagestapel. "
        "Automatisch abgelegt: die Herz-Sechs."
    )
    assert card_name(RUNS, FREECELL, Pile.column(0), 0).startswith("Pik-König, Spalte 1")
    i18n.set_language("ru")
    assert describe_moves(RUNS, [one]) == (
        "Вы переместили шестёрку треф из столбца 5 на базовую стопку."
    )
    assert describe_moves(RUNS, [run]) == (
        "Вы переместили 3 карты (девятку бубен … семёрку червей) из столбца 3 в пустой столбец 7."
    )
    i18n.set_language("pl")
    assert describe_moves(RUNS, [one]).startswith("Przeniesiono szóstkę trefl z kolumny 5")
    # Polish plurals: 1 kartę, 2-4 karty, 5 and more kart (picked up: accusative)
    column = Pile.column(0)
    assert pile_description(RUNS, FREECELL, column).startswith("Kolumna 1, 7 kart,")
    notes = [selection_note(RUNS, column, depth) for depth in (6, 4, 2)]
    assert notes == ["; podniesiono 1 kartę", "; podniesiono 3 karty", "; podniesiono 5 kart"]
    i18n.set_language("ja")
    won = "クリア\uff0152枚すべてが組札に揃いました。92手、3分5秒。"  # (a full-width "!")
    assert describe_won(92, 185.4) == won
