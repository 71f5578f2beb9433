"""The API's routers, one module per area (`create_app` includes them): the lobby (games),
playing a seat, the games master's tools; accounts, press, history and live updates keep
their routers in their own modules. Who calls about which game comes from `deps.py` as a
FastAPI dependency; each route opens its transaction with it in its own body."""
