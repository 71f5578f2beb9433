"""How the Necromancer Diplomacy variant is shown to people: the SVG map (render.py) and the
mailed text reports in English and French (report.py)."""
