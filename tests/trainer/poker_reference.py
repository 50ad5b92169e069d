"""A slow, plain reference for the drill tests: hands read, showdowns judged, pots split and
banked wagers paid straight from the rules, one hand at a time, sharing no code with gamelib
(nothing here imports it), so that a drill's answer is checked against something it did not
compute itself.

Cards are the ints of the questions: rank ``card // 4`` (0 = deuce .. 12 = ace) and suit
``card % 4`` (clubs, diamonds, hearts, spades: R2's order from the lowest). The words follow the
handbook's dealer phrasing ("pair of fours (4-4-A-7-6)", "eight-six low (8-6-5-3-A)",
"three-card badugi 9-7-4"); the rules are R3, R4, R8, R10 (the rankings), R31 (three-card
straights), R6 and R7 (odd chips, side pots), R19 to R21 and B1, B3, B4, B5 (the banked games).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

LETTERS = "23456789TJQKA"
WORDS = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
PLURALS = ["deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
           "kings", "aces"]
SIZE_WORDS = {1: "one-card", 2: "two-card", 3: "three-card", 4: "four-card"}

Cards = Sequence[int]


def rank(c: int) -> int:
    return c // 4


def suit(c: int) -> int:
    return c % 4


# --- poker patterns: best k cards, straights and flushes as each system counts them ---------------

#: Category strengths (larger is better) of the high patterns: five cards (R3), Crazy 4's four
#: (four of a kind over a straight flush), three-card (R31: a straight over a flush).
HIGH5 = ["high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind",
         "straight flush"]
CRAZY4 = ["high card", "pair", "two pair", "straight", "flush", "three of a kind", "straight flush", "four of a kind"]
THREE = ["high card", "pair", "flush", "straight", "three of a kind", "straight flush"]


def _groups(ranks: list[int], order: Callable[[int], int]) -> list[int]:
    """The ranks listed card by card: by how many of a rank, then by ``order``, both descending."""
    c = Counter(ranks)
    return sorted(ranks, key=lambda r: (c[r], order(r)), reverse=True)


def pattern(cards: Cards, straights: bool = True, flushes: bool = True, wheel: bool = True,
            ace_low: bool = False) -> tuple[str, list[int]]:
    """The poker category of exactly these cards and their ranks in the order they are read
    (the pairs first; a straight by its cards from the top, the wheel's ace last)."""
    k = len(cards)
    order = (lambda r: -1 if r == 12 else r) if ace_low else (lambda r: r)
    ranks = [rank(c) for c in cards]
    shown = _groups(ranks, order)
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = flushes and k >= 3 and len({suit(c) for c in cards}) == 1
    straight = None
    if straights and counts[0] == 1:
        top = max(ranks)
        if top - min(ranks) == k - 1:
            straight = sorted(ranks, reverse=True)
        elif wheel and sorted(ranks) == list(range(k - 1)) + [12]:
            straight = list(range(k - 2, -1, -1)) + [12]
    if straight and flush:
        return "straight flush", straight
    named = {(4, 1): "four of a kind", (4,): "four of a kind", (3, 2): "full house", (3, 1, 1): "three of a kind",
             (3, 1): "three of a kind", (3,): "three of a kind", (2, 2, 1): "two pair", (2, 2): "two pair"}
    cat = named.get(tuple(counts))
    if cat in ("four of a kind", "full house"):
        return cat, shown
    if flush:
        return "flush", sorted(ranks, key=order, reverse=True)
    if straight:
        return "straight", straight
    if cat:
        return cat, shown
    return ("pair", shown) if counts[0] == 2 else ("high card", shown)


def _order_key(categories: list[str], cat: str, shown: list[int], ace_low: bool) -> tuple:
    rk = [(-1 if (ace_low and r == 12) else r) for r in shown]
    if cat in ("straight", "straight flush"):
        rk = [3 if shown == list(range(len(shown) - 2, -1, -1)) + [12] else shown[0]]
    return (categories.index(cat), rk)


def words(cat: str, shown: list[int], low: bool = False, size: int = 5) -> str:
    """The dealer's words for a category and its ranks."""
    text = "-".join(LETTERS[r] for r in shown)
    top = shown[0]
    if cat == "high card" and low:
        if shown == [3, 2, 1, 0, 12] and size == 5:
            return f"five-four low, the wheel ({text})"
        return f"{WORDS[shown[0]]}-{WORDS[shown[1]]} low ({text})"
    if cat == "straight flush":
        if top == 12 and shown[1] == 11:
            return "royal flush" if size == 5 else "straight flush, ace high"
        return f"straight flush, {WORDS[top]} high"
    if cat == "straight":
        return f"straight, {WORDS[top]} high"
    if cat == "four of a kind":
        return f"four of a kind, {PLURALS[top]} ({text})"
    if cat == "full house":
        return f"full house, {PLURALS[top]} full of {PLURALS[shown[3]]}"
    if cat == "flush":
        return f"flush, {WORDS[top]} high ({text})"
    if cat == "three of a kind":
        return f"three of a kind, {PLURALS[top]} ({text})"
    if cat == "two pair":
        return f"two pair, {PLURALS[top]} up ({text})"
    if cat == "pair":
        return f"pair of {PLURALS[top]} ({text})"
    return f"{WORDS[shown[0]]}-{WORDS[shown[1]]} high ({text})"


class Read:
    """A hand's reading in one system: ``key`` (larger is better; ``None``: no qualifying hand),
    ``category`` and ``words``."""

    def __init__(self, key: tuple | None, category: str, text: str) -> None:
        self.key, self.category, self.words = key, category, text

    def __repr__(self) -> str:
        return f"Read({self.words!r})"


def _best(subsets: Any, read: Callable[[Cards], Read]) -> Read:
    best: Read | None = None
    for sub in subsets:
        r = read(sub)
        if r.key is not None and (best is None or r.key > best.key):
            best = r
    assert best is not None
    return best


def _high(sub: Cards, categories: list[str] = HIGH5) -> Read:
    cat, shown = pattern(sub, wheel=True)
    return Read(_order_key(categories, cat, shown, False), cat, words(cat, shown, size=len(sub)))


def _a5(sub: Cards) -> Read:
    cat, shown = pattern(sub, straights=False, flushes=False, ace_low=True)
    worse = ["high card", "pair", "two pair", "three of a kind", "full house", "four of a kind"].index(cat)
    rk = [(-1 if r == 12 else r) for r in shown]
    category = f"{WORDS[shown[0]]} low" if cat == "high card" else cat
    return Read((-worse, [-r for r in rk]), category, words(cat, shown, low=cat == "high card"))


def _27(sub: Cards) -> Read:
    cat, shown = pattern(sub, wheel=False)
    strength = _order_key(HIGH5, cat, shown, False)
    category = f"{WORDS[shown[0]]} low" if cat == "high card" else cat
    return Read((-strength[0], [-r for r in strength[1]]), category, words(cat, shown, low=cat == "high card"))


def _low8(sub: Cards) -> Read:
    ranks = [rank(c) for c in sub]
    a5 = [(-1 if r == 12 else r) for r in ranks]
    if len(set(a5)) != 5 or max(a5) > 6:  # five different ranks, eight or lower (R4)
        return Read(None, "no low", "no qualifying low")
    shown = sorted(ranks, key=lambda r: -1 if r == 12 else r, reverse=True)
    return Read((0, sorted(-r for r in a5)), f"{WORDS[shown[0]]} low", words("high card", shown, low=True))


def _no_low() -> Read:
    return Read(None, "no low", "no qualifying low")


def _badugi(cards: Cards, ace_high: bool) -> Read:
    def value(c: int) -> int:
        r = rank(c)
        return r if ace_high else (-1 if r == 12 else r)

    best: tuple | None = None
    shown: list[int] = []
    for size in range(1, min(4, len(cards)) + 1):
        for sub in itertools.combinations(cards, size):
            if len({suit(c) for c in sub}) < size or len({rank(c) for c in sub}) < size:
                continue  # R10: no two cards of a suit or of a rank
            ordered = sorted(sub, key=value, reverse=True)
            key = (size, [-value(c) for c in ordered])
            if best is None or key > best:
                best, shown = key, [rank(c) for c in ordered]
    assert best is not None
    size = best[0]
    return Read(best, f"{size}-card badugi", f"{SIZE_WORDS[size]} badugi " + "-".join(LETTERS[r] for r in shown))


def read(system: str, cards: Cards, board: Cards | None = None) -> Read:
    """The best reading of ``cards`` (with ``board`` for the Omaha systems) in ``system``."""
    cards = list(cards)
    if system == "high":
        return _best(itertools.combinations(cards, 5), _high)
    if system == "a5-low":
        return _best(itertools.combinations(cards, 5), _a5)
    if system == "27-low":
        return _best(itertools.combinations(cards, 5), _27)
    if system == "low8":
        subs = [s for s in itertools.combinations(cards, 5)]
        lows = [r for r in map(_low8, subs) if r.key is not None]
        return max(lows, key=lambda r: r.key) if lows else _no_low()
    if system in ("omaha-high", "omaha-low8"):
        assert board is not None
        subs = [h + b for h in itertools.combinations(cards, 2) for b in itertools.combinations(board, 3)]
        if system == "omaha-high":
            return _best(subs, _high)
        lows = [r for r in map(_low8, subs) if r.key is not None]
        return max(lows, key=lambda r: r.key) if lows else _no_low()
    if system == "badugi":
        return _badugi(cards, ace_high=False)
    if system == "badugi-ace-high":
        return _badugi(cards, ace_high=True)
    if system == "crazy4":
        return _best(itertools.combinations(cards, 4), lambda s: _high(s, CRAZY4))
    if system == "three-card":
        return _high(cards, THREE)
    raise ValueError(f"no reference for {system}")


# --- pot games: winners, the split of a pot ---------------------------------------------------

def winners(values: dict[int, Read], bar: tuple | None = None) -> tuple[int, ...]:
    """The seats with the best qualifying reading (``key`` at least ``bar``; ``None`` keys never qualify)."""
    qual = {s: r.key for s, r in values.items() if r.key is not None and (bar is None or r.key >= bar)}
    if not qual:
        return ()
    top = max(qual.values())
    return tuple(sorted(s for s, k in qual.items() if k == top))


def clockwise(seats: Sequence[int], button: int, n: int) -> list[int]:
    """Seats in the order clockwise from the seat left of the button (R6)."""
    return sorted(seats, key=lambda s: (s - button - 1) % n)


def split_pot(amount: int, portions: list[tuple[Fraction, list[int]]], everyone: list[int]) -> dict[int, int]:
    """Dollars per seat: each portion with a winner gets its share of the portions won (a portion
    nobody qualifies for goes to the others, R8), odd dollars one each to the first portions
    (R6); within a portion equal parts, odd dollars one each in the order given (R6). Nobody
    qualifying for anything: the pot split among ``everyone`` in that order (R8).

    ``portions``: (share, winners already in odd-chip order)."""
    won = [(share, seats) for share, seats in portions if seats]
    if not won:
        won = [(Fraction(1), list(everyone))]
    total = sum(share for share, _ in won)
    parts = [int(amount * share / total) for share, _ in won]  # rounded down
    for k in range(amount - sum(parts)):
        parts[k % len(parts)] += 1
    out: dict[int, int] = {}
    for dollars, (_, seats) in zip(parts, won, strict=True):
        each, rest = divmod(dollars, len(seats))
        for i, s in enumerate(seats):
            out[s] = out.get(s, 0) + each + (1 if i < rest else 0)
    return out


def side_pots(contributions: list[int], live: list[bool]) -> list[tuple[int, list[int]]]:
    """(amount, live seats eligible) for each pot, from the main pot up (R7): each level of what
    the live players put in makes a pot of everybody's money up to that level."""
    levels = sorted({c for c, lv in zip(contributions, live, strict=True) if lv})
    out, below = [], 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contributions)
        eligible = [s for s, (c, lv) in enumerate(zip(contributions, live, strict=True)) if lv and c >= level]
        out.append((amount, eligible))
        below = level
    extra = sum(c - min(c, below) for c in contributions)  # folded money above every live level
    if extra:
        amount, eligible = out[-1]
        out[-1] = (amount + extra, eligible)
    return out


# --- banked games: every wager's result ---------------------------------------------------------

def _pays(amount: int, pays: Fraction) -> int:
    return int(amount * pays)  # B1: rounded down to the dollar


def _table(r: Read, rows: list[tuple[str, tuple[int, int] | None, Fraction]]) -> Fraction | None:
    """The first row a reading matches: (category, top-rank range or None, pays)."""
    for cat, ranks, pays in rows:
        if r.category == cat and (ranks is None or ranks[0] <= _top_rank(r) <= ranks[1]):
            return pays
    return None


def _top_rank(r: Read) -> int:
    assert r.key is not None
    ranks = r.key[1]
    return ranks[0] if isinstance(ranks, list) and ranks else -1


A = 12
THREE_CARD_ANTE_BONUS = [("straight flush", None, Fraction(4)), ("three of a kind", None, Fraction(3)),
                         ("straight", None, Fraction(1))]
THREE_CARD_PAIR_PLUS = [("straight flush", (A, A), Fraction(75)), ("straight flush", None, Fraction(40)),
                        ("three of a kind", None, Fraction(30)), ("straight", None, Fraction(5)),
                        ("flush", None, Fraction(3)), ("pair", None, Fraction(1))]
THREE_CARD_SIX = [("straight flush", (A, A), Fraction(500)), ("straight flush", None, Fraction(250)),
                  ("four of a kind", None, Fraction(50)), ("full house", None, Fraction(25)),
                  ("flush", None, Fraction(15)), ("straight", None, Fraction(10)),
                  ("three of a kind", None, Fraction(5))]
CRAZY4_SUPER = [("four of a kind", (A, A), Fraction(200)), ("four of a kind", (0, 11), Fraction(30)),
                ("straight flush", None, Fraction(15)), ("three of a kind", None, Fraction(2)),
                ("flush", None, Fraction(3, 2)), ("straight", None, Fraction(1))]
CRAZY4_QUEENS = [("four of a kind", None, Fraction(50)), ("straight flush", None, Fraction(40)),
                 ("three of a kind", None, Fraction(7)), ("flush", None, Fraction(4)),
                 ("straight", None, Fraction(3)), ("two pair", None, Fraction(2)), ("pair", (10, A), Fraction(1))]
NH_MAIN = [("straight flush", (A, A), Fraction(250)), ("straight flush", None, Fraction(80)),
           ("four of a kind", None, Fraction(30)), ("full house", None, Fraction(8)), ("flush", None, Fraction(6)),
           ("straight", None, Fraction(4)), ("three of a kind", None, Fraction(3)), ("two pair", None, Fraction(2)),
           ("pair", (9, A), Fraction(1)), ("pair", (4, 8), Fraction(0))]
NH_PAIR_PLUS = [("straight flush", None, Fraction(40)), ("three of a kind", None, Fraction(30)),
                ("straight", None, Fraction(6)), ("flush", None, Fraction(3)), ("pair", None, Fraction(1))]
NH_SIX = [("straight flush", (A, A), Fraction(1000)), ("straight flush", None, Fraction(200)),
          ("four of a kind", None, Fraction(50)), ("full house", None, Fraction(20)), ("flush", None, Fraction(15)),
          ("straight", None, Fraction(10)), ("three of a kind", None, Fraction(5))]
NH_CAPS = {2: 1000, 4: 2000, 5: 5000, 10: 5000}


#: The dealers' weakest qualifying hands: Three Card Poker's Q-3-2 (Qc 3d 2h), Crazy 4's K-4-3-2
#: (Kc 4d 3h 2s).
QUEEN_HIGH = read("three-card", [10 * 4 + 0, 1 * 4 + 1, 0 * 4 + 2])
KING_HIGH = read("crazy4", [11 * 4 + 0, 2 * 4 + 1, 1 * 4 + 2, 0 * 4 + 3])


def _by_table(amount: int, pays: Fraction | None) -> int:
    return -amount if pays is None else _pays(amount, pays)


def settle_three_card(w: dict[str, int], player: Cards, dealer: Cards) -> dict[str, int]:
    """Three Card Poker with the 6 Card Bonus (filing 004, R20, R22)."""
    out: dict[str, int] = {}
    me, him = read("three-card", player), read("three-card", dealer)
    if w.get("ante"):
        if not w.get("play"):  # a fold: the Ante lost, no Ante Bonus (R20)
            out["ante"] = -w["ante"]
        else:
            qualifies = him.key >= QUEEN_HIGH.key
            if not qualifies:
                out["ante"], out["play"] = w["ante"], 0
            else:
                sign = (me.key > him.key) - (me.key < him.key)
                out["ante"], out["play"] = sign * w["ante"], sign * w["play"]
            bonus = _table(me, THREE_CARD_ANTE_BONUS)
            if bonus is not None:
                out["ante_bonus"] = _pays(w["ante"], bonus)
    if w.get("pair_plus"):
        out["pair_plus"] = _by_table(w["pair_plus"], _table(me, THREE_CARD_PAIR_PLUS))
    if w.get("six_card_bonus"):
        out["six_card_bonus"] = _by_table(w["six_card_bonus"], _table(read("high", list(player) + list(dealer)),
                                                                     THREE_CARD_SIX))
    out["total"] = sum(out.values())
    return out


def settle_crazy4(w: dict[str, int], player: Cards, dealer: Cards) -> dict[str, int]:
    """Crazy 4 Poker (filing 002, R19, R22, B1, B5)."""
    out: dict[str, int] = {}
    me, him = read("crazy4", player), read("crazy4", dealer)
    if not w.get("play"):  # a fold loses the Ante and the Super Bonus (R19, B5)
        out["ante"], out["super_bonus"] = -w["ante"], -w["super_bonus"]
    else:
        qualifies = him.key >= KING_HIGH.key
        sign = (me.key > him.key) - (me.key < him.key)
        out["ante"] = sign * w["ante"] if qualifies else 0  # the Ante pushes on a dealer who does not qualify
        out["play"] = sign * w["play"] if qualifies else w["play"]  # the Play wins 1 to 1 then
        bonus = _table(me, CRAZY4_SUPER)
        if bonus is not None:
            out["super_bonus"] = _pays(w["super_bonus"], bonus)
        else:  # below a straight: pushes if the player beats or ties the dealer, else loses (R19)
            out["super_bonus"] = 0 if me.key >= him.key else -w["super_bonus"]
    if w.get("queens_up"):
        out["queens_up"] = _by_table(w["queens_up"], _table(me, CRAZY4_QUEENS))
    out["total"] = sum(out.values())
    return out


def settle_nh(w: dict[str, int], hole: Cards, community: Cards, bonus: Cards) -> dict[str, int]:
    """New Hampshire Hold'em (filing 003, R21, R22, B3, B4): returns the results and the total
    after the cap; ``"cap"`` is the amount the cap held back."""
    out: dict[str, int] = {}
    streets = [k for k in ("flop", "turn", "river") if k in w]
    folded = any(not w[k] for k in streets) or len(streets) < 3
    placed = ["ante"] + [k for k in streets if w[k]]
    if folded:  # a fold loses the Ante and every street bet made (R21)
        for k in placed:
            out[k] = -w[k]
    else:
        pays = _table(read("high", list(hole) + list(community)), NH_MAIN)
        for k in placed:
            out[k] = _by_table(w[k], pays)
    if w.get("pair_plus"):  # on the community cards alone, fold or not (R21, B4)
        out["pair_plus"] = _by_table(w["pair_plus"], _table(read("three-card", community), NH_PAIR_PLUS))
    if w.get("six_card_bonus"):
        out["six_card_bonus"] = _by_table(w["six_card_bonus"], _table(read("high", list(hole) + list(bonus)), NH_SIX))
    won = sum(v for v in out.values() if v > 0)
    cap = max(0, won - NH_CAPS[w["ante"]])  # B3: the cap limits what the winning wagers pay
    out["total"] = sum(out.values()) - cap
    out["cap"] = cap
    return out
