"""The plugin manager's reasons in the player's words: why a plugin is off for this
session (:class:`~freecell.plugin_host.reasons.PluginReason`, a code and its values),
for the Plugins dialog, the message bar and ``freecell-cli plugins`` alike, and for
the solver's worker process, which says why it could not load a plugin's backend
(:mod:`freecell.plugin_host.solvers`) and is below the core: so these words live here.

Hook names, backend ids, exception names and an exception's own text are the
plugin author's words and stay as they are."""

from __future__ import annotations

from freecell.i18n import _
from freecell.i18n.formatting import format_number
from freecell.plugin_host.model import Notice
from freecell.plugin_host.reasons import PluginReason, Why


def _seconds(limit: float) -> str:
    return format_number(limit)  # 0.2 is "0,2" in German and French


def why_off(reason: PluginReason) -> str:
    """One sentence saying what the plugin did, in the player's language."""
    r = reason
    code = r.code
    if code is Why.IMPORT_FAILED:
        return _("It could not be loaded ({error}: {detail}).").format(
            error=r.error, detail=r.detail
        )
    if code is Why.IMPORT_TOO_SLOW:
        # Translators: {limit} is a number of seconds, e.g. 3
        return _("Loading it took longer than {limit} s.").format(limit=_seconds(r.limit))
    if code is Why.NOT_REGISTERED:
        return _("It could not be registered: {detail}").format(detail=r.detail)
    if code is Why.NOT_A_HOOK:
        return _("It implements {hook}, which is not a FreeCell hook.").format(hook=r.hook)
    if code is Why.HOOK_WRAPPER:
        return _("It wraps the hook {hook}, and hook wrappers are not supported.").format(
            hook=r.hook
        )
    if code is Why.TOO_SLOW:
        # Translators: {hook} is a function name, e.g. freecell_card_themes; {limit} seconds
        return _("It took longer than {limit} s to answer {hook}.").format(
            limit=_seconds(r.limit), hook=r.hook
        )
    if code is Why.BACKEND_TOO_SLOW:
        # Translators: {backend} is a solver's id, e.g. fc-solve; {limit} seconds
        return _(
            "Its solver {backend} took longer than {limit} s to say whether it can run here."
        ).format(backend=r.backend, limit=_seconds(r.limit))
    if code is Why.RAISED:
        # Translators: {error} is a Python exception's name, {detail} its message
        return _("It raised {error} in {hook}: {detail}").format(
            error=r.error, hook=r.hook, detail=r.detail
        )
    if code is Why.EXITED and not r.hook:
        # Translators: sys.exit is Python's call that ends a program; {code} its value
        return _("It called sys.exit({code}) while it was being loaded.").format(code=r.detail)
    if code is Why.EXITED:
        # Translators: {hook} is a function name, e.g. freecell_variants; {code} the value
        # given to sys.exit (Python's call that ends a program)
        return _("It called sys.exit({code}) in {hook}.").format(code=r.detail, hook=r.hook)
    if code is Why.HARD_EXITED and not r.hook:
        # Translators: os._exit is Python's call that ends a program at once; {code} its value
        return _("It called os._exit({code}) while it was being loaded.").format(code=r.detail)
    if code is Why.HARD_EXITED:
        # Translators: {hook} is a function name, e.g. freecell_variants; {code} the value
        # given to os._exit (Python's call that ends a program at once)
        return _("It called os._exit({code}) in {hook}.").format(code=r.detail, hook=r.hook)
    if code is Why.TOO_MUCH_MEMORY and not r.hook:
        # Translators: {limit} is a number of megabytes, e.g. 512
        return _("It took more than {limit} MB of memory while it was being loaded.").format(
            limit=format_number(int(r.limit))
        )
    if code is Why.TOO_MUCH_MEMORY:
        # Translators: {limit} is a number of megabytes, e.g. 512; {hook} a function name
        return _("It took more than {limit} MB of memory in {hook}.").format(
            limit=format_number(int(r.limit)), hook=r.hook
        )
    if code is Why.TOO_MANY:
        # Translators: {hook} is a function name, e.g. freecell_card_themes; {limit} a number
        return _("It answered {hook} with more than {limit} items.").format(
            hook=r.hook, limit=format_number(int(r.limit))
        )
    if code is Why.BAD_ANSWER:
        # Translators: {answer} is a Python type's name, e.g. str or NoneType
        return _(
            "It answered {hook} with a value of type {answer}, which the hook does not accept."
        ).format(hook=r.hook, answer=r.answer)
    if code is Why.LIED:
        # Translators: {backend} is a solver's id; it said a position could not be won,
        # and the built-in solver won it
        return _(
            "Its solver {backend} called a position lost that the built-in solver then won."
        ).format(backend=r.backend)
    if code is Why.NO_ID:
        return _("It answered {hook} with an item that has no id.").format(hook=r.hook)
    if code is Why.ID_TAKEN:
        return _(
            "It answered {hook} with the id {item}, which the plugin {other} already provides."
        ).format(hook=r.hook, item=r.item, other=r.other)
    if code is Why.ID_TWICE:
        return _("It answered {hook} with the id {item} twice.").format(hook=r.hook, item=r.item)
    if code is Why.NAME_TAKEN:
        return _(
            "The one from {location} was ignored: the one from {other} has the same name."
        ).format(location=r.location, other=r.other)
    return fallback_text(r)


def fallback_text(reason: PluginReason) -> str:
    """Why the game's own default stands in for a remembered item (a ``*_GONE``
    code, ``NO_SOLVER`` or ``NO_SOLVER_PLUGIN``), in the player's language."""
    r = reason
    code = r.code
    # the default's name is a catalogue msgid ("Classic"); a plugin's own stays as it is
    other = _(r.other) if r.other else r.other
    if code is Why.VARIANT_GONE:
        # Translators: {item} is a variant's id, e.g. bakers-game; {other} its stand-in
        return _(
            "The variant {item} is not available (its plugin is off or was removed); "
            "playing {other} instead."
        ).format(item=r.item, other=other)
    if code is Why.SCORING_GONE:
        return _(
            "The scoring scheme {item} is not available (its plugin is off or was removed); "
            "using {other} instead."
        ).format(item=r.item, other=other)
    if code is Why.CARD_THEME_GONE:
        return _(
            "The card theme {item} is not available (its plugin is off or was removed); "
            "using {other} instead."
        ).format(item=r.item, other=other)
    if code is Why.SURFACE_GONE:
        return _(
            "The table surface {item} is not available (its plugin is off or was removed); "
            "using {other} instead."
        ).format(item=r.item, other=other)
    if code is Why.SOLVER_GONE:
        # Translators: {backend} is a solver's id, e.g. fc-solve; {other} the solver used
        return _("The solver {backend} is not available; using {other} instead.").format(
            backend=r.backend, other=other
        )
    if code is Why.NO_SOLVER:
        return _("No solver is available, so hints are off.")
    # Why.NO_SOLVER_PLUGIN
    return _("No solver plugin is switched on; the built-in solver answers.")


def notice_text(notice: Notice) -> str:
    """The message bar's and the CLI's sentence for a notice."""
    if notice.reason.code is Why.NAME_TAKEN:
        return _("Plugin {name}: {why}").format(name=notice.plugin, why=why_off(notice.reason))
    return off_text(notice.plugin, notice.reason)


def off_text(name: str, reason: PluginReason) -> str:
    """ "x is off for this session" and why, for the dialog, message bar and CLI."""
    return _("{name} is off for this session. {why}").format(name=name, why=why_off(reason))
