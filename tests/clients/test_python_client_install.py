"""The Python client installs with pip from the checkout, as docs/integrations.md says
(`pip install ./clients/python`), into an environment of its own, and imports from there."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

from tests.support.processes import PROJECT_DIR


def test_pip_installs_the_client_from_the_checkout(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()
    # Its one dependency, httpx, and its build backend, flit-core, come from the project's environment
    # (the project's venv is a venv itself, so --system-site-packages would not reach it): nothing
    # is downloaded.
    (Path(site) / "project.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    install = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "--python", str(python), "install"),
            *("--no-deps", "--no-build-isolation", "--no-index", "./clients/python"),
        ],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    probe = subprocess.run(
        [
            python,
            "-c",
            "import importlib.resources, memoryhub_client as m; "
            "print(m.__file__, importlib.resources.files(m).joinpath('py.typed').is_file(), m.__version__)",
        ],
        cwd=tmp_path,  # not the checkout: the installed copy answers
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert probe.returncode == 0, probe.stderr
    location, typed, version = probe.stdout.split()
    assert Path(location).is_relative_to(venv) and typed == "True"
    assert (
        version
        == tomllib.loads((PROJECT_DIR / "clients" / "python" / "pyproject.toml").read_text())["project"]["version"]
    )
    assert not list((PROJECT_DIR / "clients" / "python").glob("**/*.egg-info"))  # the checkout stays clean
