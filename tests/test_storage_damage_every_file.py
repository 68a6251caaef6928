"""The red team's last two kinds of damage, for every stored file in
tests/stored_files.py (settings, the plugin store, statistics, the game in progress,
the ratings cache, the game history): an immutable damaged file (``chattr +i``) is
said once and never copied, however often the game saves; 100,000-character strings
cost neither memory nor a message of that length, and the game goes on.  The FIFO,
/dev/zero, folder and symlink kinds are in tests/test_storage_damage_special.py."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from freecell.core.notice_words import notice_text
from freecell.storage.notices import NoticeCode
from special_files import call_with_timeout, chattr_works, immutable
from stored_files import ABSURD, FILES, storage_in

GARBAGE = b"\x00garbage" * 100
MEMORY_BOUND = 32 * 1024 * 1024  # main took 4.7 GB for one 100 KB theme id


def _others(folder: Path, path: Path) -> list[str]:
    """What lies beside ``path`` that the game made of it (copies kept aside)."""
    return sorted(p.name for p in folder.iterdir() if ".unreadable-" in p.name)


@pytest.mark.parametrize("which", list(FILES))
def test_an_immutable_damaged_file_is_said_once_and_never_copied(
    tmp_path: Path, which: str
) -> None:
    if not chattr_works(tmp_path):
        pytest.skip("chattr +i needs root on a file system that has it")
    storage = storage_in(tmp_path)
    stored = FILES[which]
    path = stored.where(storage)
    path.parent.mkdir(parents=True)
    path.write_bytes(GARBAGE)

    with immutable(path):
        assert call_with_timeout(lambda: stored.load(storage)) == stored.lost
        for _ in range(5):  # every save of a session: main made a copy and a message each
            call_with_timeout(lambda: stored.save(storage))
        call_with_timeout(lambda: stored.load(storage))

    assert path.read_bytes() == GARBAGE
    assert _others(path.parent, path) == []
    notices = storage.take_notices()
    assert notices[0].code is NoticeCode.UNREADABLE, notices
    assert "left where it is" in notice_text(notices[0])
    assert {n.code for n in notices[1:]} <= {NoticeCode.NOT_SAVED} and len(notices) <= 2


@pytest.mark.parametrize("which", list(FILES))
def test_absurd_lengths_cost_no_memory_and_one_short_message(tmp_path: Path, which: str) -> None:
    storage = storage_in(tmp_path)
    stored = FILES[which]
    path = stored.where(storage)
    stored.write_absurd(path)

    tracemalloc.start()
    try:
        loaded = call_with_timeout(lambda: stored.load(storage))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()

    assert peak < MEMORY_BOUND
    assert len(repr(loaded)) < ABSURD  # no absurd string made it into the game
    said = [notice_text(n) for n in storage.take_notices()]
    assert len(said) <= 1 and all(len(text) < 1000 for text in said), [t[:200] for t in said]
    call_with_timeout(lambda: stored.save(storage))  # the game goes on
    assert len(repr(call_with_timeout(lambda: stored.load(storage)))) < ABSURD
