"""Storage speaks in codes; the session words its notices in the player's language
(a damaged statistics file, moved aside, under LANGUAGE=de and ja)."""

from __future__ import annotations

import pytest

from freecell import i18n
from freecell.core.notice_words import notice_text
from freecell.core.start import open_session
from freecell.i18n import _
from freecell.storage import default_paths
from freecell.storage.jsonfile import Damage
from freecell.storage.notices import FileKind, NoticeCode, StorageNotice, Then


def damaged_statistics() -> None:
    path = default_paths().statistics_file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{ cut sho")


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_damaged_file_is_told_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    damaged_statistics()
    monkeypatch.setenv("LANGUAGE", language)
    storage = open_session().storage  # (the session sets the language the settings say)
    assert storage is not None
    storage.statistics.load()
    notices = storage.take_notices()
    assert [(n.code, n.file, n.damage) for n in notices] == [
        (NoticeCode.UNREADABLE, FileKind.STATISTICS, Damage.NOT_JSON)
    ]
    said = notice_text(notices[0])
    assert i18n.language() == language
    reason = _("it is not valid JSON, perhaps cut short")
    headline = _("Your statistics file could not be read ({reason}).")
    assert said.startswith(headline.format(reason=reason))
    assert "could not be read" not in said and str(notices[0].path) in said


def test_the_sentences_of_a_notice_follow_the_language() -> None:
    notice = StorageNotice(
        NoticeCode.UNREADABLE, FileKind.SAVED_GAME, damage=Damage.EMPTY, then=Then.NEW_DEAL
    )
    assert notice_text(notice) == (
        "Your saved game file could not be read (it is empty). It was left where it is. "
        "A new deal is dealt."
    )
    i18n.set_language("ja")
    japanese = notice_text(notice)
    assert japanese.count("。") == 3 and "。 " not in japanese  # no space between sentences


def test_the_welcome_back_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    from freecell.engine import FREECELL, Game, Move
    from freecell.storage import Storage

    game = Game(FREECELL, 617)
    game.play(Move.parse("5a"))
    Storage().save_game(game)
    monkeypatch.setenv("LANGUAGE", "de")
    session = open_session()
    welcome = _("Welcome back: deal #{number} is as you left it.").format(number=617)
    assert session.notices == [welcome] and "Welcome" not in welcome
