"""The in-app "How to play" page: the rules, the supermove limit and the keys.

Kept as text in a module (not a loose file) so it ships inside the wheel with no
package-data configuration and opens with no file access.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

RULES_HTML = """
<h1>How to play FreeCell</h1>
<p><b>The goal:</b> move all 52 cards to the four <b>foundations</b> at the top right,
one per suit, from the Ace up to the King.</p>

<h2>The table</h2>
<ul>
<li><b>Free cells</b> (top left): each holds one card, any card.</li>
<li><b>Foundations</b> (top right): each is marked with its suit and builds up in
suit from the Ace.</li>
<li><b>Columns</b> (below): all cards are dealt face up. The card at the bottom of a
column (the one fully visible) may move.</li>
</ul>

<h2>Moves</h2>
<ul>
<li>A card may go onto a card one rank higher of the <b>other colour</b>
(a red 7 on a black 8), into a free cell, into an empty column, or home to its
foundation.</li>
<li>Every deal is numbered as in Microsoft FreeCell; deal N here is deal N there.
Type a number in the <b>Deal #</b> box to play it.</li>
</ul>

<h2>Moving several cards: the supermove limit</h2>
<p>A run in sequence (alternating colours, each one lower) moves as one, as if
card by card through the free cells and empty columns. The most you can move is</p>
<p style="margin-left:2em"><b>(empty free cells + 1) &times; 2<sup>empty columns</sup></b></p>
<p>and an empty column you are moving <i>into</i> does not count. The status bar
always shows this number as <b>Move N</b>. If a run is too long, the game says how
many cards can move now.</p>

<h2>With the mouse</h2>
<ul>
<li><b>Drag</b> a card or a run onto its destination.</li>
<li>Or <b>tap</b> a card to select it (and the cards below it), then tap where it
should go.</li>
<li>A tap on a card that can go home right now sends it home; a double-click does
too.</li>
<li><b>Press and hold</b> on a column to open the run picker: slide onto its up or
down arrow to take more or fewer cards, then release. The run is selected; tap or
drag it to its destination. The &#x2715; button or Escape cancels.</li>
</ul>

<h2>With the keyboard</h2>
<table cellpadding="3">
<tr><td><b>Left / Right</b></td><td>move the focus between free cells, foundations
and columns</td></tr>
<tr><td><b>Up / Down</b></td><td>choose the first card of a run in a column</td></tr>
<tr><td><b>Enter</b>, <b>Space</b></td><td>select; drop the selection on the focused
pile; send a card home when it can go</td></tr>
<tr><td><b>Shift+Enter</b>, <b>Shift+Space</b></td><td>select without sending home (to
put a card that could go home into a free cell)</td></tr>
<tr><td><b>Escape</b></td><td>clear the selection</td></tr>
<tr><td><b>U</b>, Ctrl+Z</td><td>undo</td></tr>
<tr><td>Ctrl+Shift+Z, Ctrl+Y</td><td>redo</td></tr>
<tr><td><b>H</b></td><td>hint</td></tr>
<tr><td><b>N</b>, Ctrl+N</td><td>new deal</td></tr>
<tr><td><b>F</b></td><td>auto finish (press again to stop)</td></tr>
<tr><td><b>P</b></td><td>run picker on the focused column (Up / Down: one card more
or fewer; then Enter on the destination)</td></tr>
<tr><td><b>D</b></td><td>describe the whole table (screen readers read it out)</td></tr>
<tr><td><b>W</b></td><td>read the focused card again, and where it can go</td></tr>
<tr><td>F6, Shift+F6</td><td>move between the table, the message bar's buttons, the
results panel and the deal box</td></tr>
<tr><td>F11</td><td>full screen</td></tr>
<tr><td>F1</td><td>this page</td></tr>
</table>

<h2>Hints you can trust</h2>
<p><b>Hint</b> asks a real solver, which works in the background while you keep
playing. It marks a move on the table. When the search has checked every
possibility and found no way to win, the game says the position is
<b>proven lost</b> and offers Undo, Hint, Replay deal or New deal; it never ends
your game for you. When the search runs out of time it only suggests a move and
claims nothing.</p>

<h2>Variants</h2>
<p>Game &rsaquo; Variant plays the rest of the FreeCell family: fewer free cells,
Baker's Game (build down in suit), Eight Off, Seahaven Towers and more. The table
follows the variant (cells and columns), the supermove limit counts only what the
variant allows (an empty column that takes only Kings does not help a run), and a
refused move always says which rule stopped it.</p>

<h2>Finishing</h2>
<p>When every remaining card can go home, the third toolbar button becomes
<b>Auto finish</b>: it sends the cards home one by one (each one move, and one undo
step). Press it again to stop. The optional <b>safe auto-play</b> sends cards home by
itself when no other card could still need them; one Undo takes back your move
together with the cards that followed it.</p>
<p>The clock starts with your first move and pauses while the window is minimised
or in the background.</p>
"""


class RulesDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("How to play")
        self.resize(640, 720)
        box = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(RULES_HTML)
        self.browser.setAccessibleName("How to play")
        box.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
