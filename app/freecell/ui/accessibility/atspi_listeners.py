"""Which AT-SPI events the screen readers on this desktop listen to.

A screen reader registers every event type it handles with the AT-SPI registry
(``org.a11y.atspi.Registry.GetRegisteredEvents`` lists them as (bus name, event)
pairs).  Orca 45.2 and later register ``Object:Announcement``; Orca 43 and 44
(Debian 12, Ubuntu 22.04) do not, and have no handler for it.  The announcer asks
here which of the two kinds is listening, so that each message is spoken once:
as an announcement where it is heard, as a description change on the focused
object where it is not (see ``announcer.py``).

PySide6's QtDBus cannot unpack an ``a(ss)`` reply, so the registry is read with
jeepney (pure Python, Linux only), on the accessibility bus that Qt's own bridge
uses.  An answer is kept for a few seconds: a screen reader started after the game
is noticed by the next message.  Nothing here ever raises: no bus, no registry or
no jeepney means "not known" (None).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger(__name__)

REGISTRY = "org.a11y.atspi.Registry"
REGISTRY_PATH = "/org/a11y/atspi/registry"
CALL_TIMEOUT_S = 0.25  # the registry answers in about a millisecond
KEEP_S = 3.0  # how long an answer is trusted
RETRY_AFTER_FAILURE_S = 30.0


@dataclass(frozen=True)
class Listeners:
    """What the registry said: which clients (bus names) listen to what."""

    events: tuple[tuple[str, str], ...]

    def clients_for(self, prefix: str) -> set[str]:
        """The clients listening for an event type, say ``"Object:Announcement"``
        (a client listening to every ``Object:`` event counts too)."""
        wanted = prefix.lower()
        found = set()
        for client, event in self.events:
            kind = event.lower().rstrip(":")
            if wanted.startswith(kind) or kind.startswith(wanted):
                found.add(client)
        return found

    @property
    def readers(self) -> set[str]:
        """Clients that follow the focus: what a screen reader does first."""
        return self.clients_for("Object:StateChanged:Focused") | self.clients_for("Focus:")

    @property
    def announcement_readers(self) -> set[str]:
        return self.clients_for("Object:Announcement")


def _a11y_bus_address() -> str | None:
    """Where Qt's bridge talks AT-SPI: $AT_SPI_BUS_ADDRESS, else what the session
    bus's ``org.a11y.Bus`` says."""
    address = os.environ.get("AT_SPI_BUS_ADDRESS")
    if address:
        return address
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection

    with open_dbus_connection(bus="SESSION") as session:
        call = new_method_call(
            DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Bus"),
            "GetAddress",
        )
        reply = session.send_and_get_reply(call, timeout=CALL_TIMEOUT_S)
        body = reply.body
        return str(body[0]) if body and body[0] else None


def read_listeners() -> Listeners | None:
    """Ask the registry now; None when it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        from jeepney import DBusAddress, new_method_call
        from jeepney.io.blocking import open_dbus_connection

        address = _a11y_bus_address()
        if address is None:
            return None
        with open_dbus_connection(bus=address) as bus:
            call = new_method_call(
                DBusAddress(REGISTRY_PATH, bus_name=REGISTRY, interface=REGISTRY),
                "GetRegisteredEvents",
            )
            reply = bus.send_and_get_reply(call, timeout=CALL_TIMEOUT_S)
        pairs = reply.body[0] if reply.body else []
        return Listeners(tuple((str(client), str(event)) for client, event in pairs))
    except Exception as error:  # no jeepney, no bus, no registry: not known
        log.debug("the AT-SPI registry could not be asked: %s", error)
        return None


class ListenerCache:
    """``read_listeners`` at most every ``KEEP_S`` seconds (a failure: every
    ``RETRY_AFTER_FAILURE_S``), so a message costs no D-Bus call as a rule."""

    def __init__(self) -> None:
        self._value: Listeners | None = None
        self._until = 0.0

    def get(self) -> Listeners | None:
        now = time.monotonic()
        if now >= self._until:
            self._value = read_listeners()
            self._until = now + (KEEP_S if self._value is not None else RETRY_AFTER_FAILURE_S)
        return self._value
