"""The hint for an "unknown" answer says why there is no verdict, honestly."""

from __future__ import annotations

import pytest

from freecell.i18n import set_language
from freecell.solver.api import Unknown
from freecell.ui.features.hint_answers import unknown_hint
from freecell.ui.features.hints import HINT_SECONDS, HINT_STATES


@pytest.mark.parametrize(
    ("verdict", "words"),
    [
        (Unknown(None, 120_000, HINT_SECONDS + 0.02), "ran out of time"),
        (Unknown(None, HINT_STATES, 3.1), "tried as many positions as a hint may"),
        (Unknown(None, 4242, 0.001), "has no verdict for this position"),
        (Unknown(None, 0, 0.0), "has no verdict for this position"),
    ],
)
def test_each_reason_for_no_verdict_has_its_own_sentence(verdict: Unknown, words: str) -> None:
    with_move = unknown_hint(verdict, "move the ace of clubs home")
    assert with_move.startswith("Try this: move the ace of clubs home. (")
    assert words in with_move and with_move.endswith("so this is only a suggestion.)")
    without = unknown_hint(verdict, None)
    assert "no move to suggest" in without
    assert ("in time" in without) == (words == "ran out of time")


def test_an_answer_at_once_never_claims_the_search_ran_out() -> None:
    text = unknown_hint(Unknown(None, 4242, 0.001), "move it")
    assert "time" not in text and "cut short" not in text and "limit" not in text


def test_the_sentences_are_translated() -> None:
    try:
        set_language("de")
        quick = unknown_hint(Unknown(None, 4242, 0.001), "X")
        slow = unknown_hint(Unknown(None, 1, HINT_SECONDS), None)
    finally:
        set_language(None)
    assert "X" in quick and "Try this" not in quick
    assert "No verdict" not in slow
