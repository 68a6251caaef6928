"""Controls whose edges can be seen: 3:1 or better against what is around them.

Qt's Fusion style (what Qt uses where the desktop offers no style of its own:
GNOME, a bare X session, Windows without one) draws the edge of a check box, a
radio button, a push button, a combo box or a text field in its palette's window
colour made 40% darker.  On a dark palette that is a near-black line on a dark
grey: an unticked check box was #1F242A on #2A3037 (1.2:1), and on the light
palette a button's edge was #ababac on #eff0f1 (2:1), under WCAG's 3:1 for the
parts that show a control is there.

:class:`ContrastStyle` hands Fusion, for those controls only, a palette whose
window colour makes that darker edge one that reads at :data:`EDGE_CONTRAST`
against the real window colour (a blend of the window and its text colour, so it
keeps the desktop's hue); everything else is Fusion's own.  Other styles (Breeze,
Windows, macOS) draw their own edges and are left alone.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QWidget,
)

EDGE_CONTRAST = 4.5
"""What a control's edge reads at against the window (WCAG asks 3:1; the margin
covers an antialiased edge: a radio button's circle reads at some 3.8:1 with it)."""

_FUSION_DARKER = 140  # Fusion's edge is the window colour .darker(140)

_PRIMITIVES = frozenset(
    {
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorRadioButton,
        QStyle.PrimitiveElement.PE_PanelButtonCommand,
        QStyle.PrimitiveElement.PE_PanelButtonTool,
        QStyle.PrimitiveElement.PE_FrameLineEdit,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
    }
)
_COMPLEX = frozenset(
    {
        QStyle.ComplexControl.CC_ComboBox,
        QStyle.ComplexControl.CC_SpinBox,
        QStyle.ComplexControl.CC_ToolButton,
    }
)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG's relative luminance of an opaque colour."""
    r, g, b = (_linear(v) for v in (colour.red(), colour.green(), colour.blue()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: QColor, other: QColor) -> float:
    """WCAG's contrast ratio (1 to 21)."""
    low, high = sorted((luminance(one), luminance(other)))
    return (high + 0.05) / (low + 0.05)


def edge_colour(palette: QPalette) -> QColor:
    """The least change from the window colour towards its text colour that reads
    at :data:`EDGE_CONTRAST` against the window (the text colour at most)."""
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    for step in range(1, 21):
        t = step / 20
        mixed = QColor(
            round(window.red() + (text.red() - window.red()) * t),
            round(window.green() + (text.green() - window.green()) * t),
            round(window.blue() + (text.blue() - window.blue()) * t),
        )
        if contrast(mixed, window) >= EDGE_CONTRAST:
            return mixed
    return QColor(text)


def _fusion_window_for(edge: QColor) -> QColor:
    """A window colour whose ``darker(140)`` -- Fusion's edge -- is ``edge``."""
    value = min(255, edge.value() * _FUSION_DARKER // 100)
    return QColor.fromHsv(max(edge.hsvHue(), 0), edge.hsvSaturation(), value)


class ContrastStyle(QProxyStyle):
    """Fusion, with the edges of its controls at :data:`EDGE_CONTRAST`."""

    def __init__(self) -> None:
        super().__init__("fusion")
        self.setObjectName("contrastStyle")
        # Fusion's window colour per (window, text) colours: the edge is worked out once
        self._windows: dict[tuple[int, int], QColor] = {}

    def _with_edges(self, given: QPalette) -> QPalette:
        key = (
            given.color(QPalette.ColorRole.Window).rgba(),
            given.color(QPalette.ColorRole.WindowText).rgba(),
        )
        window = self._windows.get(key)
        if window is None:
            window = self._windows[key] = _fusion_window_for(edge_colour(given))
        palette = QPalette(given)
        for group in (
            QPalette.ColorGroup.Active,
            QPalette.ColorGroup.Inactive,
            QPalette.ColorGroup.Disabled,
        ):
            palette.setColor(group, QPalette.ColorRole.Window, window)
        return palette

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element in _PRIMITIVES and option is not None:
            option = type(option)(option)  # (a copy: the caller's option stays as it was)
            option.palette = self._with_edges(option.palette)
        super().drawPrimitive(element, option, painter, widget)

    def drawComplexControl(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if control in _COMPLEX and option is not None:
            option = type(option)(option)
            option.palette = self._with_edges(option.palette)
        super().drawComplexControl(control, option, painter, widget)


def install_contrast_style(app: QApplication) -> None:
    """Use :class:`ContrastStyle` where the application's style is Fusion (once)."""
    style = app.style()
    if style.objectName() == "contrastStyle" or style.name().lower() != "fusion":
        return
    app.setStyle(ContrastStyle())
