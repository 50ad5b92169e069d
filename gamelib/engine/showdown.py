"""The showdown judge: who wins each portion of the pot, why, and how many dollars each seat gets.

``judge(game, hands, board=None, boards=None)`` (also ``game.showdown(...)``) takes every
seat's final cards in seat order, ``None`` for a seat that folded, so seat indexes stay
stable. The ``Showdown`` it returns lists ``portions`` (name, exact ``Fraction`` share,
winning seats with ties, and the reason in a dealer's words) and pays whole dollars with
``award(pot, button)`` or, for side pots, ``award_pots([(amount, eligible seats), ...])``.
``award_pots_explained`` is the same award with its explanation: each portion's dollars, the
seats paid, and who got an odd dollar and why (``PortionPay.notes``, in the words of
``odd_chip_notes``); the totals ``award_pots`` returns are that explanation's totals.

Rules applied: qualifiers and Archie's no-qualifier split (R8), Drawmaha's hole-only draw
half (R9), badugi halves (R10), odd chips (R5, R6) and side pots (R7).

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> sd = judge(POT_DECLARATIONS["archie"], ["Ac Ad 9h 5s 2c", "As 2d 3h 4c 6d", None])
>>> [(p.name, str(p.share), p.winners) for p in sd.portions]
[('high', '1/2', (0,)), ('low', '1/2', (1,))]
>>> sd.award(21, button=2)
[11, 10, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from ..amounts import array_of, is_whole, items
from ..cards import CardsLike, parse_cards, rank_of, refuse_duplicate_rows, refuse_shared_cards, suit_of
from ..errors import GameError, HandSizeError, shown
from ..games.pot import Portion, PotGame
from ..games.vocabularies import NamedQualifier, NoQualifier, OddChip, unreachable
from ..rankings import RankingSystem, describe, evaluate
from ..rankings import system as ranking_system
from .pots import clockwise_from_button, divide, split_among

SPLIT_NAME = "split (no qualifier)"


@dataclass(frozen=True)
class PortionResult:
    """One portion of one pot: its ``share`` of that pot, its ``winners`` and the words why.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ks Qd Jh Tc"]).portions[0].share
    Fraction(1, 1)
    """

    name: str
    share: Fraction
    winners: tuple[int, ...]
    reason: str
    system: str | None = None
    values: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class PortionPay:
    """One portion of one pot as the showdown pays it: its dollars and who gets them.

    ``paid`` lists ``(seat, dollars)`` in odd-chip order, every tied seat; ``first_portion``
    says whether this is the pot's first paid portion, ``odd_chip_rule`` the words for the order
    the tied seats are paid in. ``odd_dollar`` (whether the portion got an odd dollar of the
    pot's division, R6: the first portions) and ``odd_dollars`` (how many dollars were left over
    among its tied seats) follow from the dollars; ``notes`` explains them (``odd_chip_notes``).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> sd = judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
    >>> sd.award_pots_explained([(7, [0, 1, 2])], button=0).lines[0].note
    '$1 odd dollar of the badugi among 2 tied seats: seat 1 first, clockwise from the button (R6)'
    """

    pot_name: str
    pot_amount: int
    portion: str
    share: Fraction
    dollars: int
    paid: tuple[tuple[int, int], ...]
    reason: str
    first_portion: bool = True
    odd_chip_rule: str = ""

    @property
    def odd_dollar(self) -> bool:
        """Whether the portion got more than its exact share of the pot: an odd dollar (R6)."""
        return self.dollars > self.share * self.pot_amount

    @property
    def odd_dollars(self) -> int:
        """The dollars left over once the portion is divided evenly among its tied seats."""
        return self.dollars % len(self.paid) if self.paid else 0

    @property
    def notes(self) -> tuple[str, ...]:
        """The sentences that explain this portion's odd dollars (none when it divides evenly)."""
        return odd_chip_notes(self)

    @property
    def note(self) -> str:
        """``notes`` as one line, ``"; "`` between them (empty when there is no odd dollar)."""
        return "; ".join(self.notes)


@dataclass(frozen=True)
class PayExplanation:
    """How a set of pots is paid: one ``PortionPay`` per paid portion, and the totals per seat."""

    lines: tuple[PortionPay, ...]
    totals: tuple[int, ...]


def odd_chip_notes(pay: PortionPay) -> tuple[str, ...]:
    """Who gets an odd dollar of one portion, and why, in the dealer's words (R6).

    The one wording of the odd-chip rules: the explanation of an award, and the split-pot
    drill, read it here.

    >>> pay = PortionPay("main pot", 21, "high", Fraction(1, 2), 11, ((0, 6), (1, 5)), "",
    ...                  first_portion=True, odd_chip_rule="clockwise from the button (R6)")
    >>> odd_chip_notes(pay)[0]
    'the high gets the odd dollar of the $21 pot, being the first portion (R6)'
    >>> odd_chip_notes(pay)[1]
    '$1 odd dollar of the high among 2 tied seats: seat 0 first, clockwise from the button (R6)'
    """
    notes = []
    if pay.odd_dollar:
        notes.append(f"the {pay.portion} gets the odd dollar of the ${pay.pot_amount} pot, "
                     f"{'being the first portion' if pay.first_portion else 'in portion order'} (R6)")
    if pay.odd_dollars:
        rest = pay.odd_dollars
        first = ", ".join(f"seat {s}" for s, _ in pay.paid[:rest])
        notes.append(f"${rest} odd dollar{'s' if rest > 1 else ''} of the {pay.portion} "
                     f"among {len(pay.paid)} tied seats: {first} first, {pay.odd_chip_rule}")
    return tuple(notes)


@cache
def qualifier_value(system: str, qualifier: str | None) -> int:
    """The smallest value that qualifies (0 when every hand qualifies).

    >>> qualifier_value("low8", "low8"), qualifier_value("high", None)
    (1, 0)
    """
    if qualifier is None:
        return 0
    if qualifier == NamedQualifier.LOW8:
        return 1
    return int(evaluate(system, [qualifier])[0])


def _hand_list(game: PotGame, hands: Sequence[CardsLike | None]) -> list[list[int] | None]:
    out: list[list[int] | None] = []
    seats: list[CardsLike | None] = items(hands, f"the hands at a showdown of {game.title}", 1, game.max_players,
                                             HandSizeError, "a hand's cards, or None for a folded seat")
    for i, h in enumerate(seats):
        out.append(None if h is None else parse_cards(h, what=f"seat {i}'s hand"))
    return out


def _seat_key_high(cards: Sequence[int]) -> int:
    """Highest card by suit (R2, R6): larger is first to get an odd chip on a high side."""
    return max(cards)


def _low_order(card: int, ace_high: bool) -> tuple[int, int]:
    r = rank_of(card)
    if not ace_high:
        r = (r + 1) % 13  # ace lowest
    return (r, suit_of(card))


class Showdown:
    """The judged showdown of one hand (see the module docstring).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> Showdown(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", None]).live
    (0,)
    """

    def __init__(self, game: PotGame, hands: Sequence[CardsLike | None], board: CardsLike | None = None,
                 boards: Sequence[CardsLike] | None = None, community: CardsLike | None = None) -> None:
        self.game = game
        self.hands = _hand_list(game, hands)
        # Stud community card (R-A6): one card every live player uses as part of his hand.
        self.community = parse_cards(community, what="community card") if community is not None else []
        live = [i for i, h in enumerate(self.hands) if h is not None]
        if not live:
            raise GameError("a showdown needs at least one player's hand (None marks a folded seat)")
        self.live: tuple[int, ...] = tuple(live)
        self.boards = self._parse_boards(board, boards)
        # R6: a shared community card belongs to nobody, so the odd chip is decided by each
        # player's own cards alone (kept apart before the community card joins the hands).
        own = {i: list(h) for i, h in enumerate(self.hands) if h is not None}
        for i in live:
            refuse_shared_cards([("the community card", self.community), (f"seat {i}'s hand", own[i])],
                                "the community card {card} is also in {second}")
        self.own_cards: list[list[int] | None] = [own.get(i) for i in range(len(self.hands))]
        full = {i: h + self.community for i, h in own.items()}
        if self.community:
            self.hands = [full.get(i) for i in range(len(self.hands))]
        sizes = {len(full[i]) for i in live}
        if sizes != {game.hole_cards}:
            raise HandSizeError(
                f"each {game.title} hand at the showdown has {game.hole_cards} cards; got {sorted(sizes)}")
        holders: list[tuple[str, Iterable[int]]] = [(f"seat {i}'s hand", own[i]) for i in live]
        refuse_shared_cards(holders + [(f"board {b + 1}", cards) for b, cards in enumerate(self.boards)])
        self.values: list[list[int | None]] = []
        for p in game.portions:
            vals: list[int | None] = [None] * len(self.hands)
            rows = [full[i] for i in live]
            if ranking_system(p.system).uses_board:
                v = evaluate(p.system, rows, board=self.boards[p.board])
            else:
                v = evaluate(p.system, rows)
            for i, x in zip(live, v.tolist(), strict=True):
                vals[i] = int(x)
            self.values.append(vals)
        self.portions: list[PortionResult] = self.judge(live)

    def _parse_boards(self, board: CardsLike | None, boards: Sequence[CardsLike] | None) -> list[list[int]]:
        n = self.game.boards
        if n == 0:
            if board is not None or boards:
                raise HandSizeError(f"{self.game.title} has no board; give only the players' hands")
            return []
        if board is not None and boards is not None:
            raise HandSizeError("give either board= (one board) or boards= (a list), not both")
        given = [board] if board is not None else items(boards, "boards=", 0, None, HandSizeError,
                                                             "a board of 5 cards") if boards is not None else []
        if len(given) != n:
            raise HandSizeError(f"{self.game.title} is played with {n} board{'s' if n > 1 else ''}; got {len(given)}")
        out = [parse_cards(b, what=f"board {k + 1}") for k, b in enumerate(given)]
        for k, b in enumerate(out):
            if len(b) != 5:
                raise HandSizeError(f"board {k + 1} must have 5 cards at the showdown, not {len(b)}")
        return out

    # --- judging -------------------------------------------------------------------------

    def judge(self, eligible: Iterable[int]) -> list[PortionResult]:
        """The portions of a pot that only the ``eligible`` seats contest (R7).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> sd = judge(POT_DECLARATIONS["stud8"], ["Ac Ad Ah 5s 2c 3d 4h", "Kc Kd Kh Ks 7c 8d 9h"])
        >>> [(p.name, p.winners) for p in sd.judge([1])]
        [('high', (1,)), ('low', ())]
        """
        if isinstance(eligible, (str, bytes, Mapping)) or not isinstance(eligible, Iterable):
            raise GameError(f"the eligible seats are a list (or set) of seat numbers, not {shown(eligible)}")
        given: list[object] = list(eligible)
        elig = [int(i) for i in given if is_whole(i) and i in self.live]
        if not elig:
            raise GameError(f"no live seat among {shown(given)}; live seats are {list(self.live)}")
        results: list[tuple[Portion, tuple[int, ...], str]] = []
        for p, vals in zip(self.game.portions, self.values, strict=True):
            bar = qualifier_value(p.system, p.qualifier)
            qual = {i: v for i in elig if (v := vals[i]) is not None and v >= bar}
            if not qual:
                need = f" (it needs {p.qualifier_words})" if p.qualifier_words else ""
                results.append((p, (), f"no hand qualifies for the {p.name}{need}"))
                continue
            top = max(qual.values())
            win = tuple(i for i, v in qual.items() if v == top)
            who = " and ".join(f"seat {i}" for i in win)
            verb = "split" if len(win) > 1 else "wins"
            side = f"on {p.name}" if p.name.startswith("board") else f"the {p.name}"
            results.append((p, win, f"{who} {verb} {side} with {describe(p.system, top)}"))
        total = sum((p.share for p, w, _ in results if w), Fraction(0))
        out = [PortionResult(p.name, (p.share / total if w else Fraction(0)), w, why, p.system,
                             tuple(vals)) for (p, w, why), vals in zip(results, self.values, strict=True)]
        if total == 0:
            who = ", ".join(f"seat {i}" for i in elig)
            out.append(PortionResult(SPLIT_NAME, Fraction(1), tuple(elig),  # R8, R-A10 in a side pot
                                     f"nobody qualifies, so {who} split the pot (R8)"))
        return out

    @property
    def reasons(self) -> list[str]:
        """The dealer's words for each portion of the whole pot.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ks Qd Jh Tc"]).reasons
        ['seat 0 wins the badugi with four-card badugi 4-3-2-A']
        """
        return [p.reason for p in self.portions if p.share or p.name == SPLIT_NAME]

    # --- money ---------------------------------------------------------------------------

    def odd_chip_order(self, seats: Sequence[int], portion: str | None, button: int) -> list[int]:
        """Tied seats in the order they receive odd dollars (R6).

        Button games: clockwise from the button. Stud games: the highest card by suit on a high
        side, the lowest card by suit on a low side (ace low except where the side plays aces
        high, R-A3). Only the player's own cards count: a shared community card never decides
        the chip (R6).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> sd = judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
        >>> sd.odd_chip_order([0, 1], "badugi", button=0)
        [1, 0]
        """
        system = self._odd_chip_system(portion)
        if system is None:
            return clockwise_from_button(seats, button, len(self.hands))
        if not system.is_low:
            return sorted(seats, key=lambda s: -_seat_key_high(self._own_cards(s)))
        ace_high = system.ace_high
        return sorted(seats, key=lambda s: min(_low_order(c, ace_high) for c in self._own_cards(s)))

    def odd_chip_rule(self, portion: str | None) -> str:
        """The words for the order ``odd_chip_order`` gives a portion's odd dollars, cited (R6).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> sd = judge(POT_DECLARATIONS["stud8"], ["Ac Ad Ah 5s 2c 3d 4h", "Kc Kd Kh Ks 7c 8d 9h"])
        >>> sd.odd_chip_rule("high"), sd.odd_chip_rule("low")
        ('by the highest card by suit (R6)', 'by the lowest card by suit (R6, R-A3)')
        """
        system = self._odd_chip_system(portion)
        if system is None:
            return "clockwise from the button (R6)"
        return "by the lowest card by suit (R6, R-A3)" if system.is_low else "by the highest card by suit (R6)"

    def _odd_chip_system(self, portion: str | None) -> RankingSystem | None:
        """The ranking system whose cards order a portion's odd dollars (a stud game's high or
        low side, R6), or ``None`` when they go clockwise from the button (a button game, or a
        stud game's R8 split)."""
        odd_chip = self.game.odd_chip
        if odd_chip is OddChip.STUD and portion != SPLIT_NAME:
            return ranking_system(next(p.system for p in self.game.portions if p.name == portion))
        if odd_chip is OddChip.BUTTON or odd_chip is OddChip.STUD:
            return None
        raise unreachable(odd_chip, f"{self.game.title}: the odd chip")  # pragma: no cover

    def _own_cards(self, seat: int) -> list[int]:
        """Seat ``seat``'s own cards (without a community card): the cards that decide its odd chip."""
        cards = self.own_cards[seat]
        if cards is None:
            raise GameError(f"seat {seat} is not at the showdown; the live seats are {list(self.live)}")
        return cards

    def split_pot(self, amount: int, portions: list[PortionResult], button: int) -> list[int]:
        """Dollars per seat from one pot of ``amount`` divided as ``portions`` say (R5, R6).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> sd = judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
        >>> sd.split_pot(7, sd.portions, button=1)
        [4, 3, 0]
        """
        out = [0] * len(self.hands)
        for line in self._pay_pot("main pot", amount, portions, button):
            for s, x in line.paid:
                out[s] += x
        return out

    def _pay_pot(self, pot_name: str, amount: int, portions: Sequence[PortionResult],
                 button: int) -> list[PortionPay]:
        """How one pot of ``amount`` is paid: divided among the portions that won a share (R5,
        the odd dollar to the first portions), each part split among its tied seats in
        odd-chip order (R6). The only place a pot is divided: ``split_pot``, ``award_pots``
        and the explanation all read it."""
        if isinstance(amount, np.integer):
            amount = int(amount)
        won = [p for p in portions if p.share > 0]
        lines = []
        for i, (p, dollars) in enumerate(zip(won, divide(amount, [p.share for p in won]), strict=True)):
            order = self.odd_chip_order(p.winners, p.name, button)
            paid = split_among(dollars, order)
            lines.append(PortionPay(pot_name, amount, p.name, p.share, dollars, tuple(paid.items()), p.reason,
                                    first_portion=i == 0, odd_chip_rule=self.odd_chip_rule(p.name)))
        return lines

    def award(self, pot: int, button: int = 0) -> list[int]:
        """Whole dollars each seat receives from a single pot everybody live contests.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> judge(POT_DECLARATIONS["27-triple-draw"], ["7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d"]).award(5, button=0)
        [2, 3]
        """
        self._check_button(button)
        return self.split_pot(pot, self.portions, button)

    def award_pots(self, pots: Sequence[tuple[int, Iterable[int]]], button: int = 0) -> list[int]:
        """Whole dollars per seat from a main pot and side pots, each judged on its own (R7).

        ``pots`` is a list of ``(amount, eligible seats)``; a folded seat is never eligible.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> sd = judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ks Qd Jh Tc", "Kd Qh Jc 9c"])
        >>> sd.award_pots([(30, [0, 1, 2]), (20, [1, 2])])
        [30, 20, 0]
        """
        return list(self.award_pots_explained(pots, button).totals)

    def award_pots_explained(self, pots: Sequence[tuple[int, Iterable[int]]], button: int = 0) -> PayExplanation:
        """The award of ``award_pots``, explained: each pot's portions, their dollars, the seats
        paid in odd-chip order and who got an odd dollar and why (R5, R6, R7).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> sd = judge(POT_DECLARATIONS["badugi"], ["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
        >>> e = sd.award_pots_explained([(7, [0, 1, 2])], button=0)
        >>> e.totals, e.lines[0].paid
        ((3, 4, 0), ((1, 4), (0, 3)))
        """
        self._check_button(button)
        totals = [0] * len(self.hands)
        lines: list[PortionPay] = []
        for k, (amount, elig) in enumerate(self._check_pots(pots)):
            name = "main pot" if k == 0 else f"side pot {k}"
            for s in elig:
                if not 0 <= s < len(self.hands) or self.hands[s] is None:
                    raise GameError(f"seat {s} is not at the showdown; the live seats are {list(self.live)}")
            if amount == 0:
                continue
            if not elig:
                raise GameError(f"{name} has no eligible seat: list the live seats that may win it")
            for line in self._pay_pot(name, amount, self.judge(elig), button):
                lines.append(line)
                for s, x in line.paid:
                    totals[s] += x
        return PayExplanation(tuple(lines), tuple(totals))

    @staticmethod
    def _check_pots(pots: object) -> list[tuple[int, list[int]]]:
        """``pots`` (whatever the caller passed) as ``(whole dollars, [seats])`` pairs, or a
        refusal naming the bad pot."""
        want = "pots are a list of (amount, eligible seats) pairs, e.g. [(30, [0, 1, 2]), (20, [1, 2])]"
        if isinstance(pots, (str, bytes, Mapping)) or not isinstance(pots, Iterable):
            raise GameError(f"{want}; not {shown(pots)}")
        out = []
        for k, pot in enumerate(pots):
            if isinstance(pot, (str, bytes)) or not isinstance(pot, Sequence) or len(pot) != 2:
                raise GameError(f"{want}; pot {k} is {shown(pot)}")
            amount, eligible = pot
            if not is_whole(amount) or amount < 0:
                raise GameError(f"pot {k}: an amount is whole dollars, $0 or more, not {shown(amount)}")
            if isinstance(eligible, (str, bytes)) or not isinstance(eligible, Iterable):
                raise GameError(f"pot {k}: the eligible seats are a list of seat numbers, not {shown(eligible)}")
            elig = list(eligible)
            if not all(is_whole(s) for s in elig):
                raise GameError(f"pot {k}: the eligible seats are whole seat numbers, not {shown(elig)}")
            out.append((int(amount), [int(s) for s in elig]))
        return out

    def _check_button(self, button: int) -> None:
        if not is_whole(button) or not 0 <= button < len(self.hands):
            raise GameError(f"the button must be a seat from 0 to {len(self.hands) - 1}, not {shown(button)}")


def judge(game: PotGame, hands: Sequence[CardsLike | None], board: CardsLike | None = None,
          boards: Sequence[CardsLike] | None = None, community: CardsLike | None = None) -> Showdown:
    """Judge a showdown of ``game`` (see the module docstring).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> sd = judge(POT_DECLARATIONS["big-o"], ["As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s"], board="4c 5d 6s Jh Kh")
    >>> [(p.name, p.winners) for p in sd.portions]
    [('high', (0,)), ('low', (0, 1))]
    """
    return Showdown(game, hands, board, boards, community)


def judge_many(game: PotGame, hands: np.ndarray, boards: np.ndarray | None = None,
               live: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Vectorized judge: winners masks ``(deals, players)`` per portion for many deals at once.

    ``hands`` is an int array ``(deals, players, cards)``; ``boards`` is ``(deals, 5)`` or
    ``(deals, boards, 5)`` for flop games; ``live`` an optional bool mask of seats at the
    showdown. A portion nobody qualifies for has an all-False row; Archie adds the
    ``"split (no qualifier)"`` mask (R8). Built on ``gamelib.rankings.evaluate`` over
    ``deals * players`` rows.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> h = np.array([[parse_cards("As 2d 3h 4c"), parse_cards("Ks Qd Jh Tc")]])
    >>> judge_many(POT_DECLARATIONS["badugi"], h)["badugi"].tolist()
    [[True, False]]
    """
    hands = array_of(hands, "hands", "iu", HandSizeError)
    if hands.ndim != 3:
        raise HandSizeError(f"hands must be an array (deals, players, cards), not shape {hands.shape}")
    d, p, c = hands.shape
    if c != game.hole_cards:
        raise HandSizeError(f"a {game.title} hand has {game.hole_cards} cards, not {c}")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise HandSizeError("hands hold card numbers outside 0-51")
    flat = hands.reshape(d * p, c)
    if live is None:
        live = np.ones((d, p), bool)
    elif (live := array_of(live, "live", "b", HandSizeError)).shape != (d, p):
        raise HandSizeError(f"live must be a bool array shaped (deals, players) = {(d, p)}, not {live.shape}")
    bds = None
    if game.boards:
        if boards is None:
            raise HandSizeError(f"{game.title} needs its board(s)")
        bds = array_of(boards, "boards", "iu", HandSizeError)
        if bds.ndim == 2:
            bds = bds[:, None, :]
        if bds.shape[:2] != (d, game.boards):
            raise HandSizeError(f"boards must be shaped (deals, {game.boards}, 5), not {bds.shape}")
        refuse_duplicate_rows("deal", hands.reshape(d, p * c), bds.reshape(d, -1))
    else:
        refuse_duplicate_rows("deal", hands.reshape(d, p * c))
    values: dict[str, np.ndarray] = {}
    for portion in game.portions:
        system = ranking_system(portion.system)
        if system.uses_board:  # each seat's hand with its deal's board (checked above)
            assert bds is not None  # a game with boards refused a deal without them above
            v = system.evaluate_array(flat, np.repeat(bds[:, portion.board, :], p, axis=0)).reshape(d, p)
        else:
            v = evaluate(portion.system, flat).reshape(d, p)
        values[portion.name] = v
    return winners_from_values(game, values, live)


def winners_from_values(game: PotGame, values: Mapping[str, np.ndarray],
                        live: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Winner masks ``(deals, players)`` per portion from each seat's value in that portion's
    ranking system (``values[portion.name]``, shaped ``(deals, players)``): the best value among
    the live seats that meet the portion's qualifier wins (ties all win); a portion nobody
    qualifies for has an all-False row, and where the game splits a pot with no qualifier (R8)
    the ``SPLIT_NAME`` mask marks the live seats of the deals no portion was won. ``judge_many``
    and the odds calculator's board tables both end here.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> g = POT_DECLARATIONS["badugi"]
    >>> winners_from_values(g, {"badugi": np.array([[5, 9, 9]])})["badugi"].tolist()
    [[False, True, True]]
    """
    d, p = next(iter(values.values())).shape if values else (0, 0)
    if live is None:
        live = np.ones((d, p), bool)
    out: dict[str, np.ndarray] = {}
    any_winner = np.zeros(d, bool)
    for portion in game.portions:
        v = np.asarray(values[portion.name]).astype(np.int64)
        bar = qualifier_value(portion.system, portion.qualifier)
        v = np.where(live & (v >= bar), v, -1)
        top = v.max(axis=1, keepdims=True)
        mask = (v == top) & (top >= 0)
        out[portion.name] = mask
        any_winner |= mask.any(axis=1)
    if game.no_qualifier is NoQualifier.SPLIT:
        out[SPLIT_NAME] = live & ~any_winner[:, None]
    return out


__all__ = ["Showdown", "PortionResult", "PortionPay", "PayExplanation", "odd_chip_notes", "judge", "judge_many",
           "winners_from_values", "qualifier_value", "SPLIT_NAME"]
