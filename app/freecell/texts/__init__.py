"""The game's words, built at the edge in the player's language (Qt-free).

The engine speaks in values and codes -- a :class:`~freecell.engine.Card`, a
:class:`~freecell.engine.Pile`, a :class:`~freecell.engine.Refusal` -- and the
window, the screen reader and the CLI turn them into sentences here, through
:mod:`freecell.i18n`, so all three say the same thing in the same words.
"""
