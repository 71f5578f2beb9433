from typing import Iterator

import pytest

from warjudge.core import games

from tests.support.toygame import INFO


@pytest.fixture(scope="module")
def toy_registered() -> Iterator[None]:
    """The toy game in the registry for one test module (tests over every game use it)."""
    games.register(INFO)
    yield
    games.unregister(INFO.id)
