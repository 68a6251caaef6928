"""A hint asked for, and shown in words and on the table: what the window does for
the hint key and shows for a solver's answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell.engine import CountHint, Game, Move, Refusal, check_move
from freecell.engine.rules import source_cards
from freecell.i18n import _
from freecell.ui.features.hints import HintAnswer

if TYPE_CHECKING:
    from freecell.ui.shell.main_window import MainWindow


def describe_move(game: Game, move: Move) -> str:
    """A hint in words: "move the 7♥ from column 3 onto the 8♠ in column 5"."""
    pos = game.position
    checked = check_move(pos, game.variant, move)
    resolved = checked if not isinstance(checked, Refusal) else move
    cards = source_cards(pos, resolved.source)
    count = resolved.count or 1
    if not cards:
        return f"move from {resolved.source.label} to {resolved.dest.label}"
    first = cards[-count] if count <= len(cards) else cards[-1]
    what = first.name.lower() if count == 1 else f"{count} cards from the {first.name.lower()} down"
    dest = resolved.dest
    if dest.is_foundation:
        where = "home"
    elif dest.is_cell:
        where = "to a free cell"
    else:
        column = pos.columns[dest.index]
        where = (
            f"onto the {column[-1].name.lower()} in {dest.label}"
            if column
            else f"to the empty {dest.label}"
        )
    return f"move the {what} from {resolved.source.label} {where}"


def resolved(game: Game, move: Move) -> Move:
    checked = check_move(game.position, game.variant, move)
    return move if isinstance(checked, Refusal) else checked


def ask_for_hint(window: MainWindow) -> None:
    """The hint key: what is already known of the position is shown at once, else a
    search is asked for and the bar says it is under way."""
    game = window.bus.game
    if game.is_won or window.auto_finish.running:
        return
    if not game.has_legal_move:
        window.say_no_legal_move()  # no search can find a move that does not exist
        return
    hints = window.hints
    known = window.known_verdict(game.position) if window.known_verdict is not None else None
    if known is not None or hints.available:
        window.dispatch(CountHint())  # a helped game is counted apart from the records
    if known is not None:
        # Through the runner's own signal, as a searched answer would come, so that
        # whoever listens for hints (the insight's losing-move trace) hears it too.
        hints.cancel()
        window.scene.set_hint(None)
        hints.answered.emit(HintAnswer(0, game.position, known))
        return
    if not hints.available:
        window.hint_bar.show_message(
            _("Hints need the solver, which is not available here."), "refused", timeout_ms=5000
        )
        return
    window.scene.set_hint(None)
    hints.request(game.position, game.variant)
    window.hint_bar.show_message(
        _("Still checking this position\u2026 keep playing if you like."), "checking"
    )


def show_hint_answer(window: MainWindow, answer: HintAnswer) -> None:
    """Show a hint search's answer in the hint bar (and its move on the table)."""
    # here, not at the top: the start-up needs no solver (see freecell.ui.features.hints)
    from freecell.solver.api import Solved, Unknown, Unsolvable

    game = window.bus.game
    if answer.position != game.position:
        return  # stale (the runner drops these too)
    verdict = answer.verdict
    bar = window.hint_bar
    if answer.error is not None:
        bar.show_message(
            f"The solver stopped unexpectedly ({answer.error}); no hint this time.",
            "refused",
            timeout_ms=6000,
        )
        return
    # the built-in stood in for the player's backend: say so before the hint
    said = f"{answer.fallback} " if answer.fallback else ""
    if isinstance(verdict, Solved):
        if not verdict.moves:
            bar.dismiss()
            return
        move = verdict.moves[0]
        window.scene.set_hint(resolved(game, move))
        bar.show_message(f"{said}Hint: {describe_move(game, move)}.", "hint")
    elif isinstance(verdict, Unsolvable):
        bar.show_message(
            f"{said}This position is proven lost: a complete search found no way to win from here.",
            "lost",
            [
                ("Undo", window.undo),
                ("Hint", window.hint),
                ("Replay deal", window.replay_deal),
                ("New deal", window.new_deal),
            ],
        )
    elif isinstance(verdict, Unknown):
        if verdict.suggested_move is None:
            bar.show_message(
                f"{said}No verdict in time, and no move to suggest.", "hint", timeout_ms=6000
            )
            return
        move = verdict.suggested_move
        window.scene.set_hint(resolved(game, move))
        bar.show_message(
            f"{said}Try this: {describe_move(game, move)}. "
            "(The search ran out of time, so this is only a suggestion.)",
            "hint",
        )
