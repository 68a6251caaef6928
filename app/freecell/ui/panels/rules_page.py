"""The in-app "How to play" page: the rules of the variant on the table, the
supermove limit, and the keys.

The rules are written from the variant's parameters (cells, columns, building,
empty columns, take-backs), so a custom variant or a plugin's gets its own page;
a plugin may give its own words through ``freecell_variant_rules``.  Kept as text
in a module (not a loose file) so it ships inside the wheel with no package-data
configuration and opens with no file access.

Every sentence goes through the catalogue as a whole paragraph or list item (with
its ``<b>`` marks, which translators keep); the menu items and the status bar text
it names are the window's own translations, so the page and the window agree.
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from freecell.engine import FREECELL, BuildRule, EmptyColumnRule, Variant
from freecell.i18n import SOURCE_LANGUAGE, _, language, ngettext, pgettext
from freecell.i18n.formatting import format_number
from freecell.i18n.mnemonics import without_mnemonic
from freecell.texts.variants import sentences, variant_description, variant_name

_ENGLISH_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def _number(n: int) -> str:
    """English spells small counts out ("four cells"); the translations write digits,
    which (unlike a number word) need not agree with the noun's gender or case."""
    if language() == SOURCE_LANGUAGE and 0 <= n < len(_ENGLISH_NUMBERS):
        return _ENGLISH_NUMBERS[n]
    return format_number(n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=_number(n))


def _deal_sentence(variant: Variant) -> str:
    in_columns = 52 - variant.cards_in_cells
    per, extra = divmod(in_columns, variant.columns)
    if extra == 0:
        # Translators: {cards} is "7 cards"
        shape = _("{cards} in each column").format(cards=_cards(per))
    else:
        shape = ngettext(
            "{more} cards in the first column, {fewer} in the others",
            "{more} cards in the first {n}, {fewer} in the others",
            extra,
        ).format(more=format_number(per + 1), n=format_number(extra), fewer=format_number(per))
    if variant.cards_in_cells:
        return _(
            "All 52 cards are dealt face up: {shape}, and the last {cards} into the free cells."
        ).format(shape=shape, cards=_cards(variant.cards_in_cells))
    return _("All 52 cards are dealt face up: {shape}.").format(shape=shape)


def _build_sentence(build: BuildRule) -> str:
    if build is BuildRule.ALTERNATE_COLOUR:
        return _(
            "A card may go onto a card one rank higher of the <b>other colour</b> (a red 7 "
            "on a black 8), into a free cell, or home to its foundation."
        )
    if build is BuildRule.SAME_SUIT:
        return _(
            "A card may go onto a card one rank higher of the <b>same suit</b> (the "
            "7&#x2660; on the 8&#x2660;), into a free cell, or home to its foundation."
        )
    return _(
        "A card may go onto a card one rank higher of <b>any suit</b> (any 7 on any 8), "
        "into a free cell, or home to its foundation."
    )


def _run_words(build: BuildRule) -> str:
    # Translators: what a run is, in brackets after "A run in sequence"
    if build is BuildRule.ALTERNATE_COLOUR:
        return _("alternating colours, each one lower")
    if build is BuildRule.SAME_SUIT:
        return _("one suit, each one lower")
    return _("each card one lower")


def _empty_sentence(empty: EmptyColumnRule) -> str:
    if empty is EmptyColumnRule.ANY_CARD:
        return _("An <b>empty column</b> takes any card or run.")
    if empty is EmptyColumnRule.KINGS_ONLY:
        return _("An <b>empty column</b> takes only a <b>King</b> (or a run from a King).")
    return _("An <b>empty column</b> stays empty: nothing may be put there.")


def _can_move_n() -> str:
    """The status bar's own words, with N for the number."""
    # N stands for a number in general, which Polish and Russian say in the form
    # for 5 ("N kart", "N карт"; 2 takes "N karty"); FreeCell's start can move 5
    return ngettext("Can move {n} card", "Can move {n} cards", 5).format(n="N")


def _supermove(variant: Variant) -> str:
    if not variant.supermove:
        title = _("One card at a time")
        text = _("Only single cards move in this game; a run is moved card by card.")
        return f"<h2>{title}</h2><p>{text}</p>"
    if variant.empty_column is EmptyColumnRule.ANY_CARD:
        # Translators: the two quantities of the supermove formula
        # "(empty free cells + 1) x 2^(empty columns)"
        formula = "({cells} + 1) &times; 2<sup>{columns}</sup>".format(
            cells=_("empty free cells"), columns=_("empty columns")
        )
        note = _("An empty column you are moving <i>into</i> does not count.")
    else:
        formula = "{cells} + 1".format(cells=_("empty free cells"))
        note = (
            _("Empty columns add nothing here, because they take only Kings.")
            if variant.empty_column is EmptyColumnRule.KINGS_ONLY
            else _("Empty columns add nothing here, because nothing may go there.")
        )
    title = _("Moving several cards: the supermove limit")
    intro = _(
        "A run in sequence ({run}) moves as one, as if card by card through the free cells "
        "and empty columns. The most you can move is"
    ).format(run=_run_words(variant.build))
    shown = _(
        "The status bar always shows this number as <b>{can_move}</b>. If a run is too long, "
        "the game says how many cards can move now."
    ).format(can_move=escape(_can_move_n()))
    return f"""
<h2>{title}</h2>
<p>{intro}</p>
<p style="margin-left:2em"><b>{formula}</b></p>
<p>{sentences(note, shown)}</p>
"""


def _generated_rules(variant: Variant) -> str:
    if variant.cells:
        cells = ngettext(
            "<b>Free cells</b> (top left): {count} cell, it holds one card, any card.",
            "<b>Free cells</b> (top left): {count} cells, each holds one card, any card.",
            variant.cells,
        ).format(count=_number(variant.cells))
    else:
        cells = _("There are <b>no free cells</b>.")
    back = (
        _(
            "The top card of a foundation may come <b>back</b> to a column where it fits (or "
            "a free cell, or an empty column the variant allows); standard scoring takes 15 "
            "points for it."
        )
        if variant.foundation_return
        else _("A card that has gone home stays there.")
    )
    foundations = _(
        "<b>Foundations</b> (top right): each is marked with its suit and builds up in suit "
        "from the Ace."
    )
    columns = ngettext(
        "<b>Columns</b> (below): {count} column. {deal} The card at the bottom of a column "
        "(the one fully visible) may move.",
        "<b>Columns</b> (below): {count} columns. {deal} The card at the bottom of a column "
        "(the one fully visible) may move.",
        variant.columns,
    ).format(count=_number(variant.columns), deal=_deal_sentence(variant))
    numbered = _(
        "Every deal is numbered as in Microsoft FreeCell; deal N here is deal N there. Type a "
        "number in the <b>{deal_box}</b> box to play it."
    ).format(deal_box=escape(_("Deal #")))
    items = "\n".join(
        f"<li>{item}</li>"
        for item in (_build_sentence(variant.build), _empty_sentence(variant.empty_column), back)
    )
    table, moves = _("The table"), pgettext("rules page", "Moves")
    return f"""
<h2>{table}</h2>
<ul>
<li>{cells}</li>
<li>{foundations}</li>
<li>{columns}</li>
</ul>

<h2>{moves}</h2>
<ul>
{items}
<li>{numbered}</li>
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


def rules_title(variant: Variant) -> str:
    return _("How to play {variant}").format(variant=variant_name(variant))


def rules_html(variant: Variant, plugin_text: str | None = None) -> str:
    """The whole page for a variant: its rules (a plugin's words when it gave some,
    else written from the parameters), then how to play with mouse and keys."""
    goal = _(
        "<b>The goal:</b> move all 52 cards to the four <b>foundations</b> at the top right, "
        "one per suit, from the Ace up to the King."
    )
    intro = f"<h1>{escape(rules_title(variant))}</h1>\n<p>{goal}</p>"
    description = variant_description(variant)
    if description:
        intro += f"\n<p><i>{escape(description)}</i></p>"
    if plugin_text:
        heading = _("Rules of {variant}").format(variant=variant_name(variant))
        rules = (
            f"<h2>{escape(heading)}</h2>\n{plugin_rules_html(plugin_text)}\n{_supermove(variant)}"
        )
    else:
        rules = _generated_rules(variant)
    return f"{intro}\n{rules}\n{_general_html()}"


def _menu(text: str) -> str:
    """A menu item's words as the menu shows them (translated), without its ``&``."""
    return escape(without_mnemonic(text))


def _keys(*names: str) -> str:
    return ", ".join(f"<b>{escape(name)}</b>" for name in names)


def _general_html() -> str:
    ctrl, shift = pgettext("key", "Ctrl"), pgettext("key", "Shift")
    enter, space = pgettext("key", "Enter"), pgettext("key", "Space")
    up_down = pgettext("key", "Up / Down")
    keys = [
        (
            _keys(pgettext("key", "Left / Right")),
            _("move the focus between free cells, foundations and columns"),
        ),
        (_keys(up_down), _("choose the first card of a run in a column")),
        (
            _keys(enter, space),
            _("select; drop the selection on the focused pile; send a card home when it can go"),
        ),
        (
            _keys(f"{shift}+{enter}", f"{shift}+{space}"),
            _("select without sending home (to put a card that could go home into a free cell)"),
        ),
        (_keys(pgettext("key", "Escape")), _("clear the selection")),
        (_keys("U", f"{ctrl}+Z"), _("undo")),
        (_keys(f"{ctrl}+{shift}+Z", f"{ctrl}+Y"), _("redo")),
        (_keys("H"), _("hint")),
        (_keys("N", f"{ctrl}+N"), _("new deal")),
        (_keys("F"), _("auto finish (press again to stop)")),
        (
            _keys("P"),
            _(
                "run picker on the focused column ({keys}: one card more or fewer; then "
                "{enter} on the destination)"
            ).format(keys=up_down, enter=enter),
        ),
        (_keys("D"), _("describe the whole table (screen readers read it out)")),
        (_keys("W"), _("read the focused card again, and where it can go")),
        (
            _keys("F6", f"{shift}+F6"),
            _(
                "move between the table, the message bar's buttons, the results panel and the deal "
                "box"
            ),
        ),
        (_keys("F11"), _("full screen")),
        (_keys("F1"), _("this page")),
    ]
    rows = "\n".join(f"<tr><td>{key}</td><td>{what}</td></tr>" for key, what in keys)
    mouse = [
        _("<b>Drag</b> a card or a run onto its destination."),
        _("While you hold cards, the places where they can go now are outlined in green."),
        _(
            "Or <b>tap</b> a card to select it (and the cards below it), then tap where it "
            "should go."
        ),
        _("A tap on a card that can go home right now sends it home; a double-click does too."),
        _(
            "<b>Press and hold</b> on a column to open the run picker: slide onto its up or down "
            "arrow (or click them, or press {keys}) to take more or fewer cards, then release. The "
            "run is selected; tap or drag it to its destination. The &#x2715; button or {escape} "
            "cancels."
        ).format(keys=escape(up_down), escape=escape(pgettext("key", "Escape"))),
    ]
    mouse_items = "\n".join(f"<li>{item}</li>" for item in mouse)
    hints = _(
        "<b>{hint}</b> asks a real solver, which works in the background while you keep "
        "playing. It marks a move on the table. When the search has checked every possibility "
        "and found no way to win, the game says the position is <b>proven lost</b> and offers "
        "{undo}, {hint}, {replay} or {new}; it never ends your game for you. When the search "
        "runs out of time it only suggests a move and claims nothing."
    ).format(
        hint=_menu(_("&Hint")),
        undo=_menu(_("&Undo")),
        replay=_menu(_("&Replay deal")),
        new=_menu(_("&New deal")),
    )
    variants = _(
        "{game} &rsaquo; {variant} plays the rest of the FreeCell family: fewer free cells, "
        "{bakers} (build down in suit), {eight_off}, {seahaven} and more. This page always "
        "shows the rules of the variant on the table; a refused move always says which rule "
        "stopped it."
    ).format(
        game=_menu(_("&Game")),
        variant=_menu(_("&Variant")),
        bakers=escape(_("Baker's Game")),
        eight_off=escape(_("Eight Off")),
        seahaven=escape(_("Seahaven Towers")),
    )
    finishing = _(
        "When every remaining card can go home, the third toolbar button becomes "
        "<b>{auto_finish}</b>: it sends the cards home one by one (each one move, and one undo "
        "step). Press it again to stop. The optional <b>{safe}</b> sends cards home by itself "
        "when no other card could still need them; one Undo takes back your move together "
        "with the cards that followed it."
    ).format(auto_finish=_menu(_("&Auto finish")), safe=_menu(_("&Safe auto-play")))
    clock = _(
        "The clock starts with your first move and pauses while the window is minimised or in "
        "the background."
    )
    headings = {
        "mouse": _("With the mouse"),
        "keyboard": _("With the keyboard"),
        "hints": _("Hints you can trust"),
        "variants": _("Variants"),
        "finishing": _("Finishing"),
    }
    return f"""
<h2>{headings["mouse"]}</h2>
<ul>
{mouse_items}
</ul>

<h2>{headings["keyboard"]}</h2>
<table cellpadding="3">
{rows}
</table>

<h2>{headings["hints"]}</h2>
<p>{hints}</p>

<h2>{headings["variants"]}</h2>
<p>{variants}</p>

<h2>{headings["finishing"]}</h2>
<p>{finishing}</p>
<p>{clock}</p>
"""


class RulesDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None = None,
        variant: Variant = FREECELL,
        plugin_text: str | None = None,
    ) -> None:
        super().__init__(parent)
        title = rules_title(variant)
        self.setWindowTitle(title)
        self.resize(640, 720)
        box = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(rules_html(variant, plugin_text))
        self.browser.setAccessibleName(title)
        box.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
