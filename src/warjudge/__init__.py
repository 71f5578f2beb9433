"""warjudge: judge and engine for Necromancer (Diplomacy variant), Necromancer (SJG 1983)
and the Gondor & Sauron (SPI) game system."""

__version__ = "0.1.0"
