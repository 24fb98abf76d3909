"""Shared fixtures: the command-line binary for the differential tests."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `esoterica` binary built without Bevy (`--no-default-features`).

    `ESOTERICA_CLI` names it (CI builds it first); otherwise it is built here with cargo
    into `CARGO_TARGET_DIR` (default `~/.cache/esoterica-target`).
    """
    given = os.environ.get("ESOTERICA_CLI")
    if given:
        return Path(given)
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.skip("no ESOTERICA_CLI and no cargo to build the command line")
    target = Path(
        os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache" / "esoterica-target")
    )
    subprocess.run(
        # With the binding crate selected too, the rules library the extension was built
        # with is reused (the same dependency features).
        [
            cargo, "build", "--quiet", "--locked", "-p", "esoterica", "-p", "esoterica-python",
            "--no-default-features", "--bin", "esoterica",
        ],
        cwd=REPO,
        check=True,
        env={**os.environ, "CARGO_TARGET_DIR": str(target)},
    )
    return target / "debug" / "esoterica"
