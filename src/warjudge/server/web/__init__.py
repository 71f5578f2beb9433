"""The browser UI: server-rendered pages (Jinja2) and small plain scripts that call the
same JSON API as every other client, so a browser can never see more than a seat's view
(docs/web-ui.md says why there is no build step)."""

from warjudge.server.web.pages import install

__all__ = ["install"]
