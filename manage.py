#!/usr/bin/env python
"""Django's command-line utility for Estrade."""
import os
import sys
from pathlib import Path

PROJECT_VENV_PYTHON = Path(__file__).resolve().parent / ".venv" / "bin" / "python"


def reexec_in_project_venv() -> None:
    """Started by a Python without Django (e.g. `python manage.py replay …` from the system Python after
    `make install`): run the same command with the project's virtualenv instead of failing."""
    if PROJECT_VENV_PYTHON.exists() and Path(sys.prefix).resolve() != PROJECT_VENV_PYTHON.parent.parent.resolve():
        os.execv(str(PROJECT_VENV_PYTHON), [str(PROJECT_VENV_PYTHON), *sys.argv])


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:
        from django.core.management import execute_from_command_line
    except ImportError:
        reexec_in_project_venv()
        raise
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
