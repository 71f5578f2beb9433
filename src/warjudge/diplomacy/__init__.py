"""The simultaneous-orders judge: map model, order grammar, adjudicator, phases.

Variants are data (a map file) plus small rule hooks, under `variants/`.
"""
