"""Every control can be seen: its edge reads at 3:1 or better (WCAG 1.4.11) against
what is around it, in the light and the dark scheme -- measured on the rendered
pixels of the Preferences dialog's check boxes, radio buttons, combo boxes and
button, of the tool bar's buttons and of the message bar's buttons."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QToolButton,
    QWidget,
)

from freecell.ui.dialogs.preferences import PreferencesDialog
from freecell.ui.panels.hint_bar import KINDS, Button, ButtonId
from freecell.ui.shell.colour_scheme import DARK, LIGHT
from freecell.ui.shell.control_contrast import contrast, edge_colour
from freecell.ui.shell.main_window import MainWindow
from ui_helpers import make_window

WCAG = 3.0  # non-text contrast: what shows a control is there
EDGE_DEPTH = 3  # px into a button: its edge, and not yet its label


@pytest.fixture(params=[LIGHT, DARK])
def window(request, qtbot) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    shown = make_window(qtbot, appearance=request.param)
    assert shown.colour_scheme == request.param
    yield shown
    # the application's palette outlives the window, and a window still there follows
    # palette changes: put back the desktop's, with the window gone
    given = QPalette(shown.look.given_palette())
    shown.removeEventFilter(shown.look)
    shown.close()
    QApplication.setPalette(given)


def _edge(picture: QImage, outside: QPoint, inside: QPoint) -> tuple[QColor, QColor]:
    """The background at ``outside`` and, on the straight line from there to
    ``inside``, the pixel that stands out most from it: the control's edge."""
    background = QColor(picture.pixel(outside))
    steps = max(abs(inside.x() - outside.x()), abs(inside.y() - outside.y()))
    line = [
        QColor(
            picture.pixel(
                outside.x() + (inside.x() - outside.x()) * i // steps,
                outside.y() + (inside.y() - outside.y()) * i // steps,
            )
        )
        for i in range(1, steps + 1)
    ]
    return background, max(line, key=lambda c: contrast(c, background))


def _indicator(button: QAbstractButton) -> tuple[QPoint, QPoint, QPoint, QPoint]:
    """Points (in the button) just left of and just above its indicator, and its
    middle, as the style places it."""
    option = QStyleOptionButton()
    option.initFrom(button)
    element = (
        QStyle.SubElement.SE_RadioButtonIndicator
        if isinstance(button, QRadioButton)
        else QStyle.SubElement.SE_CheckBoxIndicator
    )
    box = button.style().subElementRect(element, option, button)
    middle = box.center()
    return (
        QPoint(box.left() - 2, middle.y()),
        middle,
        QPoint(middle.x(), box.top() - 2),
        middle,
    )


def _assert_edges(top: QWidget, controls: list[QWidget], scheme: str) -> int:
    picture = top.grab().toImage()
    scale = picture.devicePixelRatio()
    measured = 0
    for control in controls:
        if not control.isVisible():
            continue
        offset = control.mapTo(top, QPoint(0, 0))
        if isinstance(control, (QCheckBox, QRadioButton)):
            left, middle, above, centre = _indicator(control)
            lines = [(left, middle), (above, centre)]
        else:  # a push or tool button, a combo box: from beside it across its edge
            y = control.height() // 2
            lines = [(QPoint(-2, y), QPoint(EDGE_DEPTH, y))]
        for outside, inside in lines:
            background, edge = _edge(
                picture,
                (outside + offset) * scale,
                (inside + offset) * scale,
            )
            ratio = contrast(edge, background)
            assert ratio >= WCAG, (scheme, control.objectName(), edge.name(), background.name())
            measured += 1
    return measured


def test_the_preferences_controls_have_edges_that_can_be_seen(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = PreferencesDialog(
        window.settings,
        variants=[("freecell", "FreeCell")],
        themes=[("classic", "Classic")],
        surfaces=[("green-felt", "Green felt")],
        parent=window,
    )
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    controls: list[QWidget] = [
        *dialog.findChildren(QCheckBox),
        *dialog.findChildren(QRadioButton),
        *dialog.findChildren(QComboBox),
        *dialog.findChildren(QPushButton),
    ]
    kinds = {type(c) for c in controls if c.isVisible()}
    assert kinds == {QCheckBox, QRadioButton, QComboBox, QPushButton}
    assert _assert_edges(dialog, controls, window.colour_scheme) >= 20


def test_the_bars_controls_have_edges_that_can_be_seen(window) -> None:  # type: ignore[no-untyped-def]
    buttons = [
        b
        for b in window.toolbar.findChildren(QToolButton)
        if b.objectName() != "qt_toolbar_ext_button"
    ]
    assert _assert_edges(window.toolbar, list(buttons), window.colour_scheme) >= 3
    # and the status bar's deal number box, styled with the bars
    box = window.status.deal_box
    assert _assert_edges(window.statusBar(), [box], window.colour_scheme) == 1


def test_the_message_bar_buttons_have_edges_that_can_be_seen(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    bar = window.hint_bar
    for kind in KINDS:
        if kind == "idle":
            continue  # (it shows no button)
        bar.show_message("A message", kind, [Button(ButtonId.UNDO, "Do it", lambda: None)])
        qtbot.waitUntil(lambda: all(b.isVisible() for b in bar.buttons.values()))
        assert _assert_edges(bar, list(bar.buttons.values()), f"{window.colour_scheme} {kind}")


@pytest.mark.parametrize("scheme", [LIGHT, DARK])
def test_an_edge_is_made_to_read_on_any_palette(qapp, scheme: str) -> None:  # type: ignore[no-untyped-def]
    from freecell.ui.shell.colour_scheme import scheme_palette

    palette = scheme_palette(scheme)
    edge = edge_colour(palette)
    assert contrast(edge, palette.window().color()) >= 4.5
