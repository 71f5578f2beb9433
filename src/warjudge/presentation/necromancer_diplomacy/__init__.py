"""The Necromancer Diplomacy variant drawn as SVG."""
