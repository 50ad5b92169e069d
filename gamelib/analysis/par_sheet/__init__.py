"""Par sheets: every wager's and the main game's exact figures, and returns under what-if pays.

The front door of the family:

- :mod:`.returns`: :func:`par_sheet` and the expected return of a wager under other pays;
- :mod:`.figures`: the sheets (:class:`ParSheet`, :class:`WagerSheet`) and their figures;
- :mod:`.decided_once`: Crazy 4 and Three Card Poker (one decision, counted jointly per hand);
- :mod:`.nh`: New Hampshire Hold'em (the street decisions of its one solver).

>>> from gamelib import get_game
>>> from gamelib.analysis.par_sheet import par_sheet
>>> sorted(par_sheet(get_game("crazy4")).wagers)[:2]
['ante', 'play']
"""

from __future__ import annotations

from .figures import CappedFigures
from .returns import (
                      CELLS,
                      ParSheet,
                      WagerSheet,
                      expected_return_of,
                      nh_expected_return,
                      par_sheet,
                      par_sheet_of,
                      return_for_pays,
)

__all__ = ["CELLS", "CappedFigures", "ParSheet", "WagerSheet", "expected_return_of", "nh_expected_return", "par_sheet",
           "par_sheet_of", "return_for_pays"]
