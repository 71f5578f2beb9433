"""The API's routers, one module per area (`create_app` includes them): the lobby (games),
playing a seat, the games master's tools; accounts, press, history and live updates keep
their routers in their own modules. What every route needs (the caller, a transaction, the
game's row locked, the games master's check) comes from `deps.py` as FastAPI dependencies."""
