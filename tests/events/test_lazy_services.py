"""The duel services package loads a service only when it is asked for: importing one name (or `rules`)
does not import every service, so no import cycle runs through the package."""
import importlib
import subprocess
import sys

import duels.services as services


def test_importing_the_package_loads_no_service_module():
    code = "import sys, duels.services; print(sorted(m for m in sys.modules if m.startswith('duels.services.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_each_name_is_found_in_its_module():
    for name, module in services.WHERE.items():
        assert getattr(services, name) is getattr(importlib.import_module(f"duels.services.{module}"), name)
    assert set(services.__all__) == set(services.WHERE)
