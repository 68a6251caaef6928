"""Render the PNG icon sizes from the one scalable SVG, and copy the SVG into the
package's resources so the running game can set its own window icon.

Run it after editing the SVG (the PNGs are committed, so installing never needs
Qt's SVG module or an SVG tool):

    QT_QPA_PLATFORM=offscreen python packaging/linux/render_icons.py

The test suite checks that every PNG has its size and that the packaged copy of
the SVG equals the master, so a forgotten re-render fails CI rather than
shipping a stale icon.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

APP_ID = "io.github.freecell.FreeCell"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

HERE = Path(__file__).resolve().parent
ICONS = HERE / "icons" / "hicolor"
MASTER = ICONS / "scalable" / "apps" / f"{APP_ID}.svg"
PACKAGED = HERE.parents[1] / "resources" / "icons" / "freecell.svg"


def png_path(size: int) -> Path:
    return ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def main() -> int:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(MASTER))
    if not renderer.isValid():
        print(f"{MASTER}: not a valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = png_path(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            print(f"{target}: could not write", file=sys.stderr)
            return 1
        print(target.relative_to(HERE))
    PACKAGED.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(MASTER, PACKAGED)
    print(PACKAGED.relative_to(HERE.parents[1]))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
