"""Issue 25 (6): the OpenAPI document says what every route answers, so a client can be
generated from it and schemathesis checks each answer against it (test_fuzz)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from warjudge.server.app import create_app

# free-form answers, the game's own: a record file (docs/record-format), a set-up plan, one phase of history
FREE_FORM = {("get", "/api/games/{game_id}/record"), ("post", "/api/games/{game_id}/setup"),
             ("get", "/api/games/{game_id}/history/{n}")}


def _named(schema: dict) -> bool:
    """A model the document describes field by field: a `$ref`, or a list of them."""
    return "$ref" in schema or (schema.get("type") == "array" and "$ref" in schema.get("items", {}))


def test_every_route_gives_the_schema_of_its_answer(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'openapi.db'}")
    with TestClient(app) as client:
        document = client.get("/openapi.json").json()
    app.state.engine.dispose()
    unnamed = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            answered = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
            assert answered, f"{method} {path} has no success response"
            for code, response in answered.items():
                if code == "204":
                    assert "content" not in response, f"{method} {path}: a 204 has no body"
                    continue
                content = response["content"]
                if "text/event-stream" in content:   # the live updates: server-sent events
                    continue
                schema = content["application/json"]["schema"]
                if (method, path) in FREE_FORM:
                    assert schema.get("type") == "object", f"{method} {path}: {schema}"
                elif not _named(schema):
                    unnamed.append(f"{method} {path}")
    assert not unnamed, f"routes whose answer has no model: {unnamed}"
    assert len(document["paths"]) >= 25
