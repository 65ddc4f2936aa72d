"""Where a webhook may go: public addresses only, checked when an endpoint is saved and again, on
the address the name resolves to then, at every send (a name may be pointed elsewhere later).

A request to a private, loopback or link-local address would let whoever sets an endpoint reach
the machines beside MemoryHub (its database, a cloud's metadata service). Set
``MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE`` where the receivers live on the same network (and in tests).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefusedError(Exception):
    """The endpoint's name does not resolve, or resolves to an address webhooks may not reach."""


@dataclass(frozen=True)
class Target:
    """Where one request goes: the address checked, and the URL's own host and port."""

    scheme: str
    host: str
    port: int
    address: Address


def _kind_refused(address: Address) -> str | None:
    """What kind of non-public address ``address`` is, or None for a public one."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # ::ffff:127.0.0.1 is loopback too
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_private:
        return "a private address"
    if not address.is_global:
        return "not a public address"
    return None


def _addresses(host: str, port: int) -> list[Address]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise AddressRefusedError(f"{host} does not resolve ({error})") from error
    # A scoped IPv6 address (fe80::1%eth0) is link-local: its zone is dropped, its kind stays.
    return list(dict.fromkeys(ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found))


def target_resolve(url: str) -> Target:
    """Resolve ``url``'s host now and check every address it has: the first, if all may be reached
    (one name with a public and a private address is refused: either may be used)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AddressRefusedError("the URL must start with http:// or https:// and name a host")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as error:
        raise AddressRefusedError(f"the URL's port is not valid ({error})") from error
    addresses = _addresses(parts.hostname, port)
    if not addresses:
        raise AddressRefusedError(f"{parts.hostname} does not resolve")
    if not settings.MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE:
        for address in addresses:
            if refused := _kind_refused(address):
                host = parts.hostname
                named = f"{host} is" if str(address) == host else f"{host} resolves to {address},"
                raise AddressRefusedError(f"{named} {refused}: webhooks go to public addresses only")
    return Target(scheme=parts.scheme, host=parts.hostname, port=port, address=addresses[0])
