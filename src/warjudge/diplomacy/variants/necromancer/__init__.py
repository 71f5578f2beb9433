"""Necromancer, the 8-power Middle-earth Diplomacy variant (v0.5, EN 2000 / FR 2002)."""
