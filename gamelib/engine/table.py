"""The table: seats and stacks, buy-ins, structures, and which game is dealt next.

A ``Table`` seats players, checks buy-ins and purchases against the limits of its kind of game
(R17 for the mixed games: no forced bet over $10, at most $150 bought from the dealer in one
hand, at most $1,000 to enter; R18 for Big O: a minimum buy-in of ten times the largest bet, the
return-after-cash-out rule, a new player posts a big blind), moves the button and starts each
hand (``new_hand``) and settles it (``settle``). The game comes from a ``Rotation`` (a list of
games, a number of hands each) or from ``DealersChoice`` (the button picks from an approved
list), or is fixed.

>>> t = Table("big-o", structure="$2-$4", seats=6)
>>> t.sit(0, "Ann", 40); t.sit(3, "Bob", 60)
>>> h = t.new_hand(seed=1)
>>> h.game.key, t.hand_seats
('big-o', [0, 3])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from ..errors import TableError
from ..games.pot import (
    BIG_O_STRUCTURES,
    MAX_ENTRY,
    MAX_FORCED_BET,
    MAX_PURCHASE_PER_HAND,
    POT_DECLARATIONS,
    PotGame,
    Structure,
    limit_structure,
    stud_structure,
)
from .hand import Hand

#: R18: the minimum buy-in in a Big O game is this many times the largest bet.
BIG_O_MIN_BUY_IN_BETS = 10


def min_buy_in(structure: Structure) -> int:
    """Big O minimum buy-in: ten times the largest bet of the structure (R18).

    >>> [min_buy_in(s) for s in BIG_O_STRUCTURES.values()]
    [20, 40, 40, 40]
    """
    return BIG_O_MIN_BUY_IN_BETS * structure.largest_bet


def check_mixed_structure(structure: Structure) -> None:
    """Refuse a mixed-game structure with a forced bet over $10 (R17).

    >>> check_mixed_structure(limit_structure(20, 40))
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: no forced bet may be over $10 (R17); $20/$40 limit has $20
    """
    big = max(structure.forced_bets, default=0)
    if big > MAX_FORCED_BET:
        raise TableError(f"no forced bet may be over ${MAX_FORCED_BET} (R17); {structure.name} has ${big}")


def structure_for(game: PotGame, lower: int, higher: int) -> Structure:
    """The limit structure of ``game`` at lower/higher limits: blinds (R11) or a stud bring-in (R14).

    >>> structure_for(POT_DECLARATIONS["stud8"], 2, 4).bring_in
    1
    """
    return stud_structure(lower, higher) if game.is_stud else limit_structure(lower, higher)


class Rotation:
    """A rotation: each game of ``games`` is dealt ``hands_each`` hands, then the next.

    >>> r = Rotation(["badugi", "stud8"], hands_each=2)
    >>> [r.game_for_hand(i) for i in range(5)]
    ['badugi', 'badugi', 'stud8', 'stud8', 'badugi']
    """

    def __init__(self, games: Sequence[str], hands_each: int) -> None:
        games = list(games)
        if not games:
            raise TableError("a rotation needs at least one game")
        for g in games:
            if g not in POT_DECLARATIONS:
                raise TableError(f"{g!r} is not a pot game; the games are: {', '.join(POT_DECLARATIONS)}")
        if not isinstance(hands_each, int) or hands_each < 1:
            raise TableError(f"each game of a rotation is played for 1 or more hands, not {hands_each!r}")
        self.games = games
        self.hands_each = hands_each

    def game_for_hand(self, hand_number: int) -> str:
        """The game of hand number ``hand_number`` (0 = the first hand).

        >>> Rotation(["archie"], 8).game_for_hand(100)
        'archie'
        """
        return self.games[(hand_number // self.hands_each) % len(self.games)]

    def next_game(self, hand_number: int) -> tuple[str, int]:
        """The next game after the current one, and the number of the hand it starts with.

        >>> Rotation(["badugi", "stud8", "big-o"], 8).next_game(9)
        ('big-o', 16)
        """
        start = (hand_number // self.hands_each + 1) * self.hands_each
        return self.game_for_hand(start), start


class DealersChoice:
    """Dealer's choice: the player on the button picks the game from the approved list.

    >>> d = DealersChoice(["badugi", "archie"])
    >>> d.choose("archie")
    'archie'
    """

    def __init__(self, approved: Sequence[str]) -> None:
        approved = list(approved)
        if not approved:
            raise TableError("dealer's choice needs a list of approved games")
        for g in approved:
            if g not in POT_DECLARATIONS:
                raise TableError(f"{g!r} is not a pot game; the games are: {', '.join(POT_DECLARATIONS)}")
        self.approved = approved

    def choose(self, game: str) -> str:
        """Check the button's pick against the approved list.

        >>> DealersChoice(["badugi"]).choose("stud8")
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: 'stud8' is not on the approved list: badugi
        """
        if game not in self.approved:
            raise TableError(f"{game!r} is not on the approved list: {', '.join(self.approved)}")
        return game


@dataclass
class Seat:
    """A seated player: name and stack, and whether he must post a big blind to get a hand.

    >>> Seat("Ann", 40).owes_big_blind
    True
    """

    player: str
    stack: int
    owes_big_blind: bool = True
    bought_this_hand: int = 0


@dataclass
class CashOut:
    """A player's last cash-out: how much, and the button moves counted since.

    >>> CashOut(150).button_moves
    0
    """

    amount: int
    button_moves: int = 0


class Table:
    """A table of one kind of pot game (see the module docstring).

    ``game`` is a game key, a ``Rotation`` or a ``DealersChoice``; ``structure`` is a
    ``Structure``, a Big O structure name (``"$1-$2"``, ``"$2-$4"``, ``"$4-$4"``, ``"$1-$4"``) or
    ``None`` for the game's default ($2/$4).

    >>> Table("badugi", seats=6).seats
    [None, None, None, None, None, None]
    """

    def __init__(self, game: Union[str, Rotation, DealersChoice], structure: Union[Structure, str, None] = None,
                 seats: int = 8, lower_higher: Optional[tuple[int, int]] = None) -> None:
        if isinstance(game, str) and game not in POT_DECLARATIONS:
            raise TableError(f"{game!r} is not a pot game; the games are: {', '.join(POT_DECLARATIONS)}")
        self.game = game
        self.big_o = game == "big-o"
        if isinstance(structure, str):
            if structure not in BIG_O_STRUCTURES:
                raise TableError(f"unknown structure {structure!r}; the Big O structures are: {', '.join(BIG_O_STRUCTURES)}")
            structure = BIG_O_STRUCTURES[structure]
        if structure is not None and self.big_o and structure not in BIG_O_STRUCTURES.values():
            raise TableError(f"Big O is spread only as {', '.join(BIG_O_STRUCTURES)} (R18)")
        self.structure = structure
        self.lower_higher = lower_higher or (2, 4)
        if not self.big_o:
            for key in self._games():
                check_mixed_structure(self.structure_of(POT_DECLARATIONS[key]))
        if not 2 <= seats <= 10:
            raise TableError(f"a table has 2 to 10 seats, not {seats}")
        self.seats: list[Optional[Seat]] = [None] * seats
        self.button = 0
        self.hands_played = 0
        self.cashed_out: dict[str, CashOut] = {}
        self.hand_seats: list[int] = []
        self.current: Optional[Hand] = None

    def _games(self) -> list[str]:
        if isinstance(self.game, Rotation):
            return self.game.games
        if isinstance(self.game, DealersChoice):
            return self.game.approved
        return [self.game]

    def structure_of(self, game: PotGame) -> Structure:
        """The structure a game is dealt at this table.

        >>> Table("stud8").structure_of(POT_DECLARATIONS["stud8"]).name
        '$2/$4 stud'
        """
        if self.structure is not None:
            return self.structure
        return structure_for(game, *self.lower_higher)

    # --- seats and money -----------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise TableError(f"seat {seat} does not exist; the seats are 0 to {len(self.seats) - 1}")

    def min_buy_in(self) -> int:
        """The smallest buy-in at this table ($0 where no minimum applies).

        >>> Table("big-o", "$1-$2").min_buy_in()
        20
        """
        return min_buy_in(self.structure or BIG_O_STRUCTURES["$2-$4"]) if self.big_o else 1

    def sit(self, seat: int, player: str, chips: int, from_dealer: int = 0) -> None:
        """Seat ``player`` with ``chips`` (``from_dealer`` of them bought at the table).

        >>> t = Table("big-o", "$1-$2"); t.sit(0, "Ann", 19)
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: the minimum buy-in is $20 (ten times the largest bet, R18), not $19
        """
        self._check_seat(seat)
        if self.seats[seat] is not None:
            raise TableError(f"seat {seat} is taken by {self.seats[seat].player}")  # type: ignore[union-attr]
        if any(s is not None and s.player == player for s in self.seats):
            raise TableError(f"{player} is already seated")
        if not isinstance(chips, int) or chips <= 0:
            raise TableError(f"a buy-in is a whole number of dollars above $0, not {chips!r}")
        if self.big_o:
            if chips < self.min_buy_in():
                raise TableError(f"the minimum buy-in is ${self.min_buy_in()} (ten times the largest bet, R18), not ${chips}")
            back = self.cashed_out.get(player)
            if back is not None and back.button_moves < max(self._occupied(), 1) and chips < back.amount:
                raise TableError(
                    f"{player} cashed out ${back.amount}: he may return before a full button rotation "
                    f"only with at least ${back.amount} (R18), not ${chips}")
        else:
            if chips > MAX_ENTRY:
                raise TableError(f"no player may enter the game with more than ${MAX_ENTRY} (R17), not ${chips}")
            if from_dealer > MAX_PURCHASE_PER_HAND:
                raise TableError(f"no more than ${MAX_PURCHASE_PER_HAND} may be bought from the dealer in one hand (R17)")
        if not 0 <= from_dealer <= chips:
            raise TableError(f"chips bought from the dealer must be from $0 to the buy-in, not ${from_dealer}")
        self.seats[seat] = Seat(player, chips, owes_big_blind=self.hands_played > 0, bought_this_hand=from_dealer)
        self.cashed_out.pop(player, None)

    def buy(self, seat: int, amount: int) -> None:
        """Buy more chips from the dealer between hands (R17: at most $150 in one hand).

        >>> t = Table("badugi"); t.sit(1, "Cy", 100); t.buy(1, 150); t.buy(1, 1)
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: Cy has bought $150 from the dealer this hand; at most $150 in one hand (R17)
        """
        self._check_seat(seat)
        s = self.seats[seat]
        if s is None:
            raise TableError(f"seat {seat} is empty")
        if not isinstance(amount, int) or amount <= 0:
            raise TableError(f"a purchase is a whole number of dollars above $0, not {amount!r}")
        if not self.big_o and s.bought_this_hand + amount > MAX_PURCHASE_PER_HAND:
            raise TableError(f"{s.player} has bought ${s.bought_this_hand} from the dealer this hand; "
                             f"at most ${MAX_PURCHASE_PER_HAND} in one hand (R17)")
        s.stack += amount
        s.bought_this_hand += amount

    def cash_out(self, seat: int) -> int:
        """The player leaves with all his chips (all of them at once, per the Big O filing).

        >>> t = Table("big-o"); t.sit(2, "Di", 50); t.cash_out(2)
        50
        """
        self._check_seat(seat)
        s = self.seats[seat]
        if s is None:
            raise TableError(f"seat {seat} is empty")
        self.seats[seat] = None
        self.cashed_out[s.player] = CashOut(s.stack)
        return s.stack

    def _occupied(self) -> int:
        return sum(1 for s in self.seats if s is not None)

    # --- hands ---------------------------------------------------------------------------

    def game_for_next_hand(self, choice: Optional[str] = None) -> str:
        """The game of the next hand: fixed, from the rotation, or the button's choice.

        >>> Table(Rotation(["badugi", "archie"], 1)).game_for_next_hand()
        'badugi'
        """
        if isinstance(self.game, Rotation):
            return self.game.game_for_hand(self.hands_played)
        if isinstance(self.game, DealersChoice):
            if choice is None:
                raise TableError(f"dealer's choice: the button must pick one of {', '.join(self.game.approved)}")
            return self.game.choose(choice)
        return self.game

    def new_hand(self, seed: Any = None, choice: Optional[str] = None, deck: Any = None) -> Hand:
        """Start the next hand with every seated player who has chips; the button is kept or
        moved to the next seated player.

        >>> t = Table("badugi"); t.sit(0, "A", 50); t.sit(1, "B", 50); t.new_hand(seed=2).to_act
        0
        """
        if self.current is not None and not self.current.is_over:
            raise TableError("the current hand is not over")
        seats = [i for i, s in enumerate(self.seats) if s is not None and s.stack > 0]
        if len(seats) < 2:
            raise TableError("a hand needs at least two players with chips")
        game = POT_DECLARATIONS[self.game_for_next_hand(choice)]
        if len(seats) > game.max_players:
            raise TableError(f"{game.title} is dealt to at most {game.max_players} players; {len(seats)} are seated")
        if self.button not in seats:
            self.button = next(s for s in seats + [seats[0]] if s > self.button) if any(s > self.button for s in seats) else seats[0]
        self.hand_seats = seats
        stacks = [self.seats[s].stack for s in seats]  # type: ignore[union-attr]
        new = [k for k, s in enumerate(seats) if self.seats[s].owes_big_blind and not game.is_stud]  # type: ignore[union-attr]
        self.current = Hand(game, stacks, button=seats.index(self.button), structure=self.structure_of(game),
                            seed=seed, deck=deck, new_players=new)
        for s in seats:
            self.seats[s].owes_big_blind = False  # type: ignore[union-attr]
        return self.current

    def settle(self) -> list[int]:
        """After the hand: stacks back to the seats, the button moves, purchases reset.

        >>> t = Table("badugi"); t.sit(0, "A", 50); t.sit(1, "B", 50)
        >>> h = t.new_hand(seed=2); h.act("fold"); t.settle()
        [49, 51, 0, 0, 0, 0, 0, 0]
        """
        h = self.current
        if h is None or not h.is_over:
            raise TableError("there is no finished hand to settle")
        for k, s in enumerate(self.hand_seats):
            self.seats[s].stack = h.stacks[k]  # type: ignore[union-attr]
        for s in self.seats:
            if s is not None:
                s.bought_this_hand = 0
        self.hands_played += 1
        occupied = [i for i, s in enumerate(self.seats) if s is not None]
        later = [i for i in occupied if i > self.button]
        self.button = later[0] if later else occupied[0]
        for c in self.cashed_out.values():
            c.button_moves += 1
        return [s.stack if s is not None else 0 for s in self.seats]


__all__ = ["Table", "Seat", "Rotation", "DealersChoice", "min_buy_in", "check_mixed_structure",
           "structure_for", "BIG_O_MIN_BUY_IN_BETS"]
