"""Where a class reaches this server: the address students' phones can open.

A teacher who starts the app on a laptop and opens http://localhost:8501 sees the page at a loopback
address that no phone can reach. The student link then uses the machine's address on the local network
(`network_ip`, what Streamlit prints as its Network URL), or an address the teacher typed (a server
behind a proxy: its public name). `student_base` decides, purely, from those three.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

How = Literal["page", "network", "typed", "unreachable", "bad_typed"]


def is_loopback(host: str | None) -> bool:
    """Whether `host` names this machine only (localhost, 127.x.y.z, ::1, 0.0.0.0)."""
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


@lru_cache(maxsize=1)
def network_ip() -> str | None:
    """This machine's address on its local network, as Streamlit finds it for its Network URL
    (None when it has none). Looked up once per server."""
    from streamlit import net_util

    found = net_util.get_internal_ip()
    return None if found is None or is_loopback(found) else found


@dataclass(frozen=True)
class Base:
    """The address a student link starts with ("http://host:port/Live_poll", no query), and how it
    was found."""

    url: str
    how: How


def _typed(text: str) -> str | None:
    """A typed address as scheme://host[:port] (a path kept), or None when it is not one."""
    text = text.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or " " in text:
        return None
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def student_base(page_url: str | None, network: str | None, typed: str = "") -> Base:
    """The base of the student link: the teacher's typed address if any (the page's path added when
    it has none); else the page's own address, its host replaced by `network` when it is a loopback
    one; "unreachable" when it is loopback and no network address is known."""
    page = (page_url or "").split("?", 1)[0]
    path = urlsplit(page).path if page else ""
    if typed.strip():
        found = _typed(typed)
        if found is None:
            return Base(page, "bad_typed")
        parts = urlsplit(found)
        return Base(found if parts.path else found + path, "typed")
    parts = urlsplit(page)
    if not is_loopback(parts.hostname):
        return Base(page, "page")
    if network is None:
        return Base(page, "unreachable")
    host = f"[{network}]" if ":" in network else network  # an IPv6 address is bracketed in a URL
    netloc = host if parts.port is None else f"{host}:{parts.port}"
    return Base(urlunsplit((parts.scheme, netloc, parts.path, "", "")), "network")
