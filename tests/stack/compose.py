"""docker-compose.yml read by the stack test: the services' own commands and healthchecks, so the test
starts exactly what production starts (and cannot drift from it)."""
from __future__ import annotations

import shlex
from pathlib import Path

import yaml

COMPOSE_FILE = Path(__file__).resolve().parents[2] / "docker-compose.yml"


def compose_services(path: Path = COMPOSE_FILE) -> dict:
    return yaml.safe_load(path.read_text())["services"]


def service_command(name: str, *, replace: dict[str, str] | None = None) -> list[str]:
    """The service's `command` as an argv (a string is split as compose does), with the few values that
    only make sense inside a container (listening address, file paths) replaced."""
    command = compose_services()[name]["command"]
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    for old, new in (replace or {}).items():
        argv = [part.replace(old, new) for part in argv]
    return argv


def healthcheck_command(name: str, *, replace: dict[str, str] | None = None) -> list[str]:
    test = compose_services()[name]["healthcheck"]["test"]
    argv = ["sh", "-c", test[1]] if test[0] == "CMD-SHELL" else list(test[1:])
    for old, new in (replace or {}).items():
        argv = [part.replace(old, new) for part in argv]
    return argv
