"""The table under the pseudo-locale (see ``test_i18n_pseudo``): what a screen reader
hears of it -- every pile's and card's accessible name and description, and the
announcements of a short game (a move, a refusal, undo, a pick-up, the whole
table, the focused card, the run picker, a new deal, the win) -- and the solver's
words: the hint bar with a hint and with a proven loss, the live winnability and
the rating and par in the status bar.  Any text not decorated escaped the
catalogue."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PySide6.QtGui import QAccessible

from freecell.analysis.difficulty import Difficulty, Rating
from freecell.analysis.insight import DealFilter
from freecell.analysis.labels import deal_filter_word, difficulty_word, finding_words
from freecell.engine import Move, MoveCards, Pile
from freecell.solver.api import Solved, Unknown, Unsolvable
from freecell.ui.accessibility import install_accessibility
from freecell.ui.accessibility.interfaces import TableInterface
from freecell.ui.features.insight import install_insight
from freecell.ui.features.rating import rating_tip
from freecell.ui.table.layout import CardSize
from test_i18n_pseudo import action_texts, escaped, pseudo, untranslated, widget_texts
from ui_helpers import RUNS, FakeService, load, make_window

__all__ = ["pseudo"]  # the fixture, used by name

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description


def table_texts(window: Any) -> Iterator[tuple[str, str]]:
    """Every pile's and card's accessible name and description."""
    table = QAccessible.queryAccessibleInterface(window.view)
    assert isinstance(table, TableInterface)
    yield "table", table.text(NAME)
    for i in range(table.childCount()):
        pile = table.child(i)
        yield f"pile {i}", pile.text(NAME)
        yield f"pile {i} description", pile.text(DESCRIPTION)
        for j in range(pile.childCount()):
            card = pile.child(j)
            yield f"pile {i} card {j}", card.text(NAME)
            yield f"pile {i} card {j} description", card.text(DESCRIPTION)


def test_the_table_speaks_only_through_the_catalogue(pseudo: None, qtbot: Any) -> None:
    window = make_window(qtbot, deal=1)
    a11y = install_accessibility(window)
    QAccessible.setActive(True)
    live = a11y.live
    texts = list(table_texts(window))
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))  # a move
    window.dispatch(MoveCards(Move(Pile.column(1), Pile.column(2))))  # a refusal
    window.undo()
    window.redo()
    window.view.setFocus()
    a11y.describe_table()
    a11y.read_focus()
    controller = window.controller
    controller.open_picker(0, len(window.bus.game.position.columns[0]) - 1)
    a11y.open_picker()  # closes it, and says so
    load(window, RUNS)  # every kind of pile: runs, full cells, foundations, empty columns
    texts += table_texts(window)
    a11y.open_picker()
    window.new_deal()
    texts += [(f"announced {i}", said) for i, said in enumerate(live.history)]
    texts += widget_texts(window, [window.view])  # the live line and the named frames
    texts += action_texts(a11y.actions.values())
    assert len(live.history) >= 8 and len(texts) > 250
    assert untranslated(texts) == []
    window.close()


def test_the_won_game_is_said_through_the_catalogue(pseudo: None) -> None:
    from freecell.ui.accessibility.text import describe_won

    assert escaped(describe_won(92, 185.4)) is None
    assert escaped(describe_won(1, 40.0)) is None


def test_hints_and_verdicts_speak_only_through_the_catalogue(pseudo: None, qtbot: Any) -> None:
    service = FakeService(Solved((Move.parse("5a"),)))
    window = make_window(qtbot, deal=1, service=service)
    live = install_accessibility(window).live
    texts: list[tuple[str, str]] = []

    def ask(kind: str) -> None:
        window.hint_bar.dismiss()
        window.hint()
        qtbot.waitUntil(lambda: window.hint_bar.kind == kind, timeout=5000)
        texts.extend(widget_texts(window.hint_bar))
        texts.append((f"{kind} said", live.last))

    ask("hint")
    assert window.hint_bar.label.text().startswith("[")
    service.verdict = Unknown(Move.parse("5a"))
    ask("hint")  # only a suggestion: the search ran out of time
    service.verdict = Unknown(None)
    ask("hint")  # nothing to suggest
    service.verdict = Unsolvable(states=1234)
    ask("lost")
    assert len(window.hint_bar.buttons) == 4  # undo, hint, replay, new deal
    assert untranslated(texts) == []
    window.close()


def test_winnability_rating_and_par_speak_only_through_the_catalogue(
    pseudo: None, qtbot: Any
) -> None:
    window = make_window(qtbot, deal=1)
    insight = install_insight(window, FakeService(Unknown(None)))
    assert insight is not None
    texts = list(action_texts(window.menuBar().actions()))  # the insight's Game menu entries
    live = insight.live
    for state in ("winnable", "lost", ""):
        live.show_state(state)
        texts += [(f"winnability {state!r}", live.label.text())]
        texts += [(f"winnability {state!r} name", live.label.accessibleName())]
    ratings = insight.ratings
    ratings.rating, ratings.par = Rating(Difficulty.HARD, 104, 2400), 92
    ratings.show()
    texts += [("rating", ratings.label.text()), ("rating tip", ratings.label.toolTip())]
    texts += [("rating name", ratings.label.accessibleName())]
    for difficulty in Difficulty:
        texts.append((difficulty.name, difficulty_word(difficulty)))
        texts.append((f"{difficulty.name} tip", rating_tip(Rating(difficulty, None, 61_000), 92)))
    for choice in DealFilter:
        texts.append((choice.name, deal_filter_word(choice)))
        texts += [(f"finding {choice.name}", finding_words(choice, w)) for w in (False, True)]
    texts.append(("no rating", rating_tip(None, None)))
    window.insight.undo.undo_to_winnable()  # none known yet: says so in the bar
    texts += widget_texts(window.hint_bar)
    window.view.painted = True  # (the note is for a change the player made)
    window._card_size_shown(CardSize.EXTRA_LARGE, CardSize.LARGE)  # too big for the window
    assert window.hint_bar.text.startswith("[")
    texts.append(("card size note", window.hint_bar.text))
    assert untranslated(texts) == []
    window.close()


def test_the_checks_see_english_table_words(qtbot: Any) -> None:
    """Without the pseudo-locale the same walk finds English: the check is not empty."""
    window = make_window(qtbot, deal=1)
    install_accessibility(window)
    QAccessible.setActive(True)
    found = untranslated(table_texts(window))
    assert any("Column 1, 7 cards" in line for line in found)
    window.close()
