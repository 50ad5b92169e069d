"""Fixtures for the ranking tests: exhaustive deals are built once per session."""

from __future__ import annotations

import numpy as np
import pytest
from rankings_helpers import all_hands


@pytest.fixture(scope="session")
def all5() -> np.ndarray:
    """All 2,598,960 five-card hands."""
    return all_hands(5)


@pytest.fixture(scope="session")
def all3() -> np.ndarray:
    """All 22,100 three-card hands."""
    return all_hands(3)
