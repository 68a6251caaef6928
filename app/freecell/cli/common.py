"""What every ``freecell-cli`` subcommand shares: exit codes, :class:`CliError`, and
reading a deal number, a board or a file named on the command line."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from freecell.engine import (
    BUILTIN_VARIANTS,
    MAX_DEAL,
    BoardFormatError,
    InvalidDealNumber,
    Position,
    Variant,
    deal,
    parse_board,
    parse_deal_number,
)
from freecell.engine.errors import TextError
from freecell.i18n import N_, _
from freecell.i18n.commandline import Words
from freecell.i18n.formatting import format_number
from freecell.storage.safe_read import FileTooLarge, SpecialFile, read_bounded

if TYPE_CHECKING:
    from collections.abc import Iterable

    from freecell.plugin_host.manager import PluginManager
    from freecell.storage.notices import StorageNotice

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """Bad input: reported as one line, exit code 2."""


def resolve_variant(variant_id: str, manager: PluginManager | None = None) -> Variant:
    """Any variant an enabled plugin offers (the built-ins, Custom ids, third-party)."""
    if manager is None:
        quick = _builtin_variant(variant_id)
        if quick is not None:
            return quick
    return plugin_variant(variant_id, manager)


def warn(message: str) -> None:
    """One ``freecell-cli: warning:`` line on stderr."""
    print(_("freecell-cli: warning: {message}").format(message=message), file=sys.stderr)


def warn_stored(notices: Iterable[StorageNotice]) -> None:
    """A stored file's notices (a damaged settings file moved aside...), a line each."""
    from freecell.core.notice_words import notice_text

    for notice in notices:
        warn(notice_text(notice))


def cli_manager(*, tell_plugins: bool = True) -> PluginManager:
    """A manager on the player's settings; the settings file's notices (one found
    damaged is moved aside) go to stderr as warnings, and so do the plugins' unless
    ``tell_plugins`` is False (the caller takes them)."""
    from freecell import cli
    from freecell.cli import details
    from freecell.plugin_host.manager import create_manager
    from freecell.plugin_host.reason_words import notice_text
    from freecell.plugin_host.store import settings_store
    from freecell.storage import SettingsStore

    details.install(cli.verbose_requested)
    settings = SettingsStore()
    manager = create_manager(store=settings_store(settings))
    warn_stored(settings.notices)
    settings.notices.clear()
    for notice in manager.take_notices() if tell_plugins else ():
        warn(notice_text(notice))
    return manager


def plugin_variant(variant_id: str, manager: PluginManager | None = None) -> Variant:
    """The enabled variant with this id (listed or resolved); CliError otherwise."""
    manager = manager or cli_manager()
    try:
        return manager.variant(variant_id)
    except KeyError:
        known = ", ".join(v.id for v in manager.variants())
        raise CliError(
            _("unknown variant {id!r} (known: {known}); `freecell-cli plugins` lists them").format(
                id=variant_id, known=known
            )
        ) from None


def _builtin_variant(variant_id: str) -> Variant | None:
    """What the plugin manager would answer for a built-in or Custom id while the
    player's settings leave only the built-in plugins on -- without discovering,
    importing or running any plugin (most of a command's time).  None when another
    plugin is on or the id is not one of these: the manager decides then."""
    from freecell.plugin_host.builtins import only_builtins_on
    from freecell.plugin_host.custom import parse_custom_variant_id
    from freecell.storage.peek import enabled_plugins

    enabled = enabled_plugins()
    if enabled is None or not only_builtins_on(enabled):
        return None
    for variant in BUILTIN_VARIANTS:
        if variant.id == variant_id:
            return variant
    return parse_custom_variant_id(variant_id)


# What a file named on the command line may hold: a board is a few hundred bytes
# (comments included, a few KB), a move list a few KB; /dev/zero is not read whole.
MAX_BOARD_BYTES = 64 * 1024
MAX_MOVES_BYTES = 1024 * 1024


_TOO_LARGE = {  # what -> the sentence (whole, so each language can build it)
    "file": N_("{path}: too large for a file (more than {size} KB)"),
    "board": N_("{path}: too large for a board (more than {size} KB)"),
    "move list": N_("{path}: too large for a move list (more than {size} KB)"),
}


def read_text(path: str, limit: int, what: str = "file") -> str:
    """Read a file named on the command line (``-`` is standard input): UTF-8, a
    byte-order mark allowed, no more than ``limit`` bytes (CliError beyond).  Only a
    regular file is read: a FIFO, a device or a folder is refused at once."""
    try:
        raw = sys.stdin.buffer.read(limit + 1) if path == "-" else read_bounded(path, limit)
    except SpecialFile:
        problem = _(_NOT_A_FILE)
        raise CliError(
            _("cannot read {path}: {problem}").format(path=path, problem=problem)
        ) from None
    except FileTooLarge:
        raw = b""
        too_large = True
    except OSError as error:
        raise CliError(
            _("cannot read {path}: {problem}").format(path=path, problem=error.strerror or error)
        ) from None
    else:
        too_large = len(raw) > limit
    if too_large:
        sentence = _TOO_LARGE.get(what, _TOO_LARGE["file"])
        raise CliError(_(sentence).format(path=path, size=format_number(limit // 1024)))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(_("cannot read {path}: it is not UTF-8 text").format(path=path)) from None


# the same words as a stored file's (core/notice_words.py)
_NOT_A_FILE = N_("it is not an ordinary file but a folder, a device or a pipe")


def in_file(path: str, error: TextError) -> str:
    """``moves.txt: line 3: "9x" is not a move``, in the player's language."""
    from freecell.texts.errors import describe

    # Translators: {path} is a file named on the command line, {problem} what is wrong
    return _("{path}: {problem}").format(path=path, problem=describe(error))


def deal_number(text: str) -> int:
    try:
        return parse_deal_number(text)
    except InvalidDealNumber as error:
        from freecell.texts.errors import describe

        raise CliError(describe(error)) from None


def starting_position(args: argparse.Namespace, variant: Variant) -> tuple[Position, int | None]:
    """The position named by ``N`` or ``--board FILE``."""
    if getattr(args, "board", None):
        try:
            return parse_board(read_text(args.board, MAX_BOARD_BYTES, "board"), variant), None
        except BoardFormatError as error:
            raise CliError(in_file(args.board, error)) from None
    if args.deal is None:
        raise CliError(_("give a deal number or --board FILE"))
    number = deal_number(args.deal)
    return deal(number, variant), number


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    """``N | --board FILE`` and ``--variant ID``, shared by replay, solve and friends."""
    parser.add_argument("deal", nargs="?", help=deal_help())
    parser.add_argument("--board", metavar="FILE", help=N_("a board in Freecell Solver's format"))
    parser.add_argument("--variant", default="freecell", metavar="ID", help=variant_help())


def deal_help() -> str:
    return Words(N_("Microsoft deal number (1 to {last})"), last=lambda: format_number(MAX_DEAL))


def variant_help() -> str:
    # static on purpose: building the parser must not load plugins
    ids = ", ".join(v.id for v in BUILTIN_VARIANTS)
    return Words(
        N_(
            "variant id ({ids}, custom-<N>cells-<N>columns-<build>-<empty>, or any enabled "
            "plugin's; `freecell-cli plugins` lists them)"
        ),
        ids=ids,
    )
