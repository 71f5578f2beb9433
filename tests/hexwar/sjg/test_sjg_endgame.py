"""The game ends the moment a Necromancer is eliminated, whatever eliminates him (SJG 2.21)."""


from tests.hexwar.sjg.sjg_helpers import act, end_until, refused, start, two


def test_losing_the_necromancer_in_a_retreat_ends_the_game():  # SJG 2.21, 6.52
    game, u = start({"z": ("zombie", "red", "1010"), "rn": ("necromancer", "red", "0208"),
                     "bn": ("necromancer", "black", "1110"), "w": ("wraith", "black", "1110")})
    game.state.position.sides["black"].count = 77   # black defends at wraith 1 + wizard 8 = 9
    end_until(game, "combat")
    game.dice.push(*two(7))                     # red zombie 12 to 9: 1-1, roll 7: DR
    act(game, "attack", targets=["1110"], direct=[u["z"].id])
    assert (game.pending.player, game.pending.kind) == ("black", "retreat")
    act(game, "retreat", side="black", lose=[u["w"].id, u["bn"].id])
    assert game.state.winner == "red" and game.pending is None
    refused(game, {"type": "end", "side": "red"}, "game is over")
