"""Presentation of the standard Diplomacy game: the wording of its reasons."""
