"""The large-print promise, in points.

In large print the rank figure of every corner index is at least
``LARGE_PRINT_INDEX_POINTS`` tall (its cap height, measured on the painted card)
at every fixed card size and with every theme, and the column overlap never
covers any part of an index: the table scrolls instead
(``tests/test_accessibility_large_print.py`` measures both on the real images).

Sizes are in device-independent pixels, so the promise follows the system's
scale factor and device pixel ratio (the cards are painted at that ratio).
"""

from __future__ import annotations

# Cap height of 13 pt: the capitals of an 18-point font, the usual floor for
# "large print".  Extra large cards give about 34 pt.
LARGE_PRINT_INDEX_POINTS = 13.0
