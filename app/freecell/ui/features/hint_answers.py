"""A hint asked for, and shown in words and on the table: what the hint key does
and what a solver's answer shows, through the window's door."""

from __future__ import annotations

from freecell.engine import CountHint, Game, Move, Refusal, check_move
from freecell.i18n import _, pgettext
from freecell.solver.api import Solved, Unknown, Unsolvable
from freecell.texts.moves import move_phrase
from freecell.ui.features.hints import HINT_SECONDS, HINT_STATES, HintAnswer
from freecell.ui.shell.door import ButtonId, Door, MessageKind

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


def hint_message(game: Game, move: Move) -> str:
    """The message bar's hint: "Hint: move the seven of hearts from column 3 ..."."""
    return _("Hint: {move}.").format(move=describe_move(game, move))


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


def ask_for_hint(door: Door) -> None:
    """The hint key: what is already known of the position is shown at once, else a
    search is asked for and the bar says it is under way."""
    game = door.game
    if game.is_won or door.auto_finishing:
        return
    if not game.has_legal_move:
        door.say_no_legal_move()  # no search can find a move that does not exist
        return
    hints = door.hints
    known = door.known_verdict(game.position) if door.known_verdict is not None else None
    if known is not None or hints.available:
        door.dispatch(CountHint())  # a helped game is counted apart from the records
    if known is not None:
        # Through the runner's own signal, as a searched answer would come, so that
        # whoever listens for hints (the insight's losing-move trace) hears it too.
        hints.cancel()
        door.mark_hint(None)
        hints.answered.emit(HintAnswer(0, game.position, known))
        return
    if not hints.available:
        door.say(
            _("Hints need the solver, which is not available here."),
            MessageKind.REFUSED,
            timeout_ms=5000,
        )
        return
    door.mark_hint(None)
    if not hints.request(game.position, game.variant):
        return  # the window is closing
    door.say(
        _("Still checking this position\u2026 keep playing if you like."), MessageKind.CHECKING
    )


def show_hint_answer(door: Door, answer: HintAnswer) -> None:
    """Show a hint search's answer in the message bar (and its move on the table)."""
    if answer.liar:  # caught calling a winnable position lost: off, before the hint
        door.session.distrust(answer.liar)
    game = door.game
    if answer.position != game.position:
        return  # stale (the runner drops these too)
    verdict = answer.verdict
    if answer.error is not None:
        door.say(
            _("The solver stopped unexpectedly ({error}); no hint this time.").format(
                error=answer.error
            ),
            MessageKind.PROBLEM,
            timeout_ms=6000,
        )
        return
    # the built-in stood in for the player's backend: say so before the hint
    said = answer.fallback or answer.opinion
    if isinstance(verdict, Solved):
        if not verdict.moves:
            door.dismiss()
            return
        move = verdict.moves[0]
        door.mark_hint(resolved(game, move))
        door.say(with_note(said, hint_message(game, move)), MessageKind.HINT)
    elif isinstance(verdict, Unsolvable):
        lost = _("This position is proven lost: a complete search found no way to win from here.")
        door.say(
            with_note(said, lost),
            MessageKind.LOST,
            [
                door.button(ButtonId.UNDO, _("Undo")),
                door.button(ButtonId.HINT, pgettext("button", "Hint")),
                # (proven lost: it counts as lost whichever way, so no second question)
                door.button(ButtonId.REPLAY_DEAL, _("Replay deal"), asked=True),
                door.button(ButtonId.NEW_DEAL, _("New deal"), asked=True),
            ],
        )
    elif isinstance(verdict, Unknown):
        if verdict.suggested_move is None:
            door.say(
                with_note(said, unknown_hint(verdict, None)), MessageKind.HINT, timeout_ms=6000
            )
            return
        move = verdict.suggested_move
        door.mark_hint(resolved(game, move))
        suggestion = unknown_hint(verdict, describe_move(game, move))
        door.say(with_note(said, suggestion), MessageKind.HINT)
