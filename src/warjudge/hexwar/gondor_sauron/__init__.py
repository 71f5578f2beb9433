"""Gondor & Sauron (SPI 1977): the Standard Rules on the hexwar engine, with reconstructed charts."""
