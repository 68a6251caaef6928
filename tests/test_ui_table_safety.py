"""Issue 35 items 4-6: a tool bar a desktop user trusts (icons, tooltips with keys,
enabled exactly when a button can act), no game lost by accident (the abandon
question), and the defaults of a polished game (safe auto-play on, its three
choices, Game > Choose deal...).  Widgets are found by object name, never by
their words."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QCheckBox, QMessageBox, QPushButton, QToolButton

from freecell.core import Session
from freecell.engine import (
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    AutoPlay,
    Game,
    Move,
    MoveCards,
    Pile,
    apply_move,
    auto_play_moves,
    deal,
    legal_moves,
)
from freecell.engine.home_moves import exposed_home_moves
from freecell.storage import Settings, Storage
from freecell.storage.settings import settings_from_json
from freecell.ui.dialogs.choose_deal import ChooseDealDialog
from freecell.ui.shell.colour_scheme import DARK, LIGHT
from freecell.ui.shell.toolbar import ICONS, bundled_svg, tool_icon
from ui_helpers import RUNS, board, load, make_window, stuck_board

TOOLS = ("undoTool", "hintTool", "thirdTool", "redoTool", "rulesTool")


def _tool(window, name: str) -> QToolButton:  # type: ignore[no-untyped-def]
    button = window.toolbar.findChild(QToolButton, name)
    assert isinstance(button, QToolButton), name
    return button


# -- item 4: the tool bar ------------------------------------------------------------------


def test_every_tool_has_an_icon_and_a_tooltip_that_names_its_keys(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    keys = {"undoTool": "U", "hintTool": "H", "thirdTool": "N", "redoTool": "Ctrl+Y"}
    keys["rulesTool"] = "F1"
    for name in TOOLS:
        button = _tool(window, name)
        assert not button.icon().isNull(), name
        assert not button.icon().pixmap(QSize(22, 22)).isNull(), name
        tip = button.toolTip()
        assert tip and tip != button.text(), name  # says what it does, not its label
        assert keys[name] in tip, (name, tip)
    assert "Ctrl+Y" in _tool(window, "redoTool").text()  # its key shown like the others'
    assert window.toolbar.toolButtonStyle() != Qt.ToolButtonStyle.ToolButtonTextOnly


def test_the_game_draws_every_icon_a_theme_may_lack() -> None:
    for name in ICONS:
        assert QSvgRenderer(QByteArray(bundled_svg(name))).isValid(), name


def test_without_an_icon_theme_the_game_draws_its_own(qtbot) -> None:  # type: ignore[no-untyped-def]
    theme = QIcon.themeName()
    QIcon.setThemeName("no-such-theme")
    paths = QIcon.fallbackSearchPaths()
    QIcon.setFallbackSearchPaths([])
    try:
        for name in ICONS:
            icon = tool_icon(name, LIGHT)
            image = icon.pixmap(QSize(24, 24)).toImage()
            assert any(image.pixelColor(x, y).alpha() for x in range(24) for y in range(24)), (
                name
            )  # something is drawn
    finally:
        QIcon.setThemeName(theme)
        QIcon.setFallbackSearchPaths(paths)


def _drawn_colour(icon: QIcon) -> QColor:
    """The colour of the most opaque pixel of ``icon`` at 24 px."""
    image = icon.pixmap(QSize(24, 24)).toImage()
    pixels = (image.pixelColor(x, y) for x in range(24) for y in range(24))
    return max(pixels, key=lambda c: c.alpha())


def test_the_games_own_icons_take_the_bars_colour_in_either_scheme(qtbot) -> None:  # type: ignore[no-untyped-def]
    theme = QIcon.themeName()
    QIcon.setThemeName("no-such-theme")
    paths = QIcon.fallbackSearchPaths()
    QIcon.setFallbackSearchPaths([])
    try:
        window = make_window(qtbot)
        window.apply_colour_scheme(LIGHT)
        undo = window.undo_action
        assert _drawn_colour(undo.icon()).lightness() < 100  # dark on the light bar
        window.apply_colour_scheme(DARK)
        assert _drawn_colour(undo.icon()).lightness() > 200  # light on the dark bar
        assert _drawn_colour(window.auto_finish.button.icon()).lightness() > 200
        window.apply_colour_scheme(LIGHT)
        assert _drawn_colour(window.auto_finish.button.icon()).lightness() < 100
    finally:
        QIcon.setThemeName(theme)
        QIcon.setFallbackSearchPaths(paths)


def test_undo_redo_hint_and_auto_finish_are_enabled_exactly_when_they_can_act(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    undo, redo, hint = (_tool(window, n) for n in ("undoTool", "redoTool", "hintTool"))

    def shown() -> tuple[bool, bool, bool, bool]:
        # the tool bar and the Edit menu are one action each: they cannot disagree
        assert undo.isEnabled() == window.undo_action.isEnabled()
        assert redo.isEnabled() == window.redo_action.isEnabled()
        return (
            undo.isEnabled(),
            redo.isEnabled(),
            hint.isEnabled(),
            window.auto_finish_action.isEnabled(),
        )

    assert shown() == (False, False, True, False)  # a deal's start
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.hint_bar.kind != "refused"  # no "Nothing to redo" banner
    window.dispatch(MoveCards(Move.parse("5a")))
    assert shown() == (True, False, True, False)
    window.undo()
    assert shown() == (False, True, True, False)
    window.redo()
    assert shown() == (True, False, True, False)
    load(window, RUNS)  # a new game: nothing to undo; every card can go home
    assert shown() == (False, False, True, True)
    load(window, stuck_board())  # no legal move: nothing a hint could say
    assert shown() == (False, False, False, False)
    won = board([], home="C-K D-K H-Q S-K", cells=["KH"])
    load(window, won)
    window.dispatch(MoveCards(Move(Pile.cell(0), Pile.foundation(), 1)))
    assert window.bus.game.is_won
    assert shown() == (True, False, False, False)


# -- item 5: never lose a game by accident ----------------------------------------------


def _eight_off_with_an_ace_to_send_home() -> tuple[int, Move]:
    for number in range(1, 200):
        for move in exposed_home_moves(deal(number, EIGHT_OFF)):
            return number, move
    raise AssertionError("no Eight Off deal shows an ace")


def _question(window) -> QMessageBox:  # type: ignore[no-untyped-def]
    box = window.abandon.box
    assert isinstance(box, QMessageBox) and box.objectName() == "abandonQuestion"
    assert box.isVisible()
    return box


def test_switching_variant_after_a_move_asks_first(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The issue's example: Eight Off, an ace sent home, Seahaven Towers chosen."""
    storage = Storage()
    number, ace = _eight_off_with_an_ace_to_send_home()
    window = make_window(qtbot, storage=storage, deal=number)
    window.session.play_variant(EIGHT_OFF, number)
    window.dispatch(MoveCards(ace))
    eight_off = window.bus.game
    window.play_variant(SEAHAVEN_TOWERS)
    box = _question(window)
    storage.flush()
    assert storage.statistics.for_variant("eight-off").lost == 0  # nothing counted yet
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # keep playing
    assert window.bus.game is eight_off and window.abandon.box is None
    window.play_variant(SEAHAVEN_TOWERS)
    _question(window).findChild(QPushButton, "abandonButton").click()
    assert window.bus.game.variant == SEAHAVEN_TOWERS
    storage.flush()
    assert storage.statistics.for_variant("eight-off").lost == 1


def test_a_game_with_no_move_made_is_replaced_unasked_and_not_counted(qtbot) -> None:  # type: ignore[no-untyped-def]
    storage = Storage()
    window = make_window(qtbot, storage=storage, deal=617)
    for replace in (window.new_deal, window.replay_deal, lambda: window.play_deal(11982)):
        before = window.bus.game
        replace()
        assert window.abandon.box is None and window.bus.game is not before
    window.play_variant(EIGHT_OFF)
    assert window.abandon.box is None and window.bus.game.variant == EIGHT_OFF
    storage.flush()
    played = storage.statistics.load()
    assert all(v.played == 0 for v in played.variants.values())


def test_every_way_of_replacing_a_game_asks_and_keep_playing_keeps_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.engine.gamefile import format_game, record_of
    from freecell.ui.features.sharing import install_sharing

    window = make_window(qtbot, deal=617)
    sharing = install_sharing(window)
    board_text = sharing.copy_position()
    window.dispatch(MoveCards(Move.parse("83")))
    game = window.bus.game
    game_text = format_game(record_of(game))
    ways = {
        "new deal": window.new_action.trigger,
        "replay": window.replay_action.trigger,
        "deal box": lambda: window.play_deal(5),
        "variant": lambda: window.play_variant(EIGHT_OFF),
        "paste a board": lambda: sharing.open_text(board_text, None),
        "paste a deal number": lambda: sharing.open_text("#11982", None),
        "open a game": lambda: sharing.open_text(game_text, "game.txt"),
    }
    for way, replace in ways.items():
        replace()
        box = _question(window)
        assert box.findChild(QPushButton, "keepPlayingButton") is box.defaultButton(), way
        box.findChild(QPushButton, "keepPlayingButton").click()
        assert window.bus.game is game, way
    window.new_deal()
    _question(window).findChild(QPushButton, "abandonButton").click()
    assert window.bus.game is not game


def test_dont_ask_again_is_a_setting_preferences_turns_back_on(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.ui.dialogs.preferences import install_preferences

    storage = Storage()
    window = make_window(qtbot, storage=storage)
    window.dispatch(MoveCards(Move.parse("5a")))
    window.new_deal()
    box = _question(window)
    box.findChild(QCheckBox, "dontAskAgain").setChecked(True)
    box.findChild(QPushButton, "abandonButton").click()
    assert not window.settings.confirm_abandon and not storage.settings.load().confirm_abandon
    window.dispatch(MoveCards(Move.parse("5a")))
    first = window.bus.game
    window.new_deal()  # not asked any more
    assert window.abandon.box is None and window.bus.game is not first
    install_preferences(window).trigger()
    window.preferences_dialog.checks["confirm_abandon"].setChecked(True)
    assert storage.settings.load().confirm_abandon
    window.dispatch(MoveCards(Move.parse("5a")))
    window.new_deal()
    assert window.abandon.box is not None


# -- item 6: defaults ------------------------------------------------------------------


def test_safe_auto_play_is_on_by_default_and_an_old_file_keeps_its_choice() -> None:
    assert Settings().auto_play == "safe"
    assert Session(Settings(), deal_number=1).game.auto_play is AutoPlay.SAFE
    assert settings_from_json({"safe_autoplay": False}).auto_play == "off"
    assert settings_from_json({"safe_autoplay": True}).auto_play == "safe"
    assert settings_from_json({}).auto_play == "safe"
    assert settings_from_json({"auto_play": "all", "safe_autoplay": True}).auto_play == "all"


def test_every_card_that_can_go_home_goes_in_the_same_undo_step() -> None:
    """ "Every card" sends a card home that safe auto-play keeps back (a two whose
    other-colour aces are still out), in the step of the player's move."""
    found = None
    for number in range(1, 400):
        start = deal(number, FREECELL)
        for move in legal_moves(start, FREECELL):
            after = apply_move(start, move)
            every = auto_play_moves(after, FREECELL, AutoPlay.ALL)
            if len(every) > len(auto_play_moves(after, FREECELL, AutoPlay.SAFE)):
                found = number, move, len(every)
                break
        if found:
            break
    assert found is not None
    number, move, sent = found
    homes = {}
    for mode in AutoPlay:
        game = Game(FREECELL, number, auto_play=mode)
        game.play(move)
        assert game.move_count == 1  # one step, one undo
        homes[mode] = game.position.cards_home
    assert homes[AutoPlay.OFF] <= homes[AutoPlay.SAFE] < homes[AutoPlay.ALL]
    assert homes[AutoPlay.ALL] - homes[AutoPlay.OFF] == sent


def test_the_game_menu_and_preferences_choose_auto_play(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.ui.dialogs.preferences import install_preferences

    window = make_window(qtbot, auto_play="safe")
    menu = window.menus["game"].findChild(type(window.menus["game"]), "autoPlayMenu")
    assert menu is not None and {a.objectName() for a in menu.actions()} == {
        "autoPlay-off",
        "autoPlay-safe",
        "autoPlay-all",
    }
    assert window.auto_play_actions["safe"].isChecked()
    window.auto_play_actions["all"].trigger()
    assert window.bus.game.auto_play is AutoPlay.ALL and window.settings.auto_play == "all"
    install_preferences(window).trigger()
    combo = window.preferences_dialog.combos["auto_play"]
    assert combo.currentData() == "all"
    combo.setCurrentIndex(combo.findData("off"))
    assert window.auto_play_actions["off"].isChecked() and not window.bus.game.auto_play


def test_choose_deal_opens_a_dialog_that_checks_the_number(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=617)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    dialog = window.choose_deal_dialog
    assert isinstance(dialog, ChooseDealDialog) and dialog.isVisible()
    assert dialog.number_box.text() == "617" and dialog.focusWidget() is dialog.number_box
    for text, playable in (
        ("0", False),
        ("8589934592", False),
        ("banana", False),
        ("", False),
        ("1", True),
        ("8589934591", True),
    ):
        dialog.number_box.setText(text)
        assert dialog.play_button.isEnabled() is playable, text
        assert dialog.problem.isVisibleTo(dialog) is not playable, text
    dialog.number_box.setText("11982")
    qtbot.keyClick(dialog.number_box, Qt.Key.Key_Return)
    assert window.bus.game.deal_number == 11982


def test_choose_deal_random_sets_the_winnable_and_difficulty_filter(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.analysis.insight import DealFilter

    window = make_window(qtbot, deal=617)
    window.choose_deal_action.trigger()
    dialog = window.choose_deal_dialog
    assert isinstance(dialog, ChooseDealDialog)
    dialog.by_random.setChecked(True)
    assert dialog.winnable.isEnabled() and dialog.difficulty_box.isEnabled()
    dialog.winnable.setChecked(True)
    dialog.difficulty_box.setCurrentIndex(dialog.difficulty_box.findData("easy"))
    chosen: list[bool] = []
    window.new_deal_hook = lambda: chosen.append(True) or True  # the deal filter's place
    dialog.play_button.click()
    chooser = window.session.analysis.chooser
    assert chooser.winnable_only and chooser.wanted is DealFilter.EASY and chosen
