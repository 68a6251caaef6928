"""The rules engine: pure Python, no Qt, ever.

Everything the game knows about FreeCell lives here: cards, Microsoft deals,
variants as data, positions, moves and their reasons, notation, the game with its
history and clock, and the command bus the UI talks through.
"""

import importlib
from typing import TYPE_CHECKING, Any

from freecell.engine.cards import DECK, Card, Suit, card, make_card, parse_card
from freecell.engine.deal import (
    MAX_DEAL,
    MIN_DEAL,
    InvalidDealNumber,
    deal,
    microsoft_shuffle,
    parse_deal_number,
    random_deal_number,
)
from freecell.engine.moves import InvalidMoveNotation, Move, Pile, PileKind, parse_move, parse_moves
from freecell.engine.notation import BoardFormatError, format_board, parse_board
from freecell.engine.position import InvalidPosition, Position
from freecell.engine.refusals import Reason, Refusal
from freecell.engine.rules import (
    apply_move,
    can_auto_finish,
    can_build,
    check_move,
    has_legal_move,
    home_move,
    is_safe_home,
    legal_moves,
    movable_limit,
    run_length,
    safe_home_moves,
    single_card_steps,
)
from freecell.engine.variant import (
    BAKERS_GAME,
    BUILTIN_VARIANTS,
    EIGHT_OFF,
    FORECELL,
    FREECELL,
    ONE_CELL,
    SEAHAVEN_TOWERS,
    TAKE_BACKS_NAME,
    TAKE_BACKS_NOTE,
    THREE_CELL,
    TWO_CELL,
    BuildRule,
    EmptyColumnRule,
    Variant,
    builtin_variant,
    resolve_take_backs,
    split_take_backs,
    take_backs_id,
    with_take_backs,
)

if TYPE_CHECKING:
    from freecell.engine.bus import CommandBus
    from freecell.engine.clock import Clock
    from freecell.engine.commands import (
        AutoFinishStep,
        Command,
        ContinueGame,
        CountHint,
        LoadPosition,
        MoveCards,
        NewDeal,
        PauseClock,
        Redo,
        RedoTo,
        ReplayDeal,
        ResumeClock,
        SendHome,
        SetAutoPlay,
        SolutionMove,
        Undo,
        UndoTo,
    )
    from freecell.engine.events import (
        AutoFinishAvailable,
        ClockChanged,
        DealStarted,
        Event,
        GameWon,
        MoveApplied,
        MoveRefused,
        NoMovesLeft,
        Redone,
        Undone,
    )
    from freecell.engine.game import Game, Step

# The game, its bus, clock, commands and events are imported on first use: a board
# printed or a deal solved needs none of them (see benchmarks/cli.py).
_LAZY = {
    "AutoFinishAvailable": "events",
    "AutoFinishStep": "commands",
    "Clock": "clock",
    "ClockChanged": "events",
    "Command": "commands",
    "CommandBus": "bus",
    "DealStarted": "events",
    "Event": "events",
    "Game": "game",
    "GameWon": "events",
    "LoadPosition": "commands",
    "MoveApplied": "events",
    "MoveCards": "commands",
    "CountHint": "commands",
    "ContinueGame": "commands",
    "SolutionMove": "commands",
    "MoveRefused": "events",
    "NewDeal": "commands",
    "NoMovesLeft": "events",
    "PauseClock": "commands",
    "Redo": "commands",
    "RedoTo": "commands",
    "Redone": "events",
    "ReplayDeal": "commands",
    "ResumeClock": "commands",
    "SendHome": "commands",
    "SetAutoPlay": "commands",
    "Step": "game",
    "Undo": "commands",
    "UndoTo": "commands",
    "Undone": "events",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BAKERS_GAME",
    "BUILTIN_VARIANTS",
    "DECK",
    "EIGHT_OFF",
    "FORECELL",
    "FREECELL",
    "MAX_DEAL",
    "MIN_DEAL",
    "ONE_CELL",
    "SEAHAVEN_TOWERS",
    "TAKE_BACKS_NAME",
    "TAKE_BACKS_NOTE",
    "THREE_CELL",
    "TWO_CELL",
    "AutoFinishAvailable",
    "AutoFinishStep",
    "BoardFormatError",
    "BuildRule",
    "Card",
    "Clock",
    "ClockChanged",
    "Command",
    "CommandBus",
    "ContinueGame",
    "CountHint",
    "DealStarted",
    "EmptyColumnRule",
    "Event",
    "Game",
    "GameWon",
    "InvalidDealNumber",
    "InvalidMoveNotation",
    "InvalidPosition",
    "LoadPosition",
    "Move",
    "MoveApplied",
    "MoveCards",
    "MoveRefused",
    "NewDeal",
    "NoMovesLeft",
    "PauseClock",
    "Pile",
    "PileKind",
    "Position",
    "Reason",
    "Redo",
    "RedoTo",
    "Redone",
    "Refusal",
    "ReplayDeal",
    "ResumeClock",
    "SendHome",
    "SetAutoPlay",
    "SolutionMove",
    "Step",
    "Suit",
    "Undo",
    "UndoTo",
    "Undone",
    "Variant",
    "apply_move",
    "builtin_variant",
    "can_auto_finish",
    "can_build",
    "card",
    "check_move",
    "deal",
    "format_board",
    "has_legal_move",
    "home_move",
    "is_safe_home",
    "legal_moves",
    "make_card",
    "microsoft_shuffle",
    "movable_limit",
    "parse_board",
    "parse_card",
    "parse_deal_number",
    "parse_move",
    "parse_moves",
    "random_deal_number",
    "resolve_take_backs",
    "run_length",
    "safe_home_moves",
    "single_card_steps",
    "split_take_backs",
    "take_backs_id",
    "with_take_backs",
]
