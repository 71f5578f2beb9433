"""The I-go-you-go hex wargame engine: grid, terrain, movement, zones of control, line of
sight, retreats, stacking, combat odds and pending decisions. Game-agnostic: a ruleset
(`hexwar.sjg`, `hexwar.gondor_sauron`) supplies costs, tables and the turn."""
