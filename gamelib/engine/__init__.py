"""The generic machinery that runs any game declaration (see DESIGN.md, layer 4)."""
