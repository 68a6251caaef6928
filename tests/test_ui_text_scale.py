"""Cards respect the desktop's text scale (bigger text asked for -> bigger cards)."""

from __future__ import annotations

import pytest

from freecell.engine import FREECELL, deal
from freecell.ui.table.layout import CARD_WIDTHS, CardSize, compute_layout
from freecell.ui.table.text_scale import system_text_scale
from ui_helpers import make_window


def test_fixed_sizes_grow_with_the_text_scale_and_fit_does_not() -> None:
    position = deal(1, FREECELL)
    for size, width in CARD_WIDTHS.items():
        # (a window with room for them: a size too large for its window is Fit's)
        scaled = compute_layout(3400, 2200, FREECELL, position, size, text_scale=1.5)
        assert scaled.card_w == round(width * 1.5)
    fit = compute_layout(1200, 800, FREECELL, position, CardSize.FIT)
    fit_scaled = compute_layout(1200, 800, FREECELL, position, CardSize.FIT, text_scale=2.0)
    assert fit.card_w == fit_scaled.card_w
    # A scale below 1 (a desktop that shrinks text) never shrinks the cards.
    assert (
        compute_layout(1600, 1000, FREECELL, position, CardSize.MEDIUM, text_scale=0.8).card_w == 96
    )


@pytest.mark.parametrize(("text", "scale"), [("1.5", 1.5), ("0.5", 1.0), ("9", 3.0), ("x", None)])
def test_the_override_is_read_and_clamped(
    monkeypatch: pytest.MonkeyPatch,
    qapp,
    text: str,
    scale: float | None,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setenv("FREECELL_TEXT_SCALE", text)
    expected = scale if scale is not None else qapp.primaryScreen().logicalDotsPerInch() / 96
    assert system_text_scale() == pytest.approx(max(1.0, min(3.0, expected)))


def test_the_table_uses_the_text_scale(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FREECELL_TEXT_SCALE", "1.5")
    window = make_window(qtbot, card_size="medium")
    window.resize(2000, 1400)  # room for Medium at 1.5x (a smaller window shows Fit's cards)
    assert window.scene.text_scale == 1.5
    assert window.scene.layout is not None and window.scene.layout.card_w == 144
