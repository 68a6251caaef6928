"""A hint asked for, and shown in words and on the table: what the window does for
the hint key and shows for a solver's answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell.engine import CountHint, Game, Move, Refusal, check_move
from freecell.i18n import _, pgettext
from freecell.texts.moves import move_phrase
from freecell.ui.features.hints import HINT_SECONDS, HINT_STATES, HintAnswer

if TYPE_CHECKING:
    from freecell.solver.api import Unknown
    from freecell.ui.shell.main_window import MainWindow

# A search that stopped this close to its hint budget ran out of it (a clock read
# or a batch of states may land just short of the exact figure).
_SPENT = 0.9


def describe_move(game: Game, move: Move) -> str:
    """A hint in words: "move the seven of hearts from column 3 onto the eight of
    spades in column 5"."""
    pos = game.position
    checked = check_move(pos, game.variant, move)
    resolved = checked if not isinstance(checked, Refusal) else move
    # Translators: a hint, as advice to the player; {move} is "the seven of hearts
    # from column 3 onto the eight of spades in column 5" (its cards as a verb's object)
    return pgettext("hint", "move {move}").format(move=move_phrase(pos, resolved, which_cell=False))


def with_note(note: str | None, message: str) -> str:
    """``message`` after a note that comes first (the built-in stood in)."""
    if not note:
        return message
    # Translators: a note, then the message it comes before (two sentences)
    return _("{note} {message}").format(note=note, message=message)


def unknown_hint(verdict: Unknown, move_words: str | None) -> str:
    """The honest sentence for a search that gave no verdict: it ran out of time,
    it tried as many positions as a hint may, or the solver simply has no answer
    (a backend that answers "unknown" at once); ``move_words``: its suggestion."""
    if verdict.seconds >= HINT_SECONDS * _SPENT:
        if move_words is None:
            return _("No verdict in time, and no move to suggest.")
        # Translators: {move} is "move the seven of hearts from column 3 ..."
        return _(
            "Try this: {move}. (The search ran out of time before it could decide, "
            "so this is only a suggestion.)"
        ).format(move=move_words)
    if verdict.states >= HINT_STATES * _SPENT:
        if move_words is None:
            return _(
                "The search tried as many positions as a hint may without finding a "
                "verdict, and has no move to suggest."
            )
        # Translators: {move} is "move the seven of hearts from column 3 ..."
        return _(
            "Try this: {move}. (The search tried as many positions as a hint may "
            "before it could decide, so this is only a suggestion.)"
        ).format(move=move_words)
    if move_words is None:
        return _("The solver has no verdict for this position and no move to suggest.")
    # Translators: {move} is "move the seven of hearts from column 3 ..."
    return _(
        "Try this: {move}. (The solver has no verdict for this position, so this is "
        "only a suggestion.)"
    ).format(move=move_words)


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
    if not hints.request(game.position, game.variant):
        return  # the window is closing
    window.hint_bar.show_message(
        _("Still checking this position\u2026 keep playing if you like."), "checking"
    )


def show_hint_answer(window: MainWindow, answer: HintAnswer) -> None:
    """Show a hint search's answer in the hint bar (and its move on the table)."""
    # here, not at the top: the start-up needs no solver (see freecell.ui.features.hints)
    from freecell.solver.api import Solved, Unknown, Unsolvable

    if answer.liar:  # caught calling a winnable position lost: off, before the hint
        window.session.distrust(answer.liar)
    game = window.bus.game
    if answer.position != game.position:
        return  # stale (the runner drops these too)
    verdict = answer.verdict
    bar = window.hint_bar
    if answer.error is not None:
        bar.show_message(
            _("The solver stopped unexpectedly ({error}); no hint this time.").format(
                error=answer.error
            ),
            "refused",
            timeout_ms=6000,
        )
        return
    # the built-in stood in for the player's backend: say so before the hint
    said = answer.fallback or answer.opinion
    if isinstance(verdict, Solved):
        if not verdict.moves:
            bar.dismiss()
            return
        move = verdict.moves[0]
        window.scene.set_hint(resolved(game, move))
        hint = _("Hint: {move}.").format(move=describe_move(game, move))
        bar.show_message(with_note(said, hint), "hint")
    elif isinstance(verdict, Unsolvable):
        lost = _("This position is proven lost: a complete search found no way to win from here.")
        bar.show_message(
            with_note(said, lost),
            "lost",
            [
                (_("Undo"), window.undo),
                (pgettext("button", "Hint"), window.hint),
                # (proven lost: it counts as lost whichever way, so no second question)
                (_("Replay deal"), lambda: window.replay_deal(ask=False)),
                (_("New deal"), lambda: window.new_deal(ask=False)),
            ],
        )
    elif isinstance(verdict, Unknown):
        if verdict.suggested_move is None:
            bar.show_message(with_note(said, unknown_hint(verdict, None)), "hint", timeout_ms=6000)
            return
        move = verdict.suggested_move
        window.scene.set_hint(resolved(game, move))
        suggestion = unknown_hint(verdict, describe_move(game, move))
        bar.show_message(with_note(said, suggestion), "hint")
