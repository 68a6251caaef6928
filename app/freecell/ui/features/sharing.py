"""Sharing a game from the window: copy the position (Freecell Solver's board text)
or the moves so far (standard notation), paste a deal number, a board or a game to
play it, and save a game to a file and open it again (:mod:`freecell.engine.gamefile`:
plain text that ``freecell-cli replay FILE`` plays too).  ``freecell FILE`` and a
file dropped on the window open the same way.

Whatever is pasted or opened is read completely before anything changes: text that
is not a game gets one sentence in the message bar and the table stays as it was.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QDropEvent, QGuiApplication, QKeySequence

from freecell.core.notice_words import not_a_file_text
from freecell.engine import (
    BoardFormatError,
    ContinueGame,
    InvalidDealNumber,
    LoadPosition,
    Origin,
    format_board,
    parse_board,
    parse_deal_number,
)
from freecell.engine.gamefile import (
    GameFileError,
    format_game,
    format_game_line,
    game_from_record,
    looks_like_game_file,
    parse_game,
    record_of,
)
from freecell.i18n import _, ngettext
from freecell.storage.safe_read import FileTooLarge, SpecialFile, read_bounded
from freecell.texts.errors import describe
from freecell.ui.shell.door import Door, Doorway, Menu, MessageKind, door_of

# The game file, the commands and the error words are imported when a game is
# saved or opened: the first frame needs none of them.
if TYPE_CHECKING:
    from freecell.engine import ContinueGame, Game, Variant
    from freecell.engine.gamefile import GameFileError

log = logging.getLogger(__name__)

MAX_GAME_FILE_BYTES = 2 * 1024 * 1024  # a game is a few KB; a stray video is not read


def file_filter() -> str:
    # Translators: the file dialog's filter; keep the patterns in brackets as they are
    return _("FreeCell games (*.txt *.freecell);;All files (*)")


class NotAGame(ValueError):
    """Text or a file that holds no deal number, board or game; the message says why."""


class Sharing(QObject):
    """The sharing actions of one window (see the module's docstring)."""

    def __init__(self, door: Door, resolve: Callable[[str], Variant]) -> None:
        super().__init__(door.host)
        self.door = door
        window = door.host
        self._resolve = resolve
        self.last_folder = str(Path.home())

        def action(text: str, keys: str, slot: Callable[[], object], tip: str) -> QAction:
            a = QAction(text, window)
            a.setShortcut(QKeySequence(keys))
            a.setToolTip(tip)
            a.triggered.connect(lambda _c=False: slot())
            return door.add_action(a, Menu.NONE)

        self.copy_position_action = action(
            _("&Copy position"),
            "Ctrl+C",
            self.copy_position,
            _("The table in Freecell Solver's format"),
        )
        self.copy_moves_action = action(
            _("Copy &moves"),
            "Ctrl+Shift+C",
            self.copy_moves,
            _("The moves so far, in standard notation"),
        )
        self.copy_game_action = action(
            _("Copy &game"),
            "Ctrl+Alt+C",
            self.copy_game,
            _("The variant, the deal or board and the moves, in one line that Paste reads back"),
        )
        self.paste_action = action(
            _("&Paste a deal, board or game"),
            "Ctrl+V",
            self.paste,
            _("Play a deal number, a board or a game copied from elsewhere"),
        )
        self.open_action = action(_("Open g&ame…"), "Ctrl+O", self.ask_open, _("Open a saved game"))
        self.save_action = action(_("Save ga&me…"), "Ctrl+S", self.ask_save, _("Save this game"))
        separator = QAction(window)
        separator.setSeparator(True)
        copies = (self.copy_position_action, self.copy_moves_action, self.copy_game_action)
        for a in (separator, *copies, self.paste_action):
            door.add_action(a, Menu.EDIT)
        for a in (self.open_action, self.save_action):
            door.add_action(a)
        door.accept_drops(self)

    # -- the clipboard ---------------------------------------------------------------
    def copy_position(self) -> str:
        text = format_board(self.door.game.position)
        QGuiApplication.clipboard().setText(text)
        self._say(_("The position is copied (Freecell Solver's board format)."))
        return text

    def copy_moves(self) -> str:
        path = self.door.game.path
        text = " ".join(m.notation for m in path)
        QGuiApplication.clipboard().setText(text + "\n" if text else "")
        self._say(
            ngettext(
                "{n} move copied in standard notation.",
                "{n} moves copied in standard notation.",
                len(path),
            ).format(n=len(path))
            if path
            else _("No move made yet: there is nothing to copy.")
        )
        return text

    def copy_game(self) -> str:
        """The game in one line (:mod:`freecell.engine.oneline`): Paste plays it again."""
        text = format_game_line(record_of(self.door.game))
        QGuiApplication.clipboard().setText(text + "\n")
        self._say(_("The game is copied in one line: paste it to play the same moves again."))
        return text

    def paste(self) -> bool:
        return self.open_text(QGuiApplication.clipboard().text(), None)

    # -- files -------------------------------------------------------------------------
    def ask_open(self) -> bool:
        from PySide6.QtWidgets import QFileDialog  # here: start-up needs no file dialog

        path, _chosen = QFileDialog.getOpenFileName(
            self.door.host, _("Open a FreeCell game"), self.last_folder, file_filter()
        )
        return self.open_file(path) if path else False

    def ask_save(self) -> bool:
        game = self.door.game
        name = f"freecell-deal-{game.deal_number}.txt" if game.deal_number else "freecell-game.txt"
        from PySide6.QtWidgets import QFileDialog

        path, _chosen = QFileDialog.getSaveFileName(
            self.door.host,
            _("Save this game"),
            str(Path(self.last_folder) / name),
            file_filter(),
        )
        return self.save_file(path) if path else False

    def save_file(self, path: str) -> bool:
        """Write the game (atomically: a failed save leaves any old file whole)."""
        text = format_game(record_of(self.door.game))
        target = Path(path)
        try:
            fd, temp = tempfile.mkstemp(prefix=".freecell-", dir=target.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(text)
                os.replace(temp, target)
            except BaseException:
                Path(temp).unlink(missing_ok=True)
                raise
        except OSError as error:
            log.error("could not save the game to %s: %s", path, error)
            self._problem(
                _("The game could not be saved ({reason}).").format(reason=error.strerror or error)
            )
            return False
        self.last_folder = str(target.parent)
        self._say(_("Game saved to {name}.").format(name=target.name))
        return True

    def open_file(self, path: str) -> bool:
        """Open a game file (or a board, or a deal number in a file); one clear
        sentence and nothing changed for anything else."""
        name = Path(path).name
        try:  # a FIFO dropped on the window once blocked it for good (issue 36)
            raw = read_bounded(path, MAX_GAME_FILE_BYTES)
        except FileTooLarge:
            self._problem(
                _("{name} is not a FreeCell game: it is far too large for one.").format(name=name)
            )
            return False
        except OSError as error:
            reason = not_a_file_text() if isinstance(error, SpecialFile) else error.strerror
            self._problem(
                _("{name} could not be read ({reason}).").format(name=name, reason=reason or error)
            )
            return False
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            self._problem(_("{name} is not a FreeCell game: it is not text.").format(name=name))
            return False
        self.last_folder = str(Path(path).resolve().parent)
        return self.open_text(text, name)

    def open_text(self, text: str, source: str | None) -> bool:
        """Play what ``text`` holds: a game, a deal number or a board (``source``: the
        file's name; None for the clipboard)."""
        try:
            self._play(text, pasted=source is None)
        except NotAGame as error:
            if source is None:
                said = _("The clipboard holds no FreeCell game: {reason}.")
            else:
                said = _("{name} holds no FreeCell game: {reason}.")
            self._problem(said.format(name=source, reason=error))
            return False
        return True

    def _play(self, text: str, pasted: bool = False) -> None:
        stripped = text.strip()
        if not stripped:
            raise NotAGame(_("it is empty"))
        if looks_like_game_file(text):
            try:
                origin = Origin.PASTED if pasted else Origin.FILE
                game = game_from_record(parse_game(text, self._resolve), origin)
            except GameFileError as error:
                raise NotAGame(game_file_words(error)) from None
            game.auto_play = self.door.game.auto_play
            self.door.replace_game(lambda: self._continue(game, ContinueGame(game)))
            return
        if len(stripped.split()) == 1:  # one word: a deal number ("617", "#617")
            try:
                number = parse_deal_number(stripped.removeprefix("#"))
            except InvalidDealNumber as error:
                if stripped.removeprefix("#").isdigit():
                    raise NotAGame(describe(error)) from None
            else:
                self.door.play_deal(number)  # (asks first, as the deal box does)
                return
        variant = self.door.game.variant
        try:
            position = parse_board(text, variant)
        except BoardFormatError as error:
            problem = describe(error)
            raise NotAGame(
                _("not a deal number, a board or a game ({problem})").format(problem=problem)
            ) from None
        self.door.replace_game(lambda: self.door.dispatch(LoadPosition(position, variant)))

    def _continue(self, game: Game, command: ContinueGame) -> None:
        """Play on with an opened or pasted game, and say where it is."""
        self.door.dispatch(command)
        n = game.move_count
        if game.deal_number is not None:
            said = ngettext(
                "Deal #{number} is on the table after {n} move.",
                "Deal #{number} is on the table after {n} moves.",
                n,
            )
        else:
            said = ngettext(
                "The board is on the table after {n} move.",
                "The board is on the table after {n} moves.",
                n,
            )
        self._say(said.format(number=game.deal_number, n=n))

    # -- dropping a file on the window -------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(event, QDropEvent):
            if _local_file(event) is not None:
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            path = _local_file(event)
            if path is not None:
                event.acceptProposedAction()
                self.open_file(path)
                return True
        return False

    # -- words -------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.door.say(text, MessageKind.INFO, timeout_ms=5000)

    def _problem(self, text: str) -> None:
        self.door.say(text, MessageKind.PROBLEM, timeout_ms=8000)


def game_file_words(error: GameFileError) -> str:
    """The error in words, with the rule that stopped a move when one did."""
    return describe(error)


def _local_file(event: QDropEvent) -> str | None:
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    urls = [u for u in mime.urls() if u.isLocalFile()]
    return urls[0].toLocalFile() if len(urls) == 1 else None


def install_sharing(window: Doorway, resolve: Callable[[str], Variant] | None = None) -> Sharing:
    """Hang the sharing actions on a built window, through its door (once).  ``resolve``
    turns a game file's variant id into a variant; by default the session's plugins do."""
    door = door_of(window)
    return Sharing(door, resolve or door.session.plugins.variant)
