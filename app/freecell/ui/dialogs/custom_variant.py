"""The Custom variant dialog: choose free cells, columns, the build rule, what may
fill an empty column and whether cards come back off the foundations, and get a
:class:`~freecell.engine.Variant`.

The result is an ordinary variant whose id spells out its parameters
(``custom-3cells-8columns-suit-kings``, see :mod:`freecell.plugin_host.custom`), so it
keeps its own statistics and comes back after a restart.  Every control has a
mnemonic and a label the screen reader reads; Enter plays, Escape cancels.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from freecell.engine import BuildRule, EmptyColumnRule, Variant, with_take_backs
from freecell.i18n import N_, _
from freecell.plugin_host.custom import CELL_RANGE, COLUMN_RANGE, custom_variant
from freecell.texts.variants import sentences, variant_description, variant_name

# Translators: how cards build down in the columns, the Custom variant's choices
BUILD_CHOICES: tuple[tuple[BuildRule, str], ...] = (
    (BuildRule.ALTERNATE_COLOUR, N_("Down in alternating colours (FreeCell)")),
    (BuildRule.SAME_SUIT, N_("Down in suit (Baker's Game)")),
    (BuildRule.ANY_SUIT, N_("Down regardless of suit")),
)
# Translators: what an empty column accepts, the Custom variant's choices
EMPTY_CHOICES: tuple[tuple[EmptyColumnRule, str], ...] = (
    (EmptyColumnRule.ANY_CARD, N_("Any card")),
    (EmptyColumnRule.KINGS_ONLY, N_("Kings only")),
    (EmptyColumnRule.NOTHING, N_("Nothing (empty columns stay empty)")),
)


class CustomVariantDialog(QDialog):
    """Pick the four parameters; :meth:`variant` is the result after ``exec()``.

    ``initial`` (e.g. the variant being played) sets the starting values.
    ``known`` are the named variants; when the choice has the same rules as one of
    them the preview says so (statistics are kept per id, so the player may prefer
    the named one).
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        initial: Variant | None = None,
        known: Sequence[Variant] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Custom variant"))
        self.setObjectName("customVariantDialog")
        self._known = tuple(known)

        self.cells = QSpinBox()
        self.cells.setObjectName("customCells")
        self.cells.setRange(CELL_RANGE.start, CELL_RANGE.stop - 1)
        self.cells.setAccessibleName(_("Free cells"))
        self.columns = QSpinBox()
        self.columns.setObjectName("customColumns")
        self.columns.setRange(COLUMN_RANGE.start, COLUMN_RANGE.stop - 1)
        self.columns.setAccessibleName(_("Columns"))
        self.build = QComboBox()
        self.build.setObjectName("customBuild")
        self.build.setAccessibleName(_("Build rule"))
        for rule, label in BUILD_CHOICES:
            self.build.addItem(_(label), rule)
        self.empty = QComboBox()
        self.empty.setObjectName("customEmpty")
        self.empty.setAccessibleName(_("Empty columns accept"))
        for empty_rule, label in EMPTY_CHOICES:
            self.empty.addItem(_(label), empty_rule)

        self.take_backs = QCheckBox(_("Cards may come bac&k off the foundations"))
        self.take_backs.setObjectName("customTakeBacks")

        self.preview = QLabel()
        self.preview.setObjectName("customPreview")
        self.preview.setWordWrap(True)
        self.preview.setAccessibleName(_("The variant you chose"))

        form = QFormLayout()
        form.addRow(self._label(_("Free &cells:"), self.cells), self.cells)
        form.addRow(self._label(_("C&olumns:"), self.columns), self.columns)
        form.addRow(self._label(_("&Build:"), self.build), self.build)
        form.addRow(self._label(_("&Empty columns accept:"), self.empty), self.empty)
        form.addRow(self.take_backs)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("&Play"))
        ok.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)

        start = initial or custom_variant()
        self.set_parameters(start.cells, start.columns, start.build, start.empty_column)
        self.take_backs.setChecked(start.foundation_return)
        self.take_backs.toggled.connect(self._update_preview)
        for spin in (self.cells, self.columns):
            spin.valueChanged.connect(self._update_preview)
        for combo in (self.build, self.empty):
            combo.currentIndexChanged.connect(self._update_preview)
        self._update_preview()
        self.cells.setFocus()

    @staticmethod
    def _label(text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        label.setBuddy(buddy)
        return label

    def set_parameters(
        self, cells: int, columns: int, build: BuildRule, empty_column: EmptyColumnRule
    ) -> None:
        self.cells.setValue(cells)
        self.columns.setValue(columns)
        self.build.setCurrentIndex(self.build.findData(build))
        self.empty.setCurrentIndex(self.empty.findData(empty_column))

    def variant(self) -> Variant:
        """The custom variant the controls describe."""
        variant = custom_variant(
            self.cells.value(),
            self.columns.value(),
            self.build.currentData(),
            self.empty.currentData(),
        )
        return with_take_backs(variant) if self.take_backs.isChecked() else variant

    def same_as(self) -> Variant | None:
        """A named variant with exactly these rules, if any."""
        chosen = self.variant()
        for variant in self._known:
            if (
                variant.cells,
                variant.columns,
                variant.cards_in_cells,
                variant.build,
                variant.empty_column,
                variant.supermove,
                variant.foundation_return,
            ) == (
                chosen.cells,
                chosen.columns,
                chosen.cards_in_cells,
                chosen.build,
                chosen.empty_column,
                chosen.supermove,
                chosen.foundation_return,
            ):
                return variant
        return None

    def _update_preview(self) -> None:
        chosen = self.variant()
        text = variant_description(chosen)
        twin = self.same_as()
        if twin is not None:
            same = _("These are the rules of {variant}.").format(variant=variant_name(twin))
            text = sentences(text, same)
        self.preview.setText(text)
