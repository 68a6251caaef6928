"""Only regular files, bounded, everywhere a file is opened (issue 36, finding 2):
beyond the stored files (tests/test_storage_damage_special.py) and the command
line's files (tests/test_cli_hardening.py), a FIFO, a symlink to /dev/zero or a
folder where a deck file, a deck's index, a picture in the cache, a desktop settings
file, a game file to open, the settings the CLI peeks at or a ratings file belongs.
Each is refused at once -- every call runs with a time limit -- with one clear
sentence where the player asked for the file, and the game goes on."""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from freecell.analysis import ratings
from freecell.engine import DECK, builtin_variant
from freecell.storage.paths import StoragePaths
from freecell.storage.peek import enabled_plugins
from freecell.storage.safe_read import unpack_bounded
from freecell.themes import CLASSIC, CardTheme
from freecell.ui.features.sharing import install_sharing
from freecell.ui.shell import colour_scheme
from freecell.ui.table.card_faces import CardPainter
from freecell.ui.table.picture_cache import PictureCache, deck_fingerprint
from freecell.ui.table.svg_deck import SvgCardPainter
from freecell_builtin_themes.card_decks import read_kde_deck
from special_files import SPECIAL_KINDS, call_with_timeout, make_special
from ui_helpers import card, make_window

W, H, DPR = 71, 96, 1.0
DEALS = Path(__file__).parent / "data" / "deals"


def _zeros_packed(size: int, wbits: int = 15) -> bytes:
    """``size`` zero bytes, zlib- (or gzip-, wbits 31) packed a MB at a time: a few
    hundred KB that unpack to ``size``, made without holding ``size`` in memory."""
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    mb = bytes(1 << 20)
    parts = [packer.compress(mb) for _ in range(size >> 20)]
    return b"".join([*parts, packer.flush()])


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_deck_file_that_is_not_a_file_paints_our_faces(qapp, tmp_path: Path, kind: str) -> None:  # type: ignore[no-untyped-def]
    path = make_special(tmp_path / "deck.svg", kind)
    theme = CardTheme(
        id="hostile-deck", name="Hostile", suit_colours=CLASSIC.suit_colours, deck_file=str(path)
    )
    painter = SvgCardPainter(theme)

    face = call_with_timeout(lambda: painter.image(card("AS"), W, H, DPR, False))

    assert face == CardPainter(theme).image(card("AS"), W, H, DPR, False)
    assert not painter.has_element(card("AS"))


def test_a_deck_that_unpacks_to_too_much_paints_our_faces(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bomb.svgz"
    path.write_bytes(_zeros_packed(80 << 20, wbits=31))  # 80 MB of zeros, gzip-packed
    theme = CardTheme(
        id="bomb-deck", name="Bomb", suit_colours=CLASSIC.suit_colours, deck_file=str(path)
    )
    painter = SvgCardPainter(theme)
    assert not call_with_timeout(lambda: painter.has_element(card("AS")))


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_deck_index_that_is_not_a_file_is_no_deck(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "carddecks" / "svg-hostile"
    folder.mkdir(parents=True)
    (folder / "deck.svg").write_text("<svg/>")
    make_special(folder / "index.desktop", kind)
    assert call_with_timeout(lambda: read_kde_deck(folder)) is None


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_picture_in_the_cache_that_is_not_a_file_means_painting(
    qapp, tmp_path: Path, kind: str
) -> None:  # type: ignore[no-untyped-def]
    cache = PictureCache(tmp_path)
    fingerprint = deck_fingerprint(CLASSIC, W, H, DPR, False)
    images = {i: CardPainter(CLASSIC).image(c, W, H, DPR, False) for i, c in enumerate(DECK[:2])}
    assert cache.store("deck", fingerprint, images)
    (stored,) = tmp_path.glob("deck-*.bin")
    stored.unlink()
    make_special(stored, kind)

    assert call_with_timeout(lambda: cache.load("deck", fingerprint, DPR)) is None


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_desktop_settings_that_are_not_files_say_nothing(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    make_special(tmp_path / "gtk-4.0" / "settings.ini", kind)
    make_special(tmp_path / "gtk-3.0" / "settings.ini", kind)
    make_special(tmp_path / "kdeglobals", kind)

    assert call_with_timeout(colour_scheme._gtk_scheme) is None
    assert call_with_timeout(colour_scheme._kde_reduces_motion) is None


def test_desktop_settings_are_still_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "gtk-4.0").mkdir()
    (tmp_path / "gtk-4.0" / "settings.ini").write_text(
        "[Settings]\ngtk-application-prefer-dark-theme=1\n"
    )
    (tmp_path / "kdeglobals").write_text("[KDE]\nAnimationDurationFactor=0\n")
    assert colour_scheme._gtk_scheme() == colour_scheme.DARK
    assert colour_scheme._kde_reduces_motion() is True


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_opening_a_game_file_that_is_not_a_file_is_one_sentence(
    qtbot, tmp_path: Path, kind: str
) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=617)
    sharing = install_sharing(window, builtin_variant)
    before = window.bus.game
    path = make_special(tmp_path / "dropped.txt", kind)

    assert not call_with_timeout(lambda: sharing.open_file(str(path)))

    assert window.hint_bar.text == (
        "dropped.txt could not be read (it is not an ordinary file but a folder, "
        "a device or a pipe)."
    )
    assert window.bus.game is before


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_the_clis_quick_look_at_the_settings_never_waits(tmp_path: Path, kind: str) -> None:
    path = make_special(tmp_path / "settings.json", kind)
    assert call_with_timeout(lambda: enabled_plugins(path)) is None


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_board_with_a_settings_file_that_is_not_a_file_answers(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FREECELL_HOME", str(tmp_path))
    make_special(StoragePaths.in_folder(tmp_path).settings_file, kind)

    done = subprocess.run(
        [sys.executable, "-m", "freecell.cli", "board", "617"],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout == (DEALS / "deal-617.txt").read_text()


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_ratings_file_that_is_not_a_file_is_refused(tmp_path: Path, kind: str) -> None:
    path = make_special(tmp_path / "ratings.bin", kind)
    with pytest.raises(OSError):
        call_with_timeout(lambda: ratings.read(path))


def test_a_ratings_file_that_unpacks_to_gigabytes_is_not_one(tmp_path: Path) -> None:
    path = tmp_path / "ratings.bin"
    path.write_bytes(_zeros_packed(ratings.MAX_UNPACKED_BYTES + (1 << 20)))
    with pytest.raises(ValueError, match="not a ratings file"):
        ratings.read(path)


def test_unpacking_stops_at_its_bound() -> None:
    packed = _zeros_packed(4 << 20)
    assert unpack_bounded(packed, 4 << 20) == bytes(4 << 20)
    with pytest.raises(ValueError):
        unpack_bounded(packed, (4 << 20) - 1)
    with pytest.raises(ValueError):
        unpack_bounded(packed[: len(packed) // 2], 8 << 20)  # cut short
    with pytest.raises(ValueError):
        unpack_bounded(b"not packed at all", 1024)
    gz = _zeros_packed(1 << 20, wbits=31)
    assert unpack_bounded(gz, 1 << 20) == bytes(1 << 20)


def test_the_shipped_ratings_are_still_read() -> None:
    assert ratings.shipped().count > 0
    assert os.path.exists(ratings.resource_files.on_disk(ratings.resource_files.RATINGS))
