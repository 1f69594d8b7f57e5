"""One webhook POST on the wire, within one overall deadline.

The host is resolved once; every address it resolves to must be public (webhooks/addresses.py), and the
socket connects to one of those very addresses (checked again on the connected peer), so a resolver that
answers differently a moment later changes nothing. `https` verifies the certificate against the host
name. No redirect is followed. The deadline covers everything from the DNS answer to the response's
status line and headers (the body is not read): each socket operation gets only the time left, so a
receiver that dribbles one byte at a time cannot hold a worker beyond it.

Staff read `Answer.error` (a generic reason: no socket message, which would let anyone probe ports);
`Answer.detail` goes to the server log only.
"""
from __future__ import annotations

import socket
import ssl
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from webhooks.addresses import AddressRefused, addresses_check, ip_is_public, private_allowed, url_parts

USER_AGENT = "Estrade-Webhooks/1"
HEAD_LIMIT = 65536  # bytes of status line and headers read at most
NO_ANSWER = "pas de réponse valable du destinataire"
REFUSED = "adresse refusée : réseau interne ou adresse invalide"


@dataclass
class Answer:
    status: int | None  # None: no HTTP answer (timeout, refused, DNS, an address refused)
    headers: dict = field(default_factory=dict)
    error: str = ""  # what staff see
    detail: str = ""  # what the log says


class DeadlinePassed(TimeoutError):
    pass


class _Clock:
    def __init__(self, seconds: float):
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        left = self.end - time.monotonic()
        if left <= 0:
            raise DeadlinePassed("overall deadline passed")
        return left


def _connect(addresses: list[tuple], clock: _Clock) -> socket.socket:
    error: OSError = OSError("no address")
    for family, sockaddr in addresses:
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.settimeout(clock.left())
            sock.connect(sockaddr)
            if not private_allowed() and not ip_is_public(sock.getpeername()[0]):
                raise AddressRefused(REFUSED)
            return sock
        except AddressRefused:
            sock.close()
            raise
        except OSError as failed:
            sock.close()
            error = failed
            if isinstance(failed, DeadlinePassed):
                break
    raise error


def _request_bytes(url: str, host: str, port: int, scheme: str, body: bytes, headers: dict,
                   content_type: str = "application/json") -> bytes:
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    if any(ord(char) <= 0x20 or ord(char) >= 0x7F for char in target):
        raise AddressRefused(REFUSED)
    shown_host = f"[{host}]" if ":" in host else host
    if port != (443 if scheme == "https" else 80):
        shown_host += f":{port}"
    lines = [f"POST {target} HTTP/1.1", f"Host: {shown_host}", f"Content-Type: {content_type}",
             f"User-Agent: {USER_AGENT}", f"Content-Length: {len(body)}", "Connection: close",
             *(f"{name}: {value}" for name, value in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def _read_head(sock: socket.socket, clock: _Clock) -> tuple[int, dict]:
    """The final status and headers (a 1xx interim answer is skipped), each read within the time left."""
    buffer = b""
    while True:
        while b"\r\n\r\n" not in buffer:
            if len(buffer) > HEAD_LIMIT:
                raise ValueError("response head too long")
            sock.settimeout(clock.left())
            chunk = sock.recv(4096)
            if not chunk:
                raise ConnectionError("connection closed before the response head")
            buffer += chunk
        head, buffer = buffer.split(b"\r\n\r\n", 1)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        version, _sep, rest = status_line.partition(" ")
        if not version.startswith("HTTP/") or not rest[:3].isdigit():
            raise ValueError("not an HTTP response")
        status = int(rest[:3])
        if status >= 200 or status < 100:
            headers = {}
            for line in header_lines:
                name, _colon, value = line.partition(":")
                headers[name.strip()] = value.strip()
            return status, headers


def http_post(url: str, body: bytes, headers: dict, *, deadline: float,
              content_type: str = "application/json") -> Answer:
    """POST `body` to `url` (see the module's docstring); never raises for what the receiver does. Web push
    (push/) posts its encrypted bodies through it too, as `application/octet-stream`."""
    clock = _Clock(deadline)
    sock = None
    try:
        scheme, host, port = url_parts(url)
        request = _request_bytes(url, host, port, scheme, body, headers, content_type)
        sock = _connect(addresses_check(host, port), clock)
        if scheme == "https":
            sock.settimeout(clock.left())
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
        sock.settimeout(clock.left())
        sock.sendall(request)
        status, answer_headers = _read_head(sock, clock)
        return Answer(status, answer_headers)
    except AddressRefused as refused:
        return Answer(None, error=REFUSED, detail=str(refused))
    except (OSError, ValueError) as error:  # timeouts, refused connections, DNS, TLS, a garbled answer
        return Answer(None, error=NO_ANSWER, detail=f"{type(error).__name__}: {error}"[:300])
    finally:
        if sock is not None:
            sock.close()
