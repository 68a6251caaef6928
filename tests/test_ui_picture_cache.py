"""The disk cache of painted pictures (card faces, the table's background): the same
pixels as painting, and never a crash or a wrong picture from a bad, foreign or
stale file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from freecell.engine import DECK
from freecell.storage import default_paths
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CLASSIC
from freecell.ui.table import picture_cache
from freecell.ui.table.card_faces import CardPainter
from freecell.ui.table.picture_cache import KEEP, PictureCache, deck_fingerprint
from freecell.ui.table.renderer import CardRenderer

W, H, DPR = 60, 84, 1.0


def load(cache: PictureCache, theme, w: int, h: int, dpr: float, large: bool):  # type: ignore[no-untyped-def]
    """A deck as the renderer asks for it."""
    return cache.load("deck", deck_fingerprint(theme, w, h, dpr, large), dpr)


def store(cache: PictureCache, theme, w: int, h: int, dpr: float, large: bool, images) -> bool:  # type: ignore[no-untyped-def]
    return cache.store("deck", deck_fingerprint(theme, w, h, dpr, large), images)


def painted_deck(theme=CLASSIC, w: int = W, h: int = H) -> dict[int, QImage]:  # type: ignore[no-untyped-def]
    painter = CardPainter(theme)
    return {c.index: painter.image(c, w, h, DPR, False) for c in DECK}


def test_a_stored_deck_reads_back_pixel_for_pixel(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cache = PictureCache(tmp_path / "faces")
    deck = painted_deck()
    assert store(cache, CLASSIC, W, H, DPR, False, deck)
    loaded = load(cache, CLASSIC, W, H, DPR, False)
    assert loaded is not None and sorted(loaded) == sorted(deck)
    for index, image in deck.items():
        assert loaded[index] == image
        assert loaded[index].devicePixelRatio() == DPR


def test_another_theme_size_or_print_mode_is_not_read(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cache = PictureCache(tmp_path)
    store(cache, CLASSIC, W, H, DPR, False, painted_deck())
    other_theme = next(t for t in BUILTIN_THEMES if t != CLASSIC)
    assert load(cache, other_theme, W, H, DPR, False) is None
    assert load(cache, CLASSIC, W + 1, H, DPR, False) is None
    assert load(cache, CLASSIC, W, H, 2.0, False) is None
    assert load(cache, CLASSIC, W, H, DPR, True) is None


def test_changed_painting_code_is_not_read(  # type: ignore[no-untyped-def]
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = PictureCache(tmp_path)
    store(cache, CLASSIC, W, H, DPR, False, painted_deck())
    monkeypatch.setattr(picture_cache, "_code_signature", lambda _names: "a newer renderer")
    assert load(cache, CLASSIC, W, H, DPR, False) is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # cut short
        lambda b: b + b"x",  # too long
        lambda b: b"",  # empty
        lambda b: b"NOTFACES" + b[8:],  # foreign
        lambda b: b[:8] + bytes(20) + b[28:],  # header zeroed
        lambda b: bytes(len(b)),  # all zeros
        lambda b: os.urandom(len(b)),  # noise
    ],
)
def test_a_damaged_file_means_painting_not_a_crash(qapp, tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    cache = PictureCache(tmp_path)
    store(cache, CLASSIC, W, H, DPR, False, painted_deck())
    (path,) = tmp_path.glob("deck-*.bin")
    path.write_bytes(damage(path.read_bytes()))
    assert load(cache, CLASSIC, W, H, DPR, False) is None
    # and the renderer paints as if there were no cache
    renderer = CardRenderer(CLASSIC)
    renderer.pictures = cache
    assert not renderer.load_deck(W, H, DPR, False)
    assert renderer.pixmap(DECK[0], W, H, DPR, False).width() > 0


def test_an_unwritable_folder_is_not_an_error(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    cache = PictureCache(blocker / "faces")
    assert not store(cache, CLASSIC, W, H, DPR, False, painted_deck())
    assert load(cache, CLASSIC, W, H, DPR, False) is None


def test_only_a_few_decks_are_kept(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cache = PictureCache(tmp_path)
    for w in range(40, 40 + KEEP + 3):
        h = round(w * 1.4)
        assert store(cache, CLASSIC, w, h, DPR, False, painted_deck(w=w, h=h))
    assert len(list(tmp_path.glob("deck-*.bin"))) == KEEP
    assert load(cache, CLASSIC, 40 + KEEP + 2, round((40 + KEEP + 2) * 1.4), DPR, False)


def test_the_cache_keeps_within_its_byte_budget(  # type: ignore[no-untyped-def]
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = PictureCache(tmp_path)
    decks = {w: painted_deck(w=w, h=round(w * 1.4)) for w in range(40, 44)}
    one = sum(img.sizeInBytes() for img in decks[43].values())  # the largest
    monkeypatch.setattr(picture_cache, "KEEP_BYTES", 2 * one + one // 2)
    for w, deck in decks.items():
        assert store(cache, CLASSIC, w, round(w * 1.4), DPR, False, deck)
    assert len(list(tmp_path.glob("deck-*.bin"))) == 2  # the two newest fit
    assert load(cache, CLASSIC, 43, round(43 * 1.4), DPR, False)
    monkeypatch.setattr(picture_cache, "MAX_BYTES", one // 2)
    assert not store(cache, CLASSIC, W, H, DPR, False, painted_deck())  # too big to keep


def test_the_renderer_reads_a_deck_it_wrote_instead_of_painting(  # type: ignore[no-untyped-def]
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = CardRenderer(CLASSIC)
    first.pictures = PictureCache(tmp_path)
    painted = [first.pixmap(c, W, H, DPR, False).toImage() for c in DECK]
    first.save_deck_later(W, H, DPR, False)
    first.pictures.store_now()
    assert list(tmp_path.glob("deck-*.bin"))

    def no_painting(*_args: object) -> QImage:
        raise AssertionError("the deck was painted, not read")

    monkeypatch.setattr(CardPainter, "image", no_painting)
    second = CardRenderer(CLASSIC)
    second.pictures = PictureCache(tmp_path)
    assert second.load_deck(W, H, DPR, False)
    assert [second.pixmap(c, W, H, DPR, False).toImage() for c in DECK] == painted
    # a deck read from the disk is not written back
    second.save_deck_later(W, H, DPR, False)
    assert not second.pictures._later


def test_a_deck_of_another_theme_by_then_is_not_written(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    renderer = CardRenderer(CLASSIC)
    renderer.pictures = PictureCache(tmp_path)
    for c in DECK:
        renderer.pixmap(c, W, H, DPR, False)
    renderer.save_deck_later(W, H, DPR, False)
    renderer.set_theme(next(t for t in BUILTIN_THEMES if t != CLASSIC))
    renderer.pictures.store_now()
    assert not list(tmp_path.glob("deck-*.bin"))


def test_the_table_is_read_back_as_it_was_painted(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from ui_helpers import make_window

    window = make_window(qtbot, deal=1)
    scene = window.scene
    scene.renderer.pictures = PictureCache(tmp_path)
    painted = scene._paint_background().toImage()
    scene.renderer.pictures.store_now()
    assert len(list(tmp_path.glob("table-*.bin"))) == 1

    def no_painting(*_args: object) -> None:
        raise AssertionError("the table was painted, not read")

    scene._paint_table = no_painting  # type: ignore[method-assign]
    assert scene._paint_background().toImage() == painted
    # another surface is painted, not read
    other = next(s for s in BUILTIN_SURFACES if s != scene.surface)
    scene.surface = other
    with pytest.raises(AssertionError, match="painted, not read"):
        scene._paint_background()


def test_the_game_keeps_its_faces_in_the_cache_folder() -> None:
    paths = default_paths()
    assert paths.cache_dir == Path(os.environ["FREECELL_HOME"]) / "cache"
