"""Which game a mixed table deals next: a ``Rotation`` (a list of games, a number of hands
each) or ``DealersChoice`` (the button picks from an approved list).

>>> Rotation(["badugi", "stud8"], hands_each=2).games
['badugi', 'stud8']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..amounts import items, one_of, whole_number
from ..errors import TableError, shown
from ..games.pot import POT_DECLARATIONS

#: The most games a rotation or a dealer's-choice list names.
MAX_GAMES = 100


def _pot_games(games: Sequence[str], empty: str) -> list[str]:
    """``games`` as a list, each a pot game's key; ``empty`` is the refusal for no games."""
    listed: list[object] = items(games, "the games", 0, MAX_GAMES, TableError, "a pot game's key")
    if not listed:
        raise TableError(empty)
    return [one_of(g, "each game", list(POT_DECLARATIONS), TableError) for g in listed]


class Rotation:
    """A rotation: each game of ``games`` is dealt ``hands_each`` hands, then the next.

    >>> r = Rotation(["badugi", "stud8"], hands_each=2)
    >>> [r.game_for_hand(i) for i in range(5)]
    ['badugi', 'badugi', 'stud8', 'stud8', 'badugi']
    """

    def __init__(self, games: Sequence[str], hands_each: int) -> None:
        games = _pot_games(games, "a rotation needs at least one game")
        self.games = games
        self.hands_each = whole_number(hands_each, "the hands each game of a rotation is played", 1, error=TableError)

    def game_for_hand(self, hand_number: int) -> str:
        """The game of hand number ``hand_number`` (0 = the first hand).

        >>> Rotation(["archie"], 8).game_for_hand(100)
        'archie'
        """
        hand_number = whole_number(hand_number, "a hand number", 0, error=TableError)
        return self.games[(hand_number // self.hands_each) % len(self.games)]

    def next_game(self, hand_number: int) -> tuple[str, int]:
        """The next game after the current one, and the number of the hand it starts with.

        >>> Rotation(["badugi", "stud8", "big-o"], 8).next_game(9)
        ('big-o', 16)
        """
        hand_number = whole_number(hand_number, "a hand number", 0, error=TableError)
        start = (hand_number // self.hands_each + 1) * self.hands_each
        return self.game_for_hand(start), start


class DealersChoice:
    """Dealer's choice: the player on the button picks the game from the approved list.

    >>> d = DealersChoice(["badugi", "archie"])
    >>> d.choose("archie")
    'archie'
    """

    def __init__(self, approved: Sequence[str]) -> None:
        approved = _pot_games(approved, "dealer's choice needs a list of approved games")
        self.approved = approved

    def choose(self, game: str) -> str:
        """Check the button's pick against the approved list.

        >>> DealersChoice(["badugi"]).choose("stud8")
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: 'stud8' is not on the approved list: badugi
        """
        if not isinstance(game, str) or game not in self.approved:
            raise TableError(f"{shown(game)} is not on the approved list: {', '.join(self.approved)}")
        return game


__all__ = ["Rotation", "DealersChoice"]
