"""The in-app "How to play" page: the rules of the variant on the table, the
supermove limit, and the keys.

The rules are written from the variant's parameters (cells, columns, building,
empty columns, take-backs), so a custom variant or a plugin's gets its own page;
a plugin may give its own words through ``freecell_variant_rules``.  Kept as text
in a module (not a loose file) so it ships inside the wheel with no package-data
configuration and opens with no file access.
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from freecell.engine import FREECELL, BuildRule, EmptyColumnRule, Variant

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int, word: str) -> str:
    number = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{number} {word}{'' if n == 1 else 's'}"


def _deal_sentence(variant: Variant) -> str:
    in_columns = 52 - variant.cards_in_cells
    per, extra = divmod(in_columns, variant.columns)
    if extra == 0:
        shape = f"{_count(per, 'card')} in each column"
    else:
        shape = f"{per + 1} cards in the first {extra}, {per} in the others"
    sentence = f"All 52 cards are dealt face up: {shape}"
    if variant.cards_in_cells:
        sentence += f", and the last {_count(variant.cards_in_cells, 'card')} into the free cells"
    return sentence + "."


_BUILD = {
    BuildRule.ALTERNATE_COLOUR: (
        "onto a card one rank higher of the <b>other colour</b> (a red 7 on a black 8)"
    ),
    BuildRule.SAME_SUIT: "onto a card one rank higher of the <b>same suit</b> (the 7&#x2660; "
    "on the 8&#x2660;)",
    BuildRule.ANY_SUIT: "onto a card one rank higher of <b>any suit</b> (any 7 on any 8)",
}
_RUN = {
    BuildRule.ALTERNATE_COLOUR: "alternating colours, each one lower",
    BuildRule.SAME_SUIT: "one suit, each one lower",
    BuildRule.ANY_SUIT: "each card one lower",
}
_EMPTY = {
    EmptyColumnRule.ANY_CARD: "An <b>empty column</b> takes any card or run.",
    EmptyColumnRule.KINGS_ONLY: "An <b>empty column</b> takes only a <b>King</b> "
    "(or a run from a King).",
    EmptyColumnRule.NOTHING: "An <b>empty column</b> stays empty: nothing may be put there.",
}


def _supermove(variant: Variant) -> str:
    if not variant.supermove:
        return (
            "<h2>One card at a time</h2><p>Only single cards move in this game; a run "
            "is moved card by card.</p>"
        )
    if variant.empty_column is EmptyColumnRule.ANY_CARD:
        formula = "(empty free cells + 1) &times; 2<sup>empty columns</sup>"
        note = "and an empty column you are moving <i>into</i> does not count."
    else:
        formula = "empty free cells + 1"
        note = (
            "Empty columns add nothing here, because they take only Kings."
            if variant.empty_column is EmptyColumnRule.KINGS_ONLY
            else "Empty columns add nothing here, because nothing may go there."
        )
    return f"""
<h2>Moving several cards: the supermove limit</h2>
<p>A run in sequence ({_RUN[variant.build]}) moves as one, as if card by card
through the free cells and empty columns. The most you can move is</p>
<p style="margin-left:2em"><b>{formula}</b></p>
<p>{note} The status bar always shows this number as <b>Can move N cards</b>. If a
run is too long, the game says how many cards can move now.</p>
"""


def _generated_rules(variant: Variant) -> str:
    cells = (
        f"<li><b>Free cells</b> (top left): {_count(variant.cells, 'cell')}, each holds "
        "one card, any card.</li>"
        if variant.cells
        else "<li>There are <b>no free cells</b>.</li>"
    )
    back = (
        "<li>The top card of a foundation may come <b>back</b> to a column where it fits "
        "(or a free cell, or an empty column the variant allows); standard scoring "
        "takes 15 points for it.</li>"
        if variant.foundation_return
        else "<li>A card that has gone home stays there.</li>"
    )
    return f"""
<h2>The table</h2>
<ul>
{cells}
<li><b>Foundations</b> (top right): each is marked with its suit and builds up in
suit from the Ace.</li>
<li><b>Columns</b> (below): {_count(variant.columns, "column")}. {_deal_sentence(variant)}
The card at the bottom of a column (the one fully visible) may move.</li>
</ul>

<h2>Moves</h2>
<ul>
<li>A card may go {_BUILD[variant.build]}, into a free cell, or home to its
foundation.</li>
<li>{_EMPTY[variant.empty_column]}</li>
{back}
<li>Every deal is numbered as in Microsoft FreeCell; deal N here is deal N there.
Type a number in the <b>Deal #</b> box to play it.</li>
</ul>
{_supermove(variant)}"""


def plugin_rules_html(text: str) -> str:
    """A plugin's plain text as HTML: blank lines part paragraphs, ``- `` starts a
    list item; everything is escaped (a plugin's words, never its markup)."""
    parts: list[str] = []
    for block in text.strip().split("\n\n"):
        lines = [line.strip() for line in block.strip().splitlines() if line.strip()]
        if lines and all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{escape(line[2:])}</li>" for line in lines)
            parts.append(f"<ul>{items}</ul>")
        elif lines:
            parts.append(f"<p>{escape(' '.join(lines))}</p>")
    return "\n".join(parts)


def rules_html(variant: Variant, plugin_text: str | None = None) -> str:
    """The whole page for a variant: its rules (a plugin's words when it gave some,
    else written from the parameters), then how to play with mouse and keys."""
    intro = (
        f"<h1>How to play {escape(variant.name)}</h1>\n"
        "<p><b>The goal:</b> move all 52 cards to the four <b>foundations</b> at the top "
        "right, one per suit, from the Ace up to the King.</p>"
    )
    if variant.description:
        intro += f"\n<p><i>{escape(variant.description)}</i></p>"
    rules = (
        f"<h2>Rules of {escape(variant.name)}</h2>\n{plugin_rules_html(plugin_text)}"
        f"\n{_supermove(variant)}"
        if plugin_text
        else _generated_rules(variant)
    )
    return f"{intro}\n{rules}\n{_GENERAL_HTML}"


_GENERAL_HTML = """
<h2>With the mouse</h2>
<ul>
<li><b>Drag</b> a card or a run onto its destination.</li>
<li>Or <b>tap</b> a card to select it (and the cards below it), then tap where it
should go.</li>
<li>A tap on a card that can go home right now sends it home; a double-click does
too.</li>
<li><b>Press and hold</b> on a column to open the run picker: slide onto its up or
down arrow (or click them, or press Up / Down) to take more or fewer cards, then
release. The run is selected; tap or drag it to its destination. The &#x2715;
button or Escape cancels.</li>
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
Baker's Game (build down in suit), Eight Off, Seahaven Towers and more. This page
always shows the rules of the variant on the table; a refused move always says
which rule stopped it.</p>

<h2>Finishing</h2>
<p>When every remaining card can go home, the third toolbar button becomes
<b>Auto finish</b>: it sends the cards home one by one (each one move, and one undo
step). Press it again to stop. The optional <b>safe auto-play</b> sends cards home by
itself when no other card could still need them; one Undo takes back your move
together with the cards that followed it.</p>
<p>The clock starts with your first move and pauses while the window is minimised
or in the background.</p>
"""

RULES_HTML = rules_html(FREECELL)


class RulesDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None = None,
        variant: Variant = FREECELL,
        plugin_text: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"How to play {variant.name}")
        self.resize(640, 720)
        box = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(rules_html(variant, plugin_text))
        self.browser.setAccessibleName(f"How to play {variant.name}")
        box.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
