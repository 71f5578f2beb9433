"""Gondor & Sauron drawn for players: the battle map as SVG."""
