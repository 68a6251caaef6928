"""SVG card decks the desktop has (KDE's ``carddecks/``, Aisleriot's ``cards/``)
appear as card themes and are drawn from their files; without any, the game is the
same as ever."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from freecell.engine import DECK
from freecell.plugin_host import create_manager
from freecell.themes import BUILTIN_THEMES, CLASSIC
from freecell.ui.table.card_faces import CardPainter, index_metrics
from freecell.ui.table.renderer import CardRenderer
from freecell_builtin_themes.card_decks import installed_decks, read_kde_deck
from ui_helpers import card, make_window

SYSTEM_DECKS = Path("/usr/share/carddecks")


def _svg(elements: dict[str, str]) -> str:
    """A deck file of our own: each element a card-sized rectangle of one colour,
    laid out in a row like a real deck's sheet."""
    rects = "".join(
        f'<g id="{name}"><rect x="{i * 80}" y="0" width="71" height="100" fill="{fill}"/></g>'
        for i, (name, fill) in enumerate(elements.items())
    )
    width = 80 * max(1, len(elements))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="100" '
        f'viewBox="0 0 {width} 100">{rects}</svg>'
    )


def _kde_deck(root: Path, folder: str, name: str, elements: dict[str, str], gz: bool) -> Path:
    deck = root / "carddecks" / folder
    deck.mkdir(parents=True)
    svg_name = "deck.svgz" if gz else "deck.svg"
    data = _svg(elements).encode()
    (deck / svg_name).write_bytes(gzip.compress(data) if gz else data)
    (deck / "index.desktop").write_text(
        f"[KDE Backdeck]\nName={name}\nName[de]=Deutsch\nComment=A test deck\\nsecond line\n"
        f"SVG={svg_name}\nBack={name}\n",
        encoding="utf-8",
    )
    return deck


def test_no_deck_installed_means_the_painted_themes_only(tmp_path: Path) -> None:
    assert installed_decks([tmp_path]) == []
    os.environ["FREECELL_CARD_DECK_DIRS"] = str(tmp_path)  # (conftest restores it)
    manager = create_manager({}, include_user_folder=False)
    assert manager.card_themes() == list(BUILTIN_THEMES)


def test_kde_and_aisleriot_decks_are_found_in_the_data_dirs(tmp_path: Path) -> None:
    mine, system = tmp_path / "home", tmp_path / "system"
    _kde_deck(mine, "svg-tiny", "Tiny (mine)", {"1_club": "#00ff00"}, gz=True)
    _kde_deck(system, "svg-tiny", "Tiny (system)", {"1_club": "#ff0000"}, gz=False)
    _kde_deck(system, "svg-other", "Other", {"back": "#0000ff"}, gz=False)
    # not decks: no index, an index without the group, an index naming a missing file
    (system / "carddecks" / "empty").mkdir()
    broken = system / "carddecks" / "broken"
    broken.mkdir()
    (broken / "index.desktop").write_text("[Something]\nName=x\n", encoding="utf-8")
    missing = system / "carddecks" / "missing"
    missing.mkdir()
    (missing / "index.desktop").write_text("[KDE Backdeck]\nSVG=gone.svg\n", encoding="utf-8")
    cards = system / "aisleriot" / "cards"
    cards.mkdir(parents=True)
    (cards / "bonded.svg").write_text(_svg({"1_club": "#123456"}), encoding="utf-8")
    (cards / "notes.txt").write_text("not a deck", encoding="utf-8")

    decks = installed_decks([mine, system])
    assert [(d.id, d.name) for d in decks] == [
        ("aisleriot-bonded", "Bonded (Aisleriot)"),
        ("kde-other", "Other"),
        ("kde-tiny", "Tiny (mine)"),  # the player's own copy wins
    ]
    tiny = decks[2]
    assert tiny.deck_file == str(mine / "carddecks" / "svg-tiny" / "deck.svgz")
    assert tiny.description == "A test deck second line"
    assert tiny.suit_colours == CLASSIC.suit_colours
    assert read_kde_deck(broken) is None and read_kde_deck(missing) is None

    os.environ["FREECELL_CARD_DECK_DIRS"] = os.pathsep.join([str(mine), str(system)])
    manager = create_manager({}, include_user_folder=False)
    themes = manager.card_themes()
    assert themes[: len(BUILTIN_THEMES)] == list(BUILTIN_THEMES)
    assert [t.id for t in themes[len(BUILTIN_THEMES) :]] == [d.id for d in decks]


def test_a_deck_is_drawn_from_its_file_and_lacking_cards_are_painted(
    qapp,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    folder = _kde_deck(
        tmp_path, "svg-tiny", "Tiny", {"1_club": "#00ff00", "king_heart": "#ff00ff"}, gz=True
    )
    theme = read_kde_deck(folder)
    assert theme is not None
    renderer = CardRenderer(theme)
    ace = renderer.image(card("AC"), 96, 134, 1.0, False)
    assert QColor(ace.pixel(48, 67)).name() == "#00ff00"
    king = renderer.image(card("KH"), 96, 134, 2.0, False)
    assert king.devicePixelRatio() == 2.0
    assert QColor(king.pixel(96, 134)).name() == "#ff00ff"
    # the file has no 2 of spades: the Classic face is painted, the game goes on
    two = renderer.image(card("2S"), 96, 134, 1.0, False)
    painted = CardPainter(theme).image(card("2S"), 96, 134, 1.0, False)
    assert two == painted


def test_large_print_lays_our_index_over_any_deck(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = _kde_deck(tmp_path, "svg-tiny", "Tiny", {"1_heart": "#00ff00"}, gz=False)
    theme = read_kde_deck(folder)
    assert theme is not None
    renderer = CardRenderer(theme)
    w, h = 96, 134
    large = renderer.image(card("AH"), w, h, 1.0, True)
    m = index_metrics(w, h, True)
    band = {
        QColor(large.pixel(x, y)).name() for x in range(3, w - 3) for y in range(3, int(m.strip))
    }
    assert QColor(theme.face).name() in band  # the band of face colour ...
    red = QColor(CardPainter(theme).suit_colour(card("AH").suit, True)).name()
    assert red in band  # ... with the enlarged index on it
    # the middle of the card is still the deck's own picture
    assert QColor(large.pixel(w // 2, h // 2)).name() == "#00ff00"


def test_a_window_plays_with_a_deck_theme(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = _kde_deck(tmp_path, "svg-tiny", "Tiny", {"back": "#0000ff"}, gz=True)
    theme = read_kde_deck(folder)
    assert theme is not None
    window = make_window(qtbot, card_size="medium")
    window.set_theme(theme)
    assert window.renderer.theme is theme
    window.set_large_print(True)
    window.set_theme(CLASSIC)
    assert window.renderer.theme is CLASSIC


def test_the_installed_kde_decks_draw_every_card(qapp) -> None:  # type: ignore[no-untyped-def]
    """The real decks (CI installs kdegames-card-data-kf5): every card of two of
    them comes from the file, not from our painter."""
    if not SYSTEM_DECKS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(
                "CI must install kdegames-card-data-kf5 but /usr/share/carddecks is missing"
            )
        pytest.skip("no KDE card decks installed (apt package kdegames-card-data-kf5)")
    decks = {d.id: d for d in installed_decks([Path("/usr/share")])}
    assert {"kde-standard", "kde-oxygen"} <= set(decks)
    from freecell.ui.table.svg_deck import SvgCardPainter

    for deck_id in ("kde-standard", "kde-oxygen"):
        painter = SvgCardPainter(decks[deck_id])
        for c in (*DECK, None):
            assert painter.has_element(c), (deck_id, c)
        ace = painter.image(card("AS"), 72, 101, 1.0, False)
        assert ace.width() > 72 and not ace.isNull()


def test_preferences_shows_a_preview_of_the_theme_chosen(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from freecell.storage import Settings
    from freecell.ui.dialogs.preferences import PreferencesDialog
    from freecell.ui.table.deck_preview import deck_preview

    folder = _kde_deck(tmp_path, "svg-tiny", "Tiny", {"1_spade": "#00ff00"}, gz=False)
    deck = read_kde_deck(folder)
    assert deck is not None
    themes = {t.id: t for t in (*BUILTIN_THEMES, deck)}
    asked: list[str] = []

    def preview(theme_id: str):  # type: ignore[no-untyped-def]
        asked.append(theme_id)
        return deck_preview(themes[theme_id], 48, 1.0)

    dialog = PreferencesDialog(
        Settings(),
        variants=[("freecell", "FreeCell")],
        themes=[(t.id, t.name) for t in themes.values()],
        surfaces=[("green-felt", "Green felt")],
        preview=preview,
    )
    qtbot.addWidget(dialog)
    assert asked == ["classic"] and not dialog.preview.pixmap().isNull()
    dialog.combos["theme"].setCurrentIndex(dialog.combos["theme"].findData(deck.id))
    assert asked[-1] == deck.id
    shown = dialog.preview.pixmap().toImage()
    # the Ace of spades, first from the left, is the deck's own green picture
    assert QColor(shown.pixel(24, 34)).name() == "#00ff00"
