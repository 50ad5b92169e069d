"""Exact analysis: hand frequencies, outcome tables, house edges and strategies (layer 5)."""
