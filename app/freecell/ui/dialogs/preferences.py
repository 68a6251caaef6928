"""The Preferences dialog: variant, scoring, looks and behaviour -- applied at once.

There is no OK button to forget: every change emits ``settingsChanged(Settings)``
with the whole new value the moment it is made, and the window's session applies
and saves it (``Session.change_settings``).  The dialog never decides what is available:
the lists of variants, scoring schemes, card themes and table surfaces come in as
``(id, display name)`` pairs, so whatever the plugin system offers is what the player
sees.  A saved choice that is not offered any more (its plugin was switched off) is
shown as "(not available)" instead of being silently replaced.

Keyboard: every control has a mnemonic (Alt+letter) and a label buddy, Tab walks
them in reading order, Escape closes; every control has an accessible name and
description for screen readers.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QImage, QKeySequence, QPixmap, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from freecell.engine import split_take_backs, take_backs_id
from freecell.i18n import FOLLOW_SYSTEM, N_, SHIPPED, _
from freecell.i18n.mnemonics import without_mnemonic
from freecell.storage import CARD_SIZES, Settings
from freecell.texts.cards import card_name
from freecell.ui.dialogs.appearance_choice import AppearanceChoice
from freecell.ui.shell.auto_play_choice import AUTO_PLAY_CHOICES, AUTO_PLAY_TIP
from freecell.ui.shell.door import Doorway, door_of
from freecell.ui.table.deck_preview import PREVIEW_CARDS, deck_preview

log = logging.getLogger(__name__)

Choice = tuple[str, str]
"""(id, display name)."""

BackendChoice = tuple[str, str, bool]
"""(id, display name, whether it can run here): one is listed but cannot be picked
when it cannot run (Freecell Solver without ``fc-solve`` installed)."""

# Reduce motion: follow the desktop (None), or the player's own choice
MOTION_CHOICES: tuple[tuple[bool | None, str], ...] = (
    (None, N_("Follow the desktop")),
    (True, N_("On: cards jump, no celebration")),
    (False, N_("Off: cards slide")),
)
MOTION_IDS = {None: "desktop", True: "on", False: "off"}

CARD_SIZE_CHOICES: tuple[Choice, ...] = tuple(
    zip(
        CARD_SIZES,
        (N_("Small"), N_("Medium"), N_("Large"), N_("Extra large"), N_("Fit to window")),
        strict=True,
    )
)

_COMBOS: tuple[tuple[str, str, str], ...] = (
    # (Settings field, label with mnemonic, what it does -- for screen readers)
    ("variant", N_("&Variant:"), N_("The game played on the next deal")),
    ("scoring", N_("&Scoring:"), N_("How games are scored")),
    ("language", N_("Lan&guage:"), N_("The language of the game, from its next start")),
    (
        "solver_backend",
        N_("Solver &backend:"),
        N_("Which solver answers hints, the winnability check, ratings and the solution"),
    ),
    ("theme", N_("Card &theme:"), N_("How the cards look")),
    ("surface", N_("Table s&urface:"), N_("The table under the cards")),
    ("card_size", N_("Card si&ze:"), N_("How large the cards are drawn")),
)

_CHECKS: tuple[tuple[str, str, str], ...] = (
    (
        "large_print",
        N_("&Large print on the cards"),
        N_("Bigger rank and suit marks on every card"),
    ),
    (
        "confirm_abandon",
        N_("&Ask before abandoning a game in progress"),
        N_(
            "A new deal, another variant or an opened game counts the game you leave "
            "as lost: ask first"
        ),
    ),
    (
        "live_winnability",
        N_("Show whether the deal is still &winnable"),
        N_("The solver checks in the background after each move"),
    ),
    (
        "sound",
        N_("Play s&ounds"),
        N_(
            "Short sounds when a card is picked up or dropped, a move is refused, "
            "a deal starts and a game is won"
        ),
    ),
)


class PreferencesDialog(QDialog):
    """Edits a :class:`Settings`; ``settingsChanged`` fires on every change."""

    settingsChanged = Signal(object)  # Settings

    def __init__(
        self,
        settings: Settings,
        *,
        variants: Sequence[Choice],
        scoring_schemes: Sequence[Choice] = (("none", N_("No scoring")),),
        themes: Sequence[Choice],
        surfaces: Sequence[Choice],
        card_sizes: Sequence[Choice] = CARD_SIZE_CHOICES,
        backends: Sequence[BackendChoice] = (("builtin", "Built-in solver", True),),
        preview: Callable[[str], QImage | None] | None = None,
        languages: Sequence[Choice] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        self.setAccessibleName(_("Preferences"))
        self._settings = settings
        self._updating = False
        self.combos: dict[str, QComboBox] = {}
        self.checks: dict[str, QCheckBox] = {}
        choices = {
            "variant": variants,
            "scoring": scoring_schemes,
            "theme": themes,
            "surface": surfaces,
            "card_size": card_sizes,
            "language": language_choices() if languages is None else languages,
            "solver_backend": [(b_id, b_name) for b_id, b_name, _ok in backends],
        }
        unavailable = {b_id for b_id, _name, ok in backends if not ok}

        # a few cards of the theme chosen (``preview`` paints them for a theme id)
        self._preview = preview
        self.preview = QLabel()
        self.preview.setObjectName("themePreview")
        self.preview.setAccessibleName(_("Card theme preview"))
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)

        game_box = QGroupBox(_("Game"))
        game_form = QFormLayout(game_box)
        look_box = QGroupBox(_("Looks"))
        look_form = QFormLayout(look_box)
        for name, label_text, description in _COMBOS:
            combo = QComboBox()
            combo.setObjectName(name)
            label_text, description = _(label_text), _(description)
            plain = without_mnemonic(label_text).rstrip(" :\u00a0\uff1a")  # (fr "Langue :")
            combo.setAccessibleName(plain)
            combo.setAccessibleDescription(description)
            combo.setToolTip(description)
            for choice_id, display in choices[name]:
                # names from the catalogue (built-ins, N_; a plugin's own name is not in
                # it and stays as given); a language keeps its own name
                own = name == "language"
                combo.addItem(display if own else _(display), choice_id)
                if name == "solver_backend" and choice_id in unavailable:
                    _disable_item(combo, combo.count() - 1, _("It cannot run on this computer"))
            label = QLabel(label_text)
            label.setBuddy(combo)
            in_game = name in ("variant", "scoring", "language", "solver_backend")
            form = game_form if in_game else look_form
            form.addRow(label, combo)
            combo.currentIndexChanged.connect(lambda _i, n=name: self._combo_changed(n))
            self.combos[name] = combo
            if name == "theme":
                look_form.addRow(self.preview)
            if name == "card_size":  # the scheme first: it is the look's broadest choice
                self.appearance = AppearanceChoice(lambda a: self._change(appearance=a))
                appearance_label = QLabel(_("Appearance:"))
                appearance_label.setBuddy(self.appearance.buttons["system"])
                look_form.insertRow(0, appearance_label, self.appearance)

        # a rule option of the variant: it lives in the variant's id (its own records)
        self.take_backs = QCheckBox(_("Cards may come bac&k off the foundations"))
        self.take_backs.setObjectName("take_backs")
        self.take_backs.setAccessibleName(without_mnemonic(self.take_backs.text()))
        tip = _(
            "The top card of a foundation may go back into play (15 points off in "
            "standard scoring); games with this rule keep their own statistics"
        )
        self.take_backs.setAccessibleDescription(tip)
        self.take_backs.setToolTip(tip)
        self.take_backs.toggled.connect(self._take_backs_toggled)
        game_form.addRow(self.take_backs)

        behaviour_box = QGroupBox(_("Behaviour"))
        behaviour = QVBoxLayout(behaviour_box)
        motion = self.combos["reduce_motion"] = QComboBox()
        motion.setObjectName("reduce_motion")
        motion_tip = _(
            "Cards jump instead of sliding, and a win is not celebrated; the desktop's "
            "animation setting decides until you choose"
        )
        motion.setAccessibleName(_("Reduce motion"))
        motion.setAccessibleDescription(motion_tip)
        motion.setToolTip(motion_tip)
        for value, text in MOTION_CHOICES:
            motion.addItem(_(text), MOTION_IDS[value])
        motion.currentIndexChanged.connect(self._motion_changed)
        motion_form = QFormLayout()
        motion_label = QLabel(_("&Reduce motion:"))
        motion_label.setBuddy(motion)
        motion_form.addRow(motion_label, motion)
        auto_play = self.combos["auto_play"] = QComboBox()
        auto_play.setObjectName("auto_play")
        auto_play.setAccessibleName(_("Auto-play"))
        auto_play.setAccessibleDescription(_(AUTO_PLAY_TIP))
        auto_play.setToolTip(_(AUTO_PLAY_TIP))
        for mode, _menu_words, words in AUTO_PLAY_CHOICES:
            auto_play.addItem(_(words), mode)
        auto_play.currentIndexChanged.connect(lambda _i: self._combo_changed("auto_play"))
        auto_play_label = QLabel(_("Auto-&play:"))
        auto_play_label.setBuddy(auto_play)
        motion_form.addRow(auto_play_label, auto_play)
        behaviour.addLayout(motion_form)
        for name, text, description in _CHECKS:
            text, description = _(text), _(description)
            check = QCheckBox(text)
            check.setObjectName(name)
            check.setAccessibleName(without_mnemonic(text))
            check.setAccessibleDescription(description)
            check.setToolTip(description)
            check.toggled.connect(lambda on, n=name: self._check_toggled(n, on))
            if name == "large_print":
                look_form.addRow(check)
            else:
                behaviour.addWidget(check)
            self.checks[name] = check

        note = QLabel(_("Changes apply at once; a new language when FreeCell next starts."))
        note.setAccessibleName(note.text())
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setAccessibleName(_("Close"))

        # Looks beside Game and Behaviour: one column was taller than a 768-pixel
        # screen in Korean and Chinese (docs/translating.md, Looking at a language).
        # Tab still goes Game, Looks, Behaviour: the order they are made in.
        layout = QGridLayout(self)
        layout.addWidget(game_box, 0, 0)
        layout.addWidget(behaviour_box, 1, 0)
        layout.addWidget(look_box, 0, 1, 2, 1)
        layout.setRowStretch(2, 1)
        layout.addWidget(note, 3, 0, 1, 2)
        layout.addWidget(buttons, 4, 0, 1, 2)
        self.set_settings(settings)

    # -- the value -------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The settings as the dialog shows them now."""
        return self._settings

    def set_settings(self, settings: Settings) -> None:
        """Show ``settings`` (e.g. changed from a menu) without emitting anything."""
        self._updating = True
        try:
            self._settings = settings
            base, take_backs = split_take_backs(settings.variant)
            for name, combo in self.combos.items():
                if name == "reduce_motion":
                    combo.setCurrentIndex(combo.findData(MOTION_IDS[settings.reduce_motion]))
                    continue
                _select(combo, base if name == "variant" else getattr(settings, name))
            self.take_backs.setChecked(take_backs)
            self.appearance.show_appearance(settings.appearance)
            for name, check in self.checks.items():
                check.setChecked(bool(getattr(settings, name)))
        finally:
            self._updating = False
        self._show_preview()

    def _show_preview(self) -> None:
        image = self._preview(self._settings.theme) if self._preview is not None else None
        self.preview.setVisible(image is not None)
        if image is not None:
            self.preview.setPixmap(QPixmap.fromImage(image))
            # what a sighted player sees in it: the theme and its cards
            cards = ", ".join(card_name(c) for c in PREVIEW_CARDS if c is not None)
            self.preview.setAccessibleName(
                # Translators: {theme} is the theme's name, {cards} a list of card names
                _("Card theme preview, {theme}: {cards} and a card's back").format(
                    theme=self.combos["theme"].currentText(), cards=cards
                )
            )

    # -- changes ---------------------------------------------------------------------
    def _combo_changed(self, name: str) -> None:
        value = self.combos[name].currentData()
        if isinstance(value, str):
            if name == "variant":
                value = take_backs_id(value, self.take_backs.isChecked())
            self._change(**{name: value})

    def _motion_changed(self) -> None:
        chosen = self.combos["reduce_motion"].currentData()
        self._change(reduce_motion={v: k for k, v in MOTION_IDS.items()}.get(chosen))

    def _take_backs_toggled(self, on: bool) -> None:
        self._change(variant=take_backs_id(self._settings.variant, on))

    def _check_toggled(self, name: str, on: bool) -> None:
        self._change(**{name: on})

    def _change(self, **changes: Any) -> None:
        if self._updating:
            return
        new = dataclasses.replace(self._settings, **changes)
        if new == self._settings:
            return
        self._settings = new
        if "theme" in changes:
            self._show_preview()
        self.settingsChanged.emit(new)


def language_choices() -> list[Choice]:
    """Follow the system, then every shipped language under its own name."""
    return [(FOLLOW_SYSTEM, _("System language")), *sorted(SHIPPED.items(), key=lambda c: c[1])]


def _disable_item(combo: QComboBox, index: int, why: str) -> None:
    """List an entry that cannot be chosen, saying why in its tooltip."""
    model = combo.model()
    if isinstance(model, QStandardItemModel):
        item = model.item(index)
        if item is not None:
            item.setEnabled(False)
            item.setToolTip(why)


def _select(combo: QComboBox, value: str) -> None:
    """Select the item whose id is ``value``; show an unavailable id rather than lose it."""
    index = combo.findData(value)
    if index < 0:
        combo.addItem(_("{id} (not available)").format(id=value), value)
        index = combo.count() - 1
    combo.setCurrentIndex(index)


# -- wiring into the main window ----------------------------------------------------------

# What the dialog shows but the session does not take from it: the window's place
# is saved on exit, and the plugin manager keeps the enabled map.
_NOT_FROM_THE_DIALOG = frozenset({"window_geometry", "window_state", "enabled_plugins", "extra"})


def install_preferences(window: Doorway) -> QAction:
    """Add "Preferences…" (Ctrl+,) to the window's Game menu; returns the action.

    Each change goes to the window's session (``change_settings``, which saves it
    and tells the window, the features and the menus; a new variant starts a new
    deal of it at once, as the Game > Variant menu does).
    """
    door = door_of(window)
    host, session = door.host, door.session
    action = QAction(_("&Preferences…"), host)
    action.setShortcut(QKeySequence("Ctrl+,"))
    action.setMenuRole(QAction.MenuRole.PreferencesRole)

    def current() -> Settings:
        return dataclasses.replace(session.settings, variant=session.game.variant.id)

    def changed(dialog: PreferencesDialog, new: Settings) -> None:
        fields = {
            f.name: getattr(new, f.name)
            for f in dataclasses.fields(Settings)
            if f.name not in _NOT_FROM_THE_DIALOG and f.name != "variant"
        }
        session.change_settings(**fields)
        if new.variant != session.game.variant.id:
            # asked first when a game would be lost; kept playing: the dialog shows it
            door.play_variant(
                session.catalog.variant(new.variant), keep=lambda: dialog.set_settings(current())
            )

    def open_dialog() -> None:
        catalog = session.catalog
        dialog = PreferencesDialog(
            current(),
            variants=[(v.id, v.name) for v in catalog.variants],
            scoring_schemes=session.scoring_choices(),
            themes=[(t.id, t.name) for t in catalog.themes],
            surfaces=[(s.id, s.name) for s in catalog.surfaces],
            backends=session.backend_choices(),
            preview=lambda theme_id: deck_preview(
                catalog.theme(theme_id), 64, host.devicePixelRatioF(), session.settings.large_print
            ),
            parent=host,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.settingsChanged.connect(lambda new: changed(dialog, new))
        door.open_dialog("preferences", dialog)

    action.triggered.connect(open_dialog)
    door.add_action(action)
    return action
