"""What a game's tests run: the conformance checks every warjudge game passes
(`conformance`) and the leak check they share (`leaks`). Shipped, so that a game added
through `warjudge.core.games.register` is held to the same promises."""
