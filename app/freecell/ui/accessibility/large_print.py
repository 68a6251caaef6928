"""The large-print promise, in points.

In large print the rank figure of every corner index is at least
``LARGE_PRINT_INDEX_POINTS`` tall (its cap height, measured on the painted card)
at every card size and with every theme, and the column overlap never covers
any part of an index (the J and the Q's tail included): the table scrolls
instead.  "Fit to window" in large print stops at Small cards and scrolls in a
window too small for them (``layout.LARGE_PRINT_MIN_FIT_WIDTH``).

Sizes are in device-independent pixels and cards are painted at the screen's
device pixel ratio, so display scaling (Windows/macOS/Wayland scale, or
``QT_SCALE_FACTOR``; checked: 1.5 gives a ratio of 1.5) makes the cards and their
indices larger in proportion.  A font-only scale (X11 ``Xft.dpi`` without display
scaling) does not change the card sizes: the player picks a larger card size.
``tests/test_accessibility_large_print.py`` measures all of it on the real
images.
"""

from __future__ import annotations

# Cap height of 13 pt: the capitals of an 18-point font, the usual floor for
# "large print".  Extra large cards give about 34 pt.
LARGE_PRINT_INDEX_POINTS = 13.0
