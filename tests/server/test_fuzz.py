"""The OpenAPI schema fuzzed with schemathesis: no input, signed in or not, makes the
server fail (a 500, or an exception the test client re-raises), and every answer has the
shape the document gives for its status (issue 25, 6). Runs on SQLite and on
PostgreSQL (fewer examples: a few per operation, since each costs a round trip to a real
server; PostgreSQL refuses strings SQLite takes, such as a NUL byte), with a known game in
the database so that some generated requests reach a real game.

Each operation's strategy is driven by Hypothesis directly (schemathesis' pytest plugin
does not load under this pytest)."""

from __future__ import annotations

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error, response_schema_conformance

from tests.server.conftest import sign_up
from warjudge.server.app import create_app

EXAMPLES = {"sqlite": 30, "postgresql": 4}   # per operation


def _short_streams(case) -> None:
    """A live-update stream lasts its `seconds` (600 if not given): fuzzed ones at most 0.05."""
    if not case.operation.path.endswith("/events"):
        return
    seconds = (case.query or {}).get("seconds", 600)
    try:
        too_long = float(seconds) > 0.05
    except (TypeError, ValueError, OverflowError):
        too_long = False
    if too_long:
        case.query = (case.query or {}) | {"seconds": 0.05}


def test_no_request_makes_the_server_fail(database_url):
    app = create_app(database_url)
    with TestClient(app) as client:
        player = sign_up(client)
        gid = player.ok("post", "/api/games", {"game": "toy-bids"})["id"]
        player.ok("post", f"/api/games/{gid}/seats/north")
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    examples = EXAMPLES["sqlite" if database_url.startswith("sqlite") else "postgresql"]
    assert len(operations) >= 17   # issue 13's routes, press, history and events among them
    # revoking the player's tokens comes last, so that every other operation is also tried signed in
    operations.sort(key=lambda operation: operation.method == "delete" and operation.path.startswith("/api/tokens"))

    for operation in operations:
        @given(case=operation.as_strategy())
        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def fuzz(case):
            if "game_id" in (case.path_parameters or {}) and len(case.path_parameters["game_id"]) % 2:
                case.path_parameters["game_id"] = gid   # about half the time, the real game
            _short_streams(case)
            for headers in ({}, player.headers):
                case.call_and_validate(headers=headers, checks=[not_a_server_error, response_schema_conformance])

        fuzz()
    app.state.engine.dispose()
