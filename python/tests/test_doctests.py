"""The doctests of the installed package: every module of ``esoterica`` and the classes and
functions of its extension, found with :class:`doctest.DocTestFinder` as pytest's
``--doctest-modules`` would find them in the sources, but imported from where the package
is installed (so the tests run against ``pip install ./python`` as well as ``maturin
develop``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import esoterica

MODULES = ["esoterica"] + [
    m.name
    for m in pkgutil.walk_packages(esoterica.__path__, "esoterica.")
    if not m.name.startswith("esoterica._")
]

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _tests() -> list[doctest.DocTest]:
    found = []
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in MODULES:
        module = importlib.import_module(name)
        found += [t for t in finder.find(module, name) if t.examples]
    return sorted(found, key=lambda t: t.name)


DOCTESTS = _tests()


def test_every_module_has_its_doctests_found() -> None:
    names = {t.name for t in DOCTESTS}
    assert {"esoterica", "esoterica.Bot", "esoterica.Game", "esoterica.Position.planes",
            "esoterica.envs.pettingzoo_env", "esoterica.envs.gymnasium_env",
            "esoterica.envs.openspiel_game"} <= names, sorted(names)


@pytest.mark.parametrize("test", DOCTESTS, ids=lambda t: t.name)
def test_doctest(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
