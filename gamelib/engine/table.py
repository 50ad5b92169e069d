"""The table: seats and stacks, buy-ins, structures, and which game is dealt next.

A ``Table`` is of one declared kind (``gamelib.games.table_kinds``: the Big O cash table or the
mixed-game table) and reads everything about its money and stakes from it: it seats players,
checks buy-ins and purchases against the kind's limits (R17 for the mixed games: the largest
forced bet, the most bought from the dealer in one hand, the most to enter; R18 for Big O: the
minimum buy-in in bets, the return-after-cash-out rule), spreads only the stakes the kind allows
(R26: Big O's four structures; at a mixed table fixed limit with R11 blinds, pot limit or no
limit, within R17), seats new players and players who change seats (R24 for Big O, R25 at a
mixed table: a new seat posts a big blind, or waits for it, and is never dealt in on the button
or in the small-blind seat), moves the button and starts each hand (``new_hand``) and settles it
(``settle``). The game comes from a ``Rotation`` (a list of games, a number of hands each) or
from ``DealersChoice`` (the button picks from an approved list), or is fixed. The stakes checks
are in ``gamelib.engine.stakes``, the rotations in ``gamelib.engine.rotation``.

>>> t = Table("big-o", structure="$2-$4", seats=6)
>>> t.sit(0, "Ann", 40); t.sit(3, "Bob", 60)
>>> h = t.new_hand(seed=1)
>>> h.game.key, t.hand_seats
('big-o', [0, 3])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..amounts import flag, is_whole, items, name_text, one_of, whole_number
from ..cards import CardsLike, SeedLike
from ..errors import TableError, shown
from ..games.pot import POT_DECLARATIONS, PotGame, Structure
from ..games.table_kinds import Spread, table_kind_listing, table_kind_of
from .hand import MAX_STACK, Hand
from .rotation import DealersChoice, Rotation
from .stakes import (  # also re-exported
    BIG_O_ALLOWED,
    BIG_O_MIN_BUY_IN_BETS,
    MIXED_ALLOWED,
    check_big_o_structure,
    check_mixed_structure,
    check_table_structure,
    min_buy_in,
    mixed_structure_problem,
    structure_for,
)


@dataclass
class Seat:
    """A seated player: name and stack; whether he has taken a new seat and so must post a big
    blind to get a hand (R24, R25), and whether he chose to wait for the big blind rather than
    post one at once.

    >>> Seat("Ann", 40).owes_big_blind, Seat("Ann", 40).waits_for_big_blind
    (True, False)
    """

    player: str
    stack: int
    owes_big_blind: bool = True
    bought_this_hand: int = 0
    waits_for_big_blind: bool = False


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

    ``game`` is a game key, a ``Rotation`` or a ``DealersChoice``; the table's ``kind`` is the
    declared kind of table that deals it (``table_kind_of``), and the table reads its rules
    there. A Big O table (``"big-o"``) is a Big O cash game: ``structure`` is one of its four
    structures, by name (``"$1-$2"``, ``"$2-$4"``, ``"$4-$4"``, ``"$1-$4"``) or as the
    ``Structure``, default $2-$4 (R18). Any other table is a mixed-game table: ``structure`` is a
    ``Structure`` or ``None``, and ``lower_higher`` the limits of a fixed-limit game (default
    $2/$4) whose blinds (R11) or bring-in (R14) follow from them. Stakes that the filings do not
    allow are refused (R26).

    >>> Table("badugi", seats=6).seats
    [None, None, None, None, None, None]
    >>> Table("archie", structure="$4-$4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: '$4-$4' names a Big O cash-game structure (R18): a mixed-game table spreads ...
    """

    def __init__(self, game: str | Rotation | DealersChoice, structure: Structure | str | None = None,
                 seats: int = 8, lower_higher: tuple[int, int] | None = None) -> None:
        if not isinstance(game, (Rotation, DealersChoice)):
            game = one_of(game, "a table's game (a pot game's key, a Rotation or a DealersChoice)",
                          list(POT_DECLARATIONS), TableError)
        if not (structure is None or isinstance(structure, (str, Structure))):
            raise TableError(f"a table's structure is a Structure, a structure's name or None, not {shown(structure)}")
        seats = whole_number(seats, "a table's number of seats", 2, 10, TableError)
        if lower_higher is not None:
            limits: list[object] = items(lower_higher, "lower/higher limits", 2, 2, TableError, "whole dollars")
            lower_higher = (whole_number(limits[0], "the lower limit", 1, error=TableError),
                            whole_number(limits[1], "the higher limit", 1, error=TableError))
        self.game = game
        self.kind = kind = table_kind_of(game if isinstance(game, str) else None)
        if structure is not None and lower_higher is not None:
            raise TableError("give a table a structure or lower/higher limits, not both")
        if kind.spread is Spread.LISTED:  # R18, R26: the four structures of the Big O filing, and nothing else
            if lower_higher is not None:
                lo, hi = lower_higher
                raise TableError(f"lower/higher limits ${lo}/${hi} are not spread at {kind.where}: {kind.allowed}; "
                                 "give one of them as the structure")
            if isinstance(structure, str):
                named = kind.structure_named(structure)
                if named is None:
                    raise TableError(f"unknown structure {shown(structure)}: {kind.allowed}")
                structure = named
            structure = structure or kind.default_structure
            assert structure is not None  # a listing kind declares its default
            check_big_o_structure(structure, kind)
        elif isinstance(structure, str):
            lister = table_kind_listing(structure)
            raise TableError(f"{shown(structure)} names a {lister.structure_words} ({lister.money_ruling}): "
                             f"{kind.allowed}; give lower/higher limits or a Structure")
        self.structure = structure
        self.lower_higher = lower_higher or kind.default_limits
        if kind.spread is Spread.MIXED_RULES:  # R26, R17: each game of the table at its own structure
            for key in self._games():
                check_table_structure(POT_DECLARATIONS[key], self.structure_of(POT_DECLARATIONS[key]), kind)
        self.seats: list[Seat | None] = [None] * seats
        self.button = 0
        self.last_button: int | None = None
        self.hands_played = 0
        self.cashed_out: dict[str, CashOut] = {}
        self.hand_seats: list[int] = []
        self.sitting_out: dict[int, str] = {}
        self.new_seat_posts: list[int] = []
        self.current: Hand | None = None
        self.settled = True  # the last hand dealt (if any) has been settled

    @property
    def new_seat_ruling(self) -> str:
        """The ruling a new seat's big blind follows: R24 at Big O, R25 at a mixed-game table.

        >>> Table("big-o").new_seat_ruling, Table("badugi").new_seat_ruling
        ('R24', 'R25')
        """
        return self.kind.new_seat_ruling

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
        if not isinstance(game, PotGame):
            raise TableError("structure_of takes a pot game's declaration (get_game(key).declaration), "
                             f"not {shown(game)}")
        if self.structure is not None:
            return self.structure
        assert self.lower_higher is not None  # a kind without a structure has default limits
        return structure_for(game, *self.lower_higher)

    # --- seats and money -----------------------------------------------------------------

    def _unsettled_player(self, seat: int, doing: str) -> None:
        """Refuse ``doing`` for a seat dealt into a hand that is not settled yet: until
        ``settle`` the hand owns his chips (his stack comes back from the hand), so a purchase,
        a cash-out or a seat change now would be lost or would take chips still in the pot."""
        if not self.settled and seat in self.hand_seats:
            player = self._occupant(seat).player
            state = "is in the hand in progress" if self.current is not None and not self.current.is_over \
                else "was dealt into the last hand, which is not settled yet"
            raise TableError(f"{player} {state}: he {doing} after the hand is settled (Table.settle)")

    def _occupant(self, seat: int) -> Seat:
        """The player in ``seat`` (an existing seat), or a refusal if it is empty."""
        occupant = self.seats[seat]
        if occupant is None:
            raise TableError(f"seat {seat} is empty")
        return occupant

    def _check_seat(self, seat: object) -> int:
        """``seat`` as the index of one of the table's seats (a whole number), or a refusal."""
        if not is_whole(seat) or not 0 <= seat < len(self.seats):
            raise TableError(f"seat {shown(seat)} does not exist; "
                             f"the seats are whole numbers 0 to {len(self.seats) - 1}")
        return int(seat)

    def min_buy_in(self) -> int:
        """The smallest buy-in at this table ($0 where no minimum applies).

        >>> Table("big-o", "$1-$2").min_buy_in()
        20
        """
        return self.kind.min_buy_in(self.structure)

    def sit(self, seat: int, player: str, chips: int, from_dealer: int = 0, wait_for_big_blind: bool = False) -> None:
        """Seat ``player`` with ``chips`` (``from_dealer`` of them bought at the table).

        Once the table has played a hand, the player has a new seat: he posts a big blind to get a
        hand, or waits for the big blind if ``wait_for_big_blind`` (R24, R25; see ``new_hand``).

        >>> t = Table("big-o", "$1-$2"); t.sit(0, "Ann", 19)
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: the minimum buy-in is $20 (ten times the largest bet, R18), not $19
        """
        seat = self._check_seat(seat)
        player = name_text(player, "a player's name", error=TableError)
        wait_for_big_blind = flag(wait_for_big_blind, "wait_for_big_blind", TableError)
        if (taken := self.seats[seat]) is not None:
            raise TableError(f"seat {seat} is taken by {taken.player}")
        if any(s is not None and s.player == player for s in self.seats):
            raise TableError(f"{player} is already seated")
        if not is_whole(chips) or not 0 < chips <= MAX_STACK:
            raise TableError(f"a buy-in is a whole number of dollars above $0 (at most ${MAX_STACK:,}), "
                             f"not {shown(chips)}")
        chips = int(chips)
        from_dealer = whole_number(from_dealer, "chips bought from the dealer", 0, error=TableError)
        kind = self.kind
        if kind.min_buy_in_bets is not None and chips < self.min_buy_in():
            raise TableError(f"the minimum buy-in is ${self.min_buy_in()} ({kind.min_buy_in_words}), not ${chips}")
        back = self.cashed_out.get(player)
        if (kind.cash_out_return and back is not None and back.button_moves < max(self._occupied(), 1)
                and chips < back.amount):
            raise TableError(
                f"{player} cashed out ${back.amount}: he may return before a full button rotation "
                f"only with at least ${back.amount} ({kind.money_ruling}), not ${chips}")
        if kind.max_entry is not None and chips > kind.max_entry:
            raise TableError(f"no player may enter the game with more than ${kind.max_entry} ({kind.money_ruling}), "
                             f"not ${chips}")
        limit = kind.max_purchase_per_hand
        if limit is not None and from_dealer > limit:
            raise TableError(f"no more than ${limit} may be bought from the dealer in one hand ({kind.money_ruling})")
        if not 0 <= from_dealer <= chips:
            raise TableError(f"chips bought from the dealer must be from $0 to the buy-in, not ${from_dealer}")
        self.seats[seat] = Seat(player, chips, owes_big_blind=self.hands_played > 0, bought_this_hand=from_dealer,
                                waits_for_big_blind=wait_for_big_blind)
        self.cashed_out.pop(player, None)

    def change_seat(self, from_seat: int, to_seat: int, wait_for_big_blind: bool = False) -> None:
        """Move a player, between hands, to an open seat; he keeps his chips. After the table's
        first hand he has taken a new seat, as a new player has: he posts a big blind to get a
        hand there, or waits for the big blind (R24, R25).

        >>> t = Table("big-o"); t.sit(0, "Ann", 40); t.change_seat(0, 3); t.seats[3].player
        'Ann'
        """
        from_seat = self._check_seat(from_seat)
        to_seat = self._check_seat(to_seat)
        wait_for_big_blind = flag(wait_for_big_blind, "wait_for_big_blind", TableError)
        if self.current is not None and not self.current.is_over:
            raise TableError("a player changes seats between hands; the hand in progress is not over")
        s = self._occupant(from_seat)
        self._unsettled_player(from_seat, "changes seats")
        if from_seat == to_seat:
            raise TableError(f"{s.player} is already in seat {to_seat}")
        if (taken := self.seats[to_seat]) is not None:
            raise TableError(f"seat {to_seat} is taken by {taken.player}")
        self.seats[from_seat], self.seats[to_seat] = None, s
        s.owes_big_blind = s.owes_big_blind or self.hands_played > 0
        s.waits_for_big_blind = wait_for_big_blind

    def buy(self, seat: int, amount: int) -> None:
        """Buy more chips from the dealer between hands (R17: at most $150 in one hand). A player
        dealt into a hand buys after it is settled: the chips he has in play are the hand's.

        >>> t = Table("badugi"); t.sit(1, "Cy", 100); t.buy(1, 150); t.buy(1, 1)
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: Cy has bought $150 from the dealer this hand; at most $150 in one hand (R17)
        """
        seat = self._check_seat(seat)
        s = self._occupant(seat)
        self._unsettled_player(seat, "buys chips")
        if not is_whole(amount) or not 0 < amount <= MAX_STACK - s.stack:
            raise TableError(f"a purchase is a whole number of dollars above $0 (at most ${MAX_STACK - s.stack:,}: "
                             f"a stack holds at most ${MAX_STACK:,}), not {shown(amount)}")
        amount = int(amount)
        limit = self.kind.max_purchase_per_hand
        if limit is not None and s.bought_this_hand + amount > limit:
            raise TableError(f"{s.player} has bought ${s.bought_this_hand} from the dealer this hand; "
                             f"at most ${limit} in one hand ({self.kind.money_ruling})")
        s.stack += amount
        s.bought_this_hand += amount

    def cash_out(self, seat: int) -> int:
        """The player leaves with all his chips (all of them at once, per the Big O filing); a
        player dealt into a hand leaves after it is settled, with what the hand left him.

        >>> t = Table("big-o"); t.sit(2, "Di", 50); t.cash_out(2)
        50
        """
        seat = self._check_seat(seat)
        s = self._occupant(seat)
        self._unsettled_player(seat, "cashes out")
        self.seats[seat] = None
        self.cashed_out[s.player] = CashOut(s.stack)
        return s.stack

    def _occupied(self) -> int:
        return sum(1 for s in self.seats if s is not None)

    # --- hands ---------------------------------------------------------------------------

    def game_for_next_hand(self, choice: str | None = None) -> str:
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
        if choice is not None and (not isinstance(choice, str) or choice != self.game):
            raise TableError(f"this table deals only {self.game}; choice= is for a dealer's-choice table, "
                             f"not {shown(choice)}")
        return self.game

    def _after(self, seat: int, pool: Sequence[int]) -> int:
        """The first seat of ``pool`` clockwise after ``seat`` (``seat`` itself if it is alone)."""
        n = len(self.seats)
        return min(pool, key=lambda s: (s - seat - 1) % n)

    def _between(self, a: int, x: int, b: int) -> bool:
        """True if seat ``x`` lies strictly between seats ``a`` and ``b``, going clockwise."""
        n = len(self.seats)
        return 0 < (x - a) % n < (b - a) % n

    def _plan(self, game: PotGame) -> tuple[int, list[int], list[int], dict[int, str]]:
        """Who is dealt in: the button seat, the seats dealt in, the new seats among them that
        post a big blind to get the hand, and the seats sitting out with the reason.

        New seats (R24, R25): the button and the small blind go only to players already in the
        game; the big blind is the next seat after the small blind, and a new seat there simply
        posts it. A new seat between the last button and the button, or between the button and
        the small blind, is not dealt in. Anywhere else he posts a live big blind and is dealt
        in, or waits for the big blind if he chose to. Stud games ask no post (R25); the table's
        first hand, or a game starting again with fewer than two players already in it, asks
        none either (R-A13).
        """
        seats = [i for i, s in enumerate(self.seats) if s is not None and s.stack > 0]
        if len(seats) < 2:
            raise TableError("a hand needs at least two players with chips")
        playing = [i for i in seats if not self._occupant(i).owes_big_blind]
        if game.is_stud or self.last_button is None or len(playing) < 2:
            button = self.button if self.button in seats else self._after(self.button, seats)
            return button, seats, [], {}
        button = self._after(self.last_button, playing)
        small = self._after(button, playing)
        big = self._after(small, seats)
        rule = self.new_seat_ruling
        dealt, posting, out = [], [], {}
        for i in seats:
            if i in playing or i == big:
                dealt.append(i)
            elif self._between(self.last_button, i, button):
                out[i] = f"new seat on the button ({rule})"
            elif self._between(button, i, small):
                out[i] = f"new seat in the small blind position: waits until the button has passed ({rule})"
            elif self._occupant(i).waits_for_big_blind:
                out[i] = f"new seat: waits for the big blind ({rule})"
            else:
                dealt.append(i)
                posting.append(i)
        return button, dealt, posting, out

    def new_hand(self, seed: SeedLike = None, choice: str | None = None, deck: CardsLike | None = None) -> Hand:
        """Start the next hand with every seated player who has chips, except new seats that
        are not dealt in yet (R24, R25: ``sitting_out`` says who and why; ``new_seat_posts`` lists
        the new seats that post a big blind to play); the button is kept or moved to the next
        player already in the game.

        >>> t = Table("badugi"); t.sit(0, "A", 50); t.sit(1, "B", 50); t.new_hand(seed=2).to_act
        0
        """
        if self.current is not None and not self.current.is_over:
            raise TableError("the current hand is not over")
        if not self.settled:
            raise TableError("the last hand is over but not settled: settle it first (Table.settle), "
                             "which pays the stacks back to the seats and moves the button")
        game = POT_DECLARATIONS[self.game_for_next_hand(choice)]
        button, seats, posting, out = self._plan(game)
        if len(seats) > game.max_players:
            raise TableError(f"{game.title} is dealt to at most {game.max_players} players; {len(seats)} are seated")
        self.button = button
        self.hand_seats = seats
        self.sitting_out = out
        self.new_seat_posts = posting
        stacks = [self._occupant(s).stack for s in seats]
        self.current = Hand(game, stacks, button=seats.index(button), structure=self.structure_of(game),
                            seed=seed, deck=deck, new_players=[seats.index(s) for s in posting],
                            new_player_ruling=self.new_seat_ruling)
        for s in seats:
            self._occupant(s).owes_big_blind = False
            self._occupant(s).waits_for_big_blind = False
        self.settled = False
        return self.current

    def settle(self) -> list[int]:
        """After the hand: stacks back to the seats, the button moves, purchases reset. A hand
        is settled once: a second call is refused, as is a hand not yet over.

        >>> t = Table("badugi"); t.sit(0, "A", 50); t.sit(1, "B", 50)
        >>> h = t.new_hand(seed=2); h.act("fold"); t.settle()
        [49, 51, 0, 0, 0, 0, 0, 0]
        """
        h = self.current
        if h is None:
            raise TableError("no hand has been dealt at this table; there is nothing to settle")
        if self.settled:
            raise TableError("the last hand is already settled; deal the next one (Table.new_hand)")
        if not h.is_over:
            raise TableError("the hand in progress is not over; it is settled when it is over")
        for k, s in enumerate(self.hand_seats):
            self._occupant(s).stack = h.stacks[k]
        for sitting in self.seats:
            if sitting is not None:
                sitting.bought_this_hand = 0
        self.hands_played += 1
        self.last_button = self.button
        playing = [i for i, s in enumerate(self.seats) if s is not None and s.stack > 0 and not s.owes_big_blind]
        occupied = [i for i, s in enumerate(self.seats) if s is not None]
        self.button = self._after(self.button, playing or occupied)
        for c in self.cashed_out.values():
            c.button_moves += 1
        self.settled = True
        return [s.stack if s is not None else 0 for s in self.seats]


__all__ = ["Table", "Seat", "Rotation", "DealersChoice", "min_buy_in", "check_mixed_structure",
           "check_big_o_structure", "check_table_structure", "mixed_structure_problem", "structure_for",
           "BIG_O_MIN_BUY_IN_BETS", "BIG_O_ALLOWED", "MIXED_ALLOWED"]
