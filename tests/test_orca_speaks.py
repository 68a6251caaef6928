"""The real screen reader: Orca, listening on AT-SPI under Xvfb, speaks every
message of a short keyboard game, each as often as the game said it
(``orca_session.py`` plays it and returns what Orca's debug log says it spoke).
And again with the game in German, then in Ukrainian, chosen in Preferences while the
environment says English: a blind player hears the cards, the moves and the game's
messages in that language.
Skipped only where Orca or the tools to run it are not installed; CI installs them
(.ci/run), so CI runs it.  The sessions run one after another, each with its own X
server and buses; ``orca_session.run`` starts one afresh when Orca never registered
(another session's Orca on the machine), as it does for every session."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

import pytest

import orca_session

REASON = orca_session.missing()

# what the game says at each step of the script, as Orca must have spoken it
EXPECTED = {
    "the game in progress at start": "Welcome back: deal #1 is as you left it.",
    "D, the table": "Deal 1, FreeCell, 124 moves made, 49 of 52 cards home.",
    "H, a hint": "Hint: move the jack of diamonds from column 1 home.",
    "a card picked up": "Picked up the queen of diamonds from free cell b.",
    "a refused move, with its reason": "Not allowed: Cards don't move from one free cell",
    "a legal move": "Moved the jack of diamonds from column 1 home.",
    "U, undo": "Undone: the jack of diamonds from column 1 home.",
    "the win, with its figures": "You won! All 52 cards are home, in 127 moves",
}
# how many times the script has the game say each of them: once, but for the jack's
# move and the queen's pick-up, which are played again on the way to the win
TIMES = {step: 1 for step in EXPECTED} | {"a card picked up": 2, "a legal move": 2}


def heard_each(spoken: list[str], expected: dict[str, str], times: dict[str, int]) -> str:
    """All Orca spoke, as one text, once it is checked to hold every message in
    ``expected`` as often as ``times`` says the game said it: not again with a focus
    Orca presents late, when the message would be that object's description (Orca 43
    reads it)."""
    heard = "\n".join(spoken)
    missing = {step: words for step, words in expected.items() if words not in heard}
    assert not missing, f"Orca did not speak: {missing}\nit said:\n{heard}"
    spoken_times = {step: heard.count(words) for step, words in expected.items()}
    wrong = {step: n for step, n in spoken_times.items() if n != times[step]}
    assert not wrong, f"Orca said these not as often as the game: {wrong}\nit said:\n{heard}"
    return heard


@pytest.mark.skipif(REASON is not None, reason=f"the Orca test {REASON}")
def test_orca_speaks_every_message_of_a_keyboard_game(tmp_path: Path) -> None:
    spoken = orca_session.run(sys.executable, tmp_path)
    heard_each(spoken, EXPECTED, TIMES)
    # the focus is spoken too: the card the keyboard is on, by its own name
    assert any(line.startswith("Jack of diamonds, column 1, top card") for line in spoken)
    # the win is told with the results panel's first button, not cut off by it
    assert any(line.startswith("New deal") for line in spoken)
    # and Qt's AT-SPI bridge had nothing to complain about (it used to warn 52 times
    # at start: selectable labels send text events without a text interface)
    game_log = (tmp_path / "game.log").read_text(errors="replace")
    assert "invalid interface" not in game_log, game_log[-3000:]


# the same steps in German (Orca's own words -- "List with 1 item", "push button" --
# stay in Orca's language, English here); no undo in this shorter script
GERMAN = {
    "the game in progress at start": "Willkommen zurück: Spiel Nr. 1 ist so, wie du es "
    "verlassen hast.",
    "D, the table": "Spiel 1, FreeCell, 124 Züge gemacht, 49 von 52 Karten abgelegt.",
    "H, a hint": "Tipp: zieh den Karo-Buben aus Spalte 1 auf den Ablagestapel.",
    "a card picked up": "Du nimmst die Karo-Dame aus der freien Zelle b auf.",
    "a refused move, with its reason": "Nicht erlaubt: Karten werden nicht von einer "
    "freien Zelle in eine andere gezogen",
    "a legal move": "Du ziehst den Karo-Buben aus Spalte 1 auf den Ablagestapel.",
    "the win, with its figures": "Gewonnen! Alle 52 Karten liegen auf den Ablagestapeln, "
    "in 127 Zügen",
}
GERMAN_TIMES = {step: 1 for step in GERMAN} | {"a card picked up": 2}

# and in Ukrainian, one of the languages added with its own plural forms ("124 ходи",
# "127 ходів") and cases ("валета бубон" moved, "валет бубон" named); Cyrillic, which
# ruff takes for look-alike Latin letters (RUF001)
UKRAINIAN = {
    "the game in progress at start": "З поверненням: роздача №1 така, як ви її залишили.",  # noqa: RUF001
    "D, the table": "Роздача 1, FreeCell, зроблено 124 ходи, в основах 49 з 52 карт.",
    "D, the free cells": "Вільні комірки, вільно 2 з 4: a порожня, b дама бубон, "
    "c король бубон, d порожня.",
    "H, a hint": "Підказка: перенесіть валета бубон зі стовпчика 1 в основу.",
    "a card picked up": "Взято даму бубон з вільної комірки b.",
    "a refused move, with its reason": "Не дозволено: Карти не переносяться з однієї "  # noqa: RUF001
    "вільної комірки в іншу",
    "a legal move": "Переміщено валета бубон зі стовпчика 1 в основу.",
    "the win, with its figures": "Ви виграли! Усі 52 карти в основах: 127 ходів",  # noqa: RUF001
}
UKRAINIAN_TIMES = {step: 1 for step in UKRAINIAN} | {"a card picked up": 2}


class InLanguage(NamedTuple):
    messages: dict[str, str]
    times: dict[str, int]
    # lines Orca begins with: the card focused (its own name), the results panel's
    # button and the window's title
    line_starts: tuple[str, ...]


IN_LANGUAGE = {
    "de": InLanguage(
        GERMAN,
        GERMAN_TIMES,
        ("Karo-Bube, Spalte 1, oberste Karte", "Neues Spiel", "FreeCell — Spiel 1"),
    ),
    "uk": InLanguage(
        UKRAINIAN,
        UKRAINIAN_TIMES,
        ("Валет бубон, стовпчик 1, верхня карта", "Нова роздача", "FreeCell — Роздача 1"),
    ),
}


@pytest.mark.skipif(REASON is not None, reason=f"the Orca test {REASON}")
@pytest.mark.parametrize("code", IN_LANGUAGE)
def test_orca_speaks_the_game_in_the_language_chosen_in_preferences(
    tmp_path: Path, code: str
) -> None:
    spoken = orca_session.run(sys.executable, tmp_path, language=code)
    expected = IN_LANGUAGE[code]
    heard = heard_each(spoken, expected.messages, expected.times)
    for start in expected.line_starts:
        assert any(line.startswith(start) for line in spoken), (start, heard)
    # and none of the game's English
    english = [*EXPECTED.values(), "of diamonds", "Free cell", "Column 1", "New deal"]
    assert not [words for words in english if words in heard], heard
