"""Reading a browser's form posts without another dependency: the body is
`application/x-www-form-urlencoded`, at most a few fields, each read once."""

from __future__ import annotations

from urllib.parse import parse_qs

from fastapi import Request


async def form_fields(request: Request) -> dict[str, str]:
    body = (await request.body()).decode("utf-8", errors="replace")
    return {key: values[0] for key, values in parse_qs(body, keep_blank_values=True).items()}
