"""Presentation, apart from the rules: terminal sessions, renderers (Rich, SVG, PNG) and
wording per language. Nothing here decides a rule; everything here reads views."""
