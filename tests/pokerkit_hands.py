"""pokerkit's hand type for each gamelib ranking system it also has (pokerkit is a test-only
oracle), written once: the ranking tests, the showdown and betting tests and the odds tests
all read it.

Used by tests/rankings, tests/engine and tests/analysis: they add this folder (tests/) to
``sys.path`` and ``import pokerkit_hands``. pokerkit has no type for the ``crazy4`` and
``three-card`` systems (the banked games), so they are not here.
"""

from __future__ import annotations

from pokerkit import (
                      BadugiHand,
                      EightOrBetterLowHand,
                      Hand,
                      OmahaEightOrBetterLowHand,
                      OmahaHoldemHand,
                      RegularLowHand,
                      StandardBadugiHand,
                      StandardHighHand,
                      StandardLowHand,
)

#: gamelib ranking system -> the pokerkit hand type that ranks hands the same way.
HAND_TYPES: dict[str, type[Hand]] = {
    "high": StandardHighHand,
    "omaha-high": OmahaHoldemHand,
    "omaha-low8": OmahaEightOrBetterLowHand,
    "low8": EightOrBetterLowHand,
    "a5-low": RegularLowHand,
    "27-low": StandardLowHand,
    "badugi": BadugiHand,
    "badugi-ace-high": StandardBadugiHand,
}
