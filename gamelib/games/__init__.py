"""Game declarations: every rule of every game, as data (see DESIGN.md, layer 3)."""
