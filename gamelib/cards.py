"""Cards: parse, format and deal.

A card is a small int ``0..51``: ``rank * 4 + suit`` with ranks ``2..A`` as ``0..12`` and suits
clubs, diamonds, hearts, spades as ``0..3``. Comparing two card ints therefore compares rank
first and then suit in the order of RULINGS R2 (spades > hearts > diamonds > clubs), which is
exactly what a stud bring-in or a stud odd chip needs.

Input follows RULINGS R1: ranks ``2-9 T J Q K A`` (``10`` accepted), suits ``c d h s`` or the
symbols ``♣ ♦ ♥ ♠`` (outline symbols too), any case, separated by spaces or commas, or run
together (``"AsKd"``).

>>> parse_cards("As 10d 9♣")
[51, 33, 28]
>>> format_cards(parse_cards("as td 9C"))
'As Td 9c'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from .amounts import flag, is_whole, items, whole_number
from .errors import CardError, DuplicateCardError, GameError, HandSizeError, shown

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {
    "2": ("deuce", "deuces"),
    "3": ("three", "threes"),
    "4": ("four", "fours"),
    "5": ("five", "fives"),
    "6": ("six", "sixes"),
    "7": ("seven", "sevens"),
    "8": ("eight", "eights"),
    "9": ("nine", "nines"),
    "T": ("ten", "tens"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "A": ("ace", "aces"),
}
DECK_SIZE = 52
#: The most decks a shoe may hold (no game here uses more than one).
MAX_DECKS = 100

_SUIT_INPUT = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}
_RANK_INPUT = {r: i for i, r in enumerate(RANKS)}
_RANK_INPUT["10"] = 8
_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SPLIT_RE = re.compile(r"[\s,;]+")

CardLike = int | np.integer | str
CardsLike = str | Iterable[CardLike]
#: What seeds a shuffle (``rng_from``): a whole number 0 or more, a list of them, numpy's seed
#: sequence or generator, or ``None`` for a fresh shuffle.
SeedLike = int | np.integer | Sequence[int] | np.random.SeedSequence | np.random.Generator | None

ALLOWED = "ranks 2-9, T (or 10), J, Q, K, A and suits c, d, h, s (or ♣ ♦ ♥ ♠), e.g. 'As Td 9c'"


def make_card(rank: int, suit: int) -> int:
    """The card int for a rank index (0 = deuce .. 12 = ace) and a suit index (0 = clubs .. 3 = spades).

    >>> format_card(make_card(12, 3))
    'As'
    """
    if not (is_whole(rank) and is_whole(suit) and 0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"rank {shown(rank)} / suit {shown(suit)} is not a card: ranks are 0-12 and suits 0-3, "
                        "as whole numbers")
    return int(rank) * 4 + int(suit)


def rank_of(card: int) -> int:
    """Rank index of a card: 0 for a deuce up to 12 for an ace.

    >>> rank_of(parse_card("Kh"))
    11
    """
    return (card if type(card) is int and 0 <= card < DECK_SIZE else parse_card(card)) >> 2


def suit_of(card: int) -> int:
    """Suit index of a card: 0 clubs, 1 diamonds, 2 hearts, 3 spades.

    >>> suit_of(parse_card("Kh"))
    2
    """
    return (card if type(card) is int and 0 <= card < DECK_SIZE else parse_card(card)) & 3


def _cut(text: str, limit: int = 24) -> str:
    """A piece of the input as a message quotes it (at most ``limit`` characters)."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text):,} characters)"


def _token_error(token: str) -> CardError:
    t = token.strip()
    token = _cut(token)
    m = re.fullmatch(r"(10|.)(.*)", t, re.DOTALL)
    if m:
        rank, suit = m.group(1), m.group(2)
        if rank.upper() not in _RANK_INPUT:
            return CardError(f"'{token}' is not a card: unknown rank '{rank}'; allowed are {ALLOWED}")
        if suit == "":
            return CardError(f"'{token}' is not a card: the suit is missing; allowed are {ALLOWED}")
        if len(suit) == 1 and suit.lower() not in _SUIT_INPUT:
            return CardError(f"'{token}' is not a card: unknown suit '{suit}'; allowed are {ALLOWED}")
    return CardError(f"'{token}' is not a card; allowed are {ALLOWED}")


def parse_card(token: CardLike) -> int:
    """Parse one card (a string like ``"As"``, ``"10d"``, ``"a♠"`` or an int 0..51).

    >>> parse_card("10h"), parse_card("A♠"), parse_card(0)
    (34, 51, 0)
    """
    if isinstance(token, (bool, np.bool_)):
        raise CardError(f"{shown(token)} is not a card; allowed are {ALLOWED}")
    if isinstance(token, (int, np.integer)):
        if 0 <= int(token) < DECK_SIZE:
            return int(token)
        raise CardError(f"card number {shown(int(token))} is out of range: card numbers are 0-51")
    if not isinstance(token, str):
        raise CardError(f"{shown(token)} is not a card; allowed are {ALLOWED}")
    m = _CARD_RE.fullmatch(token.strip())
    if not m:
        raise _token_error(token)
    return _RANK_INPUT[m.group(1).upper()] * 4 + _SUIT_INPUT[m.group(2).lower()]


def _split_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in _SPLIT_RE.split(text.strip()):
        if not chunk:
            continue
        if _CARD_RE.fullmatch(chunk):
            tokens.append(chunk)
            continue
        # Cards run together ("AsKd"): accept only if the whole chunk is made of cards.
        pieces = _CARD_RE.findall(chunk)
        if pieces and "".join(r + s for r, s in pieces).lower() == chunk.lower():
            tokens.extend(r + s for r, s in pieces)
        else:
            # Name the first piece that is not a card.
            pos = 0
            while pos < len(chunk):
                m = _CARD_RE.match(chunk, pos)
                if not m:
                    if pos == 0:
                        raise _token_error(chunk)
                    rest = chunk[pos:]
                    bad = rest[:3] if rest[:2] == "10" else rest[:2]
                    raise CardError(f"in '{_cut(chunk)}', after '{_cut(chunk[:pos])}': {_token_error(bad)}")
                pos = m.end()
    return tokens


def parse_cards(
    cards: CardsLike,
    n: int | Sequence[int] | None = None,
    *,
    allow_duplicates: bool = False,
    what: str = "hand",
) -> list[int]:
    """Parse a hand: a string (``"As Td 9c"``) or a sequence of card strings or ints.

    ``n`` is the number of cards required (an int, or a sequence of allowed counts). Duplicate
    cards are refused unless ``allow_duplicates`` (several decks in play).

    >>> parse_cards("AsKd", n=2)
    [51, 45]
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    gamelib.errors.DuplicateCardError: duplicate card 'As' in the hand: a deck has one of each card
    """
    if isinstance(cards, str):
        out = [parse_card(t) for t in _split_tokens(cards)]
    elif isinstance(cards, np.ndarray):
        if cards.dtype.kind in "iu":
            out = [parse_card(int(c)) for c in cards.ravel()]
        elif cards.dtype.kind in "UO":
            out = [parse_card(c.item() if isinstance(c, np.generic) else c) for c in cards.ravel()]
        else:  # floats, bools, ...: never truncated to a card (51.9 is not the ace of spades)
            raise CardError(f"the {what} is an array of {cards.dtype}: cards in an array are integer card "
                            f"numbers 0-51 (or card strings such as 'As'), not {shown(cards)}")
    elif isinstance(cards, (bytes, bytearray, memoryview, Mapping)) or not isinstance(cards, Iterable):
        raise CardError(f"the {what} must be cards: a string such as 'As Td 9c' or a list of cards, "
                        f"not {shown(cards)}")
    else:
        out = [parse_card(c) for c in cards]
    if n is not None:
        allowed = [whole_number(a, "a card count", 0, DECK_SIZE * MAX_DECKS, error=HandSizeError)
                   for a in ([n] if not isinstance(n, Iterable) else items(n, "the card counts", 1, 60))]
        if len(out) not in allowed:
            want = " or ".join(str(a) for a in allowed)
            listed = format_cards(out[:10]) + (" ..." if len(out) > 10 else "")
            raise HandSizeError(f"the {what} has {len(out)} cards ({listed or 'none'}); it must have {want}")
    if not flag(allow_duplicates, "allow_duplicates", CardError):
        seen: set[int] = set()
        for c in out:
            if c in seen:
                raise DuplicateCardError(f"duplicate card '{format_card(c)}' in the {what}: "
                                         "a deck has one of each card")
            seen.add(c)
    return out


def format_card(card: int, symbols: bool = False) -> str:
    """Format one card as ``"As"`` (or ``"A♠"`` with ``symbols``).

    >>> format_card(51), format_card(51, symbols=True)
    ('As', 'A♠')
    """
    c = parse_card(card)
    suit = SUITS[c & 3]
    return RANKS[c >> 2] + (SUIT_SYMBOLS[suit] if flag(symbols, "symbols", CardError) else suit)


def format_cards(cards: Iterable[CardLike], symbols: bool = False, sep: str = " ") -> str:
    """Format cards separated by spaces.

    >>> format_cards([51, 45, 0])
    'As Kd 2c'
    """
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise CardError(f"format_cards formats a list of cards (card numbers 0-51 or strings such as 'As'), "
                        f"not {shown(cards)}")
    if not isinstance(sep, str):
        raise CardError(f"the separator of format_cards is a string, such as ' ', not {shown(sep)}")
    symbols = flag(symbols, "symbols", CardError)
    return sep.join(format_card(parse_card(c), symbols) for c in cards)


def card_name(card: int) -> str:
    """The card in words, as a dealer would read it.

    >>> card_name(parse_card("Td"))
    'ten of diamonds'
    """
    c = parse_card(card)
    return f"{RANK_NAMES[RANKS[c >> 2]][0]} of {SUIT_NAMES[SUITS[c & 3]]}"


def rng_from(seed: SeedLike) -> np.random.Generator:
    """A ``numpy.random.Generator`` from a seed (or the generator itself).

    >>> int(rng_from(7).integers(100)) == int(rng_from(7).integers(100))
    True
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, np.random.SeedSequence):
        return np.random.default_rng(seed)
    entropy = list(seed) if isinstance(seed, (list, tuple)) else [seed]
    if not entropy or not all(is_whole(x) and x >= 0 for x in entropy):
        raise GameError(f"a seed is a whole number 0 or more (or a numpy Generator, or None for a fresh "
                        f"shuffle), not {shown(seed)}")
    return np.random.default_rng(seed)


class Deck:
    """A shuffled deck (or several decks shuffled together), dealt from the top.

    >>> deck = Deck(seed=1)
    >>> hand = deck.deal(5)
    >>> len(hand), deck.remaining
    (5, 47)
    >>> Deck(seed=1).deal(5) == hand
    True
    """

    def __init__(
        self,
        seed: int | np.random.Generator | None = None,
        decks: int = 1,
        exclude: CardsLike = (),
    ) -> None:
        if not (is_whole(decks) and 1 <= decks <= MAX_DECKS):
            raise CardError(f"a shoe holds 1 or more decks (a whole number up to {MAX_DECKS}), not {shown(decks)}")
        self.decks = int(decks)
        self.rng = rng_from(seed)
        removed = parse_cards(exclude, allow_duplicates=self.decks > 1, what="excluded cards")
        cards = list(range(DECK_SIZE)) * self.decks
        for c in removed:
            if c not in cards:
                raise DuplicateCardError(
                    f"cannot exclude '{format_card(c)}' {removed.count(c)} times: "
                    f"a shoe of {self.decks} decks holds {self.decks} of each card"
                )
            cards.remove(c)
        order = self.rng.permutation(len(cards))
        self._cards = [cards[i] for i in order]
        self._pos = 0

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) - self._pos

    def deal(self, n: int = 1) -> list[int]:
        """Deal ``n`` cards from the top."""
        if not is_whole(n) or n < 0 or n > self.remaining:
            raise HandSizeError(f"cannot deal {shown(n)} cards: {self.remaining} remain in the deck "
                                "(deal a whole number of cards, up to that)")
        n = int(n)
        out = self._cards[self._pos : self._pos + n]
        self._pos += n
        return out

    def burn(self) -> int:
        """Burn (deal face down, out of play) the top card."""
        return self.deal(1)[0]


#: The most cards ``deal_hands`` deals in one call (hands times cards): 100 MB of ``int8`` and a
#: few seconds of work.
MAX_CARDS_DEALT = 100_000_000
_SHUFFLE_ROWS = 1 << 16  # rows of shuffle keys at a time (27 MB of floats)


def deal_hands(
    n_hands: int,
    n_cards: int,
    seed: int | np.random.Generator | None = None,
) -> np.ndarray:
    """Deal ``n_hands`` independent hands of ``n_cards`` distinct cards each, vectorized.

    Each row is a fresh deck's deal, so rows are independent (cards repeat across rows, never
    within a row). Returns an ``int8`` array of shape ``(n_hands, n_cards)``.

    >>> h = deal_hands(1000, 7, seed=3)
    >>> h.shape, bool((np.sort(h, axis=1)[:, 1:] != np.sort(h, axis=1)[:, :-1]).all())
    ((1000, 7), True)
    """
    if not (is_whole(n_cards) and 0 <= n_cards <= DECK_SIZE):
        raise HandSizeError(f"a hand from one deck has a whole number of cards from 0 to 52, not {shown(n_cards)}")
    n_hands = whole_number(n_hands, "the number of hands", 0, 10**8, error=HandSizeError)
    if n_hands * n_cards > MAX_CARDS_DEALT:
        raise HandSizeError(f"deal_hands deals at most {MAX_CARDS_DEALT:,} cards in one call (hands times cards, "
                            f"about {MAX_CARDS_DEALT >> 20:,} MiB), not {n_hands:,} hands of {n_cards} cards")
    rng = rng_from(seed)
    if n_cards > 13:  # a shuffled deck per row, in blocks (the keys are the same draws as in one block)
        out8 = np.empty((n_hands, n_cards), dtype=np.int8)
        for start in range(0, n_hands, _SHUFFLE_ROWS):
            keys = rng.random((min(_SHUFFLE_ROWS, n_hands - start), DECK_SIZE))
            out8[start:start + len(keys)] = np.argsort(keys, axis=1)[:, :n_cards]
        return out8
    out = rng.integers(0, DECK_SIZE, size=(n_hands, n_cards), dtype=np.int8)
    bad = rows_with_duplicates(out)
    while bad.size:
        out[bad] = rng.integers(0, DECK_SIZE, size=(bad.size, n_cards), dtype=np.int8)
        bad = bad[rows_with_duplicates(out[bad])]
    return out


#: Each card's one-hot bit: a row of cards ORed together has fewer bits than cards when one repeats.
CARD_ONEHOT = np.left_shift(np.uint64(1), np.arange(DECK_SIZE, dtype=np.uint64))
_CHUNK_ROWS = 1 << 14  # rows per block: the block's temporaries stay in cache

#: Why a card may not be in two places at once (the end of every refusal of a shared card).
ONE_DECK = "one deck has one of each card"


def rows_with_duplicates(*arrays: np.ndarray) -> np.ndarray:
    """Indexes of the rows that hold some card twice, the rows of several card arrays (values
    0..51, the same number of rows) taken side by side (a hand with its board).

    Column by column, in cache-sized blocks: the OR of the cards' one-hot bits has fewer than
    ``n`` bits set exactly when a card repeats.

    >>> rows_with_duplicates(np.array([[0, 1, 2], [5, 7, 5]])).tolist()
    [1]
    >>> rows_with_duplicates(np.array([[0, 1], [5, 7]]), np.array([[3], [7]])).tolist()
    [1]
    """
    for a in arrays:
        if not (isinstance(a, np.ndarray) and a.ndim == 2 and a.dtype.kind in "iu"):
            raise HandSizeError("rows of cards are 2-D integer arrays (rows, cards) of card numbers 0-51, "
                                f"not {shown(a)}")
    columns = [np.ascontiguousarray(np.asarray(a).T) for a in arrays]
    n_rows = columns[0].shape[1] if columns else 0
    n = sum(c.shape[0] for c in columns)
    if n < 2 or n_rows == 0:
        return np.zeros(0, np.intp)
    found: list[np.ndarray] = []
    for start in range(0, n_rows, _CHUNK_ROWS):
        cols = [col[start : start + _CHUNK_ROWS] for c in columns for col in c]
        union = CARD_ONEHOT.take(cols[0])
        for col in cols[1:]:
            union |= CARD_ONEHOT.take(col)
        bad = np.flatnonzero(np.bitwise_count(union) != n)
        if bad.size:
            found.append(bad + start)
    return np.concatenate(found) if found else np.zeros(0, np.intp)


def refuse_duplicate_rows(what: str, *arrays: np.ndarray) -> None:
    """Refuse the first row holding a card twice (rows of several arrays taken side by side).

    >>> refuse_duplicate_rows("deal", np.array([[0, 1], [5, 7]]), np.array([[3], [7]]))
    Traceback (most recent call last):
    ...
    gamelib.errors.DuplicateCardError: deal 1 (3d 3s 3s) holds '3s' twice: one deck has one of each card
    """
    bad = rows_with_duplicates(*arrays)
    if bad.size:
        row = np.concatenate([np.asarray(a)[bad[0]] for a in arrays])
        seen: set[int] = set()
        dup = next(int(c) for c in row if (c in seen or seen.add(int(c))))  # type: ignore[func-returns-value]  # set.add is None: falsy, so the `or` records the card and goes on
        raise DuplicateCardError(f"{what} {int(bad[0])} ({format_cards(row)}) holds '{format_card(dup)}' twice: "
                                 f"{ONE_DECK}")


def refuse_shared_cards(holders: Iterable[tuple[str, Iterable[int]]],
                        where: str = "{card} is in {first} and {second}") -> None:
    """Refuse a card that two of ``holders`` (``(name, cards)`` pairs, in order) both hold.

    ``where`` words the place (``{card}``, the ``{first}`` holder and the ``{second}``); the
    refusal ends with ``ONE_DECK``.

    >>> refuse_shared_cards([("seat 0's hand", parse_cards("As Kd")), ("board 1", parse_cards("Qh As 2c"))])
    Traceback (most recent call last):
    ...
    gamelib.errors.DuplicateCardError: As is in seat 0's hand and board 1: one deck has one of each card
    """
    if isinstance(holders, (str, bytes, Mapping)) or not isinstance(holders, Iterable):
        raise CardError(f"the holders are (name, cards) pairs, not {shown(holders)}")
    if not isinstance(where, str):
        raise CardError(f"where= is a string naming {{card}}, {{first}} and {{second}}, not {shown(where)}")
    seen: dict[int, str] = {}
    for pair in holders:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise CardError(f"each holder is a (name, cards) pair, not {shown(pair)}")
        name, cards = pair
        for c in parse_cards(cards, allow_duplicates=True, what=name):
            if c in seen:
                try:
                    place = where.format(card=format_card(c), first=seen[c], second=name)
                except (LookupError, ValueError):
                    raise CardError(f"where= is a string naming {{card}}, {{first}} and {{second}}, "
                                    f"not {shown(where)}") from None
                raise DuplicateCardError(f"{place}: {ONE_DECK}")
            seen[c] = name


__all__ = [
    "RANKS", "SUITS", "SUIT_SYMBOLS", "RANK_NAMES", "DECK_SIZE", "ALLOWED",
    "make_card", "rank_of", "suit_of", "parse_card", "parse_cards", "format_card",
    "format_cards", "card_name", "rng_from", "Deck", "deal_hands",
    "ONE_DECK", "rows_with_duplicates", "refuse_duplicate_rows", "refuse_shared_cards",
]
