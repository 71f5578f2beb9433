"""Variants: map data plus small rule hooks."""
