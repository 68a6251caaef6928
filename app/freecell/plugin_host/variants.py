"""Variant resolution for :class:`~freecell.plugin_host.manager.PluginManager`: the
variants the plugins list, the ids they resolve (the Custom family, the take-back
option), their rules in the plugins' own words, and FreeCell standing in for an id
nobody provides any more.

The manager holds one :class:`VariantLookup` and answers its variant questions
through it; the lookup gets from the manager only what it needs, as callables: the
current offerings, a hook's implementations, calling one within its limit, and
turning off a plugin that misbehaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pluggy import HookImpl

from freecell.engine import FREECELL, Variant, resolve_take_backs
from freecell.plugin_host.custom import DEFAULT_CUSTOM_ID
from freecell.plugin_host.deadline import Overran
from freecell.plugin_host.model import Choice, Misbehaved
from freecell.plugin_host.offerings import Offerings, describe
from freecell.plugin_host.reasons import PluginReason, Why, raised, too_slow


class CallHook(Protocol):
    """Calls one plugin's implementation of a hook with these arguments, within the
    hook's time limit (:class:`Overran` beyond it)."""

    def __call__(self, impl: HookImpl, **kwargs: object) -> object: ...


class TurnOff(Protocol):
    """Turns a plugin off for the session, saying why (and what it raised)."""

    def __call__(
        self, name: str, reason: PluginReason, error: BaseException | None = None, /
    ) -> None: ...


class VariantLookup:
    """The variant half of the plugin manager's answers."""

    def __init__(
        self,
        offerings: Callable[[], Offerings],
        implementations: Callable[[str], list[HookImpl]],
        call: CallHook,
        turn_off: TurnOff,
    ) -> None:
        # offerings is asked each time: the manager rebuilds them when plugins change
        self._offerings = offerings
        self._impls = implementations
        self._call = call
        self._turn_off = turn_off

    def variants(self) -> list[Variant]:
        """The variants to offer, in plugin order.  FreeCell is always there: if the
        plugin providing it is off, the core default stands in."""
        offered = self._offerings().variants
        listed = [variant for variant, _ in offered.values()]
        if FREECELL.id not in offered:
            listed.insert(0, FREECELL)
        return listed

    def variant(self, variant_id: str) -> Variant:
        """The variant with this id: listed by a plugin, or resolved by one (the Custom
        family), with the take-back option its id may name (``freecell-takebacks``).
        KeyError with a sentence listing the known ids otherwise."""
        for variant in self.variants():
            if variant.id == variant_id:
                return variant
        return resolve_take_backs(variant_id, self._variant)

    def _variant(self, variant_id: str) -> Variant:
        for variant in self.variants():
            if variant.id == variant_id:
                return variant
        resolved = self._resolve_variant(variant_id)
        if resolved is not None:
            return resolved
        known = ", ".join(v.id for v in self.variants())
        raise KeyError(f"unknown variant {variant_id!r} (known: {known})")

    def _resolve_variant(self, variant_id: str) -> Variant | None:
        """``freecell_resolve_variant`` with firstresult semantics, one plugin at a time,
        in pluggy's order."""
        for impl in self._impls("freecell_resolve_variant"):
            name = impl.plugin_name
            try:
                answer = self._call(impl, variant_id=variant_id)
                if answer is None:
                    continue
                if not isinstance(answer, Variant) or answer.id != variant_id:
                    raise Misbehaved(
                        PluginReason(
                            Why.BAD_ANSWER,
                            hook="freecell_resolve_variant",
                            answer=describe(answer),
                            item=variant_id,
                        )
                    )
            except Misbehaved as error:
                self._turn_off(name, error.reason)
                continue
            except Overran as error:
                self._turn_off(name, too_slow("freecell_resolve_variant", error))
                continue
            except Exception as error:
                self._turn_off(name, raised("freecell_resolve_variant", error), error)
                continue
            return answer
        return None

    def variant_rules(self, variant: Variant) -> str | None:
        """``freecell_variant_rules``: a plugin's words for a variant's rules, or None
        (the game then writes them from the parameters).  A plugin that raises or
        answers something other than text is turned off, as for any hook."""
        for impl in self._impls("freecell_variant_rules"):
            name = impl.plugin_name
            try:
                answer = self._call(impl, variant=variant)
            except Overran as error:
                self._turn_off(name, too_slow("freecell_variant_rules", error))
                continue
            except Exception as error:
                self._turn_off(name, raised("freecell_variant_rules", error), error)
                continue
            if answer is None:
                continue
            if not isinstance(answer, str) or not answer.strip():
                self._turn_off(
                    name,
                    PluginReason(
                        Why.BAD_ANSWER,
                        hook="freecell_variant_rules",
                        answer=describe(answer),
                        item=variant.id,
                    ),
                )
                continue
            return answer
        return None

    def choose_variant(self, variant_id: str) -> Choice[Variant]:
        """The variant to play for a remembered id; FreeCell, with a reason, when the
        plugin that provided it is off or gone."""
        try:
            return Choice(self.variant(variant_id))
        except KeyError:
            return Choice(
                FREECELL, PluginReason(Why.VARIANT_GONE, item=variant_id, other=FREECELL.name)
            )

    def offers_custom_variants(self) -> bool:
        """True when some plugin resolves Custom variant ids (show "Custom…")."""
        return self._resolve_variant(DEFAULT_CUSTOM_ID) is not None


__all__ = ["CallHook", "TurnOff", "VariantLookup"]
