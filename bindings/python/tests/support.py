"""Shared helpers of the tests: optional packages.

numpy, pettingzoo, gymnasium, mypy and the SVG renderer are optional: a test
that needs a missing one is skipped with the reason printed (run with -v to
see it). `.ci/run` installs them and sets HALMA_REQUIRE_CLIENT_TOOLS=1, which
turns a missing one into a failure."""

import importlib
import os
import unittest
from types import ModuleType

INSTALL = {
    "numpy": "pip install numpy",
    "pettingzoo": "pip install pettingzoo",
    "gymnasium": "pip install gymnasium",
    "mypy": "pip install mypy",
    "cairosvg": "pip install cairosvg",
}


def required() -> bool:
    """Whether missing optional packages are failures (.ci/run)."""
    return bool(os.environ.get("HALMA_REQUIRE_CLIENT_TOOLS"))


def optional_module(name: str) -> ModuleType:
    """Imports `name`, or skips the calling test (class) when it is missing."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        reason = f"{name} is not installed ({INSTALL.get(name, 'pip install ' + name)}; .ci/run installs it): {error}"
        if required():
            raise AssertionError(f"HALMA_REQUIRE_CLIENT_TOOLS is set but {reason}") from error
        raise unittest.SkipTest(reason) from None
