"""The odds calculator: each player's chances in any pot game, exact where the deck allows.

``odds(game, hands, board=..., boards=..., dead=..., discards=..., draws_to_come=...)`` reads
only the game's declaration (its hole cards, streets, boards and showdown portions). It deals
every card still unknown: a "random" player's hand (``None``, ``"random"`` or ``"?"``), a stud
player's cards still to come, the board cards still to come, and the replacements of the draws
the players declare for the next draw (``discards``: the cards each throws away, ``""`` to stand
pat, ``None`` to let gamelib's automatic player choose). Draws after the next one are made by the
automatic player (``gamelib.engine.walkthrough.draw_choice``), and the result says so.

When the number of deals is within ``budget`` every deal is judged once (the probabilities are
exact ``Fraction`` s over that number); otherwise ``samples`` deals are drawn with ``seed`` and
the result gives the standard error. ``Odds.method`` always says which.

For each player and each portion of the pot the result gives the chance to win the portion
alone, the chance to tie for it, and the share of the whole pot the portion brings on average
(a half pot tied two ways is a quarter pot; a portion nobody qualifies for goes to the others,
R8); the player's ``equity`` is the sum of those shares, and ``scoop`` the chance to take the
whole pot alone. Odd chips are not counted: a share is of an exactly divisible pot. A Super
Razzdugi hand is given as kept after its discard (the cards thrown may be given as dead cards);
a stud deal that would need the community card (R-A6) is refused.

>>> r = odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"])
>>> r.method, r.players[0].equity
('exact, 1 deal', Fraction(1, 1))
>>> r = odds("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], board="7h 8h 9c")
>>> r.exact, r.deals, str(r.players[1].equity)
(True, 741, '149/247')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any, Optional, Union

import numpy as np
import pandas as pd

from ..cards import format_cards, parse_cards, refuse_shared_cards
from ..combinatorics import combinations_array
from ..errors import GameError, HandSizeError, shown
from ..engine.showdown import SPLIT_NAME, judge_many
from ..engine.walkthrough import draw_choice
from ..games.pot import POT_DECLARATIONS, PotGame
from ..games.vocabularies import NoQualifier
from .odds_boards import BoardTables

#: Exhaustive enumeration up to this many deals; more are sampled.
DEFAULT_BUDGET = 3_000_000
#: Deals sampled when the enumeration is over budget.
DEFAULT_SAMPLES = 20_000
#: Deals sampled when gamelib's automatic player makes draws (each deal is played one by one).
AUTO_SAMPLES = 400
#: Deals judged at once (the arrays of a chunk stay within a few tens of megabytes).
CHUNK = 1 << 17
#: The words for a player whose cards are unknown.
RANDOM_WORDS = ("random", "?", "")

HandLike = Union[str, Sequence[Any], None]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PortionOdds:
    """One player's chances in one portion of the pot.

    ``win``: the player takes the portion alone; ``tie``: the player shares it; ``share``: the
    share of the whole pot the portion brings the player on average.

    >>> PortionOdds("high", Fraction(1, 2), Fraction(0), Fraction(1, 4)).share
    Fraction(1, 4)
    """

    name: str
    win: Fraction
    tie: Fraction
    share: Fraction


@dataclass(frozen=True)
class PlayerOdds:
    """One player's chances: per portion, the expected share of the pot (``equity``) and the
    chance to take the whole pot alone (``scoop``); ``equity_se`` is the standard error of a
    sampled equity (0 when exact).

    >>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).players[1].scoop
    Fraction(0, 1)
    """

    seat: int
    cards: tuple[int, ...]
    random: bool
    portions: tuple[PortionOdds, ...]
    equity: Fraction
    scoop: Fraction
    equity_se: float = 0.0
    draw: str = ""

    @property
    def label(self) -> str:
        """The player's known cards, or ``random``.

        >>> odds("badugi", ["As 2d 3h 4c", None]).players[1].label
        'random'
        """
        if self.random:
            return "random"
        return format_cards(self.cards) or "no cards known"


@dataclass(frozen=True)
class Odds:
    """The answer of ``odds``: every player's chances, how many deals were judged and how.

    >>> print(odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).text().splitlines()[0])
    Badugi odds: exact, 1 deal
    """

    title: str
    portions: tuple[str, ...]
    players: tuple[PlayerOdds, ...]
    deals: int
    exact: bool
    seed: Optional[int]
    notes: tuple[str, ...] = ()
    fast: bool = field(default=False, compare=False)

    @property
    def standard_error(self) -> float:
        """The largest standard error of a player's equity (0 when exact).

        >>> odds("badugi", ["8s 6d 4h 2c", None], samples=500, budget=10).standard_error > 0
        True
        """
        return max((p.equity_se for p in self.players), default=0.0)

    @property
    def method(self) -> str:
        """How the chances were found, in words: exact over every deal, or sampled.

        >>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"], discards=["", "Ks"]).method
        'exact, 44 deals'
        """
        plural = "" if self.deals == 1 else "s"
        if self.exact:
            return f"exact, {self.deals:,} deal{plural}"
        return (f"sampled, {self.deals:,} deal{plural}, seed {self.seed}, "
                f"standard error {self.standard_error:.4f}")

    def frame(self) -> pd.DataFrame:
        """One row per seat and portion: the deals (out of ``deals``) the seat wins the portion
        alone and ties for it, its exact share of the pot from the portion (a ``Fraction``),
        and the seat's equity and scoop on its rows.

        >>> df = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""]).frame()
        >>> df[["seat", "portion", "wins", "ties", "deals"]].values.tolist()
        [[0, 'badugi', 5, 0, 44], [1, 'badugi', 39, 0, 44]]
        """
        rows = []
        for p in self.players:
            for q in p.portions:
                rows.append({"seat": p.seat, "cards": p.label, "portion": q.name,
                             "wins": int(q.win * self.deals), "ties": int(q.tie * self.deals), "deals": self.deals,
                             "share": q.share, "equity": p.equity, "scoop": p.scoop})
        return pd.DataFrame(rows)

    def text(self) -> str:
        """A plain-text table: one line per player, then each portion's win, tie and share.

        >>> print(odds("a5-triple-draw", ["As 2d 3h 4c 5s", "Ac 2h 3c 4d 6d"]).text())
        Ace-to-Five Triple Draw odds: exact, 1 deal
        seat 0  As 2d 3h 4c 5s        equity 100.00%  scoop 100.00%  low win 100.00% tie 0.00%
        seat 1  Ac 2h 3c 4d 6d        equity   0.00%  scoop   0.00%  low win 0.00% tie 0.00%
        """
        lines = [f"{self.title} odds: {self.method}"]
        for p in self.players:
            parts = "  ".join(f"{q.name} win {float(q.win):.2%} tie {float(q.tie):.2%}" for q in p.portions)
            draw = f" ({p.draw})" if p.draw else ""
            lines.append(f"seat {p.seat}  {p.label + draw:<20}  equity {float(p.equity):7.2%}  "
                         f"scoop {float(p.scoop):7.2%}  {parts}")
        lines.extend(self.notes)
        return "\n".join(lines)


class ProgressBar:
    """A text progress bar for ``odds(progress=...)``, drawn on ``stream`` (the command line's
    stderr) for a long run: ``long`` deals or more, or once it has lasted ``after`` seconds.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, long=100)
    >>> bar(50, 100); bar(100, 100)
    >>> out.getvalue().splitlines()[-1].strip()
    '[########################################] 100% of 100 deals'
    """

    def __init__(self, stream: Any, after: float = 0.5, long: int = 250_000, width: int = 40) -> None:
        self.stream = stream
        self.after = after
        self.long = long
        self.width = width
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not (self.shown or total >= self.long or time.perf_counter() - self.start >= self.after):
            return
        self.shown = True
        filled = self.width * done // max(total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done * 100 // max(total, 1):3d}% "
                          f"of {total:,} deals")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


# --- the question -------------------------------------------------------------------------

@dataclass
class _Question:
    """The checked input: what is known, and the groups of cards still to deal."""

    game: PotGame
    kept: list[list[int]]            # each seat's known cards it keeps (after the declared discard)
    known: list[list[int]]           # each seat's known cards as given
    random: list[bool]
    boards: list[list[int]]          # the known cards of each board
    deck: np.ndarray                 # the cards that may still be dealt
    groups: list[tuple[str, int, int]]  # (kind, owner, size): "hand", "draw" or "board"
    auto_next: list[bool]            # seats whose next draw the automatic player makes
    draws_to_come: int
    draw_words: list[str]

    @property
    def needed(self) -> int:
        return sum(size for _, _, size in self.groups)

    @property
    def auto(self) -> bool:
        return any(self.auto_next) or self.draws_to_come > 1


def _declaration(game: Any) -> PotGame:
    if isinstance(game, PotGame):
        return game
    if isinstance(game, str):
        if game not in POT_DECLARATIONS:
            raise GameError(f"unknown pot game {shown(game)}; the pot games are {', '.join(POT_DECLARATIONS)}")
        return POT_DECLARATIONS[game]
    decl = getattr(game, "declaration", None)
    if isinstance(decl, PotGame):
        return decl
    raise GameError(f"the game is a pot game's key (such as 'big-o') or its declaration, not {shown(game)}")


def _is_random(hand: HandLike) -> bool:
    return hand is None or (isinstance(hand, str) and hand.strip().lower() in RANDOM_WORDS)


def _board_sizes(game: PotGame) -> list[int]:
    """The numbers of board cards a board can show: after each street that deals board cards."""
    sizes, n = [0], 0
    for s in game.streets:
        if s.board:
            n += s.board
            sizes.append(n)
    return sizes


def _board_before_draw(game: PotGame, draw_index: int) -> int:
    """How many board cards are out when draw number ``draw_index`` (0 = the first) is made."""
    n, k = 0, 0
    for s in game.streets:
        if s.draw:
            if k == draw_index:
                return n
            k += 1
        n += s.board
    return n  # pragma: no cover - draw_index < game.draws


def _question(game: PotGame, hands: Sequence[HandLike], board: Any, boards: Optional[Sequence[Any]],
              dead: Any, discards: Optional[Sequence[Any]], draws_to_come: Optional[int]) -> _Question:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise GameError(f"the hands are a list, one per player (a hand's cards, or None for a random hand), "
                        f"not {shown(hands)}")
    n = len(hands)
    if not 2 <= n <= game.max_players:
        raise GameError(f"{game.title} odds are for 2 to {game.max_players} players, not {n}")
    first = game.streets[0].down + game.streets[0].up
    grows = first < game.hole_cards  # stud: a hand is dealt over several streets
    random = [_is_random(h) for h in hands]
    known: list[list[int]] = []
    for i, h in enumerate(hands):
        cards = [] if h is None or random[i] else parse_cards(h, what=f"seat {i}'s hand")
        allowed = f"up to {game.hole_cards}" if grows else f"{game.hole_cards}"
        if len(cards) > game.hole_cards or (not grows and not random[i] and len(cards) != game.hole_cards):
            raise HandSizeError(f"seat {i}'s {game.title} hand has {len(cards)} cards ({format_cards(cards)}); "
                                f"give {allowed} cards, or None for a random hand")
        known.append(cards)
    # boards
    if game.boards == 0:
        if board is not None or boards:
            raise HandSizeError(f"{game.title} has no board; give only the players' hands (and dead cards)")
        given: list[Any] = []
    elif board is not None and boards is not None:
        raise HandSizeError("give either board= (one board) or boards= (a list), not both")
    elif boards is not None:
        given = list(boards)
        if len(given) != game.boards:
            raise HandSizeError(f"{game.title} is played with {game.boards} board{'s' if game.boards > 1 else ''}; "
                                f"got {len(given)}")
    else:
        given = [board if board is not None else ""] + [""] * (game.boards - 1)
        if board is not None and game.boards > 1:
            raise HandSizeError(f"{game.title} is played with {game.boards} boards: give boards=[...], one each")
    sizes = _board_sizes(game)
    known_boards = []
    for b, cards_like in enumerate(given):
        cards = parse_cards(cards_like or "", what=f"board {b + 1}")
        if len(cards) not in sizes:
            raise HandSizeError(f"board {b + 1} has {len(cards)} cards ({format_cards(cards)}); a {game.title} "
                                f"board shows {', '.join(map(str, sizes[:-1]))} or {sizes[-1]} cards")
        known_boards.append(cards)
    dead_cards = parse_cards(dead or "", what="dead cards")
    # draws
    if not game.draws and discards is not None and any(d is not None for d in discards):
        raise GameError(f"{game.title} has no draw: give no discards (cards out of play are dead cards)")
    if draws_to_come is None:
        draws_to_come = 1 if discards is not None and any(d is not None for d in discards) else 0
    if not isinstance(draws_to_come, int) or not 0 <= draws_to_come <= game.draws:
        raise GameError(f"{game.title} has {game.draws} draw{'s' if game.draws != 1 else ''}: draws to come "
                        f"is a whole number from 0 to {game.draws}, not {shown(draws_to_come)}")
    throws: list[Optional[list[int]]] = [None] * n
    if discards is not None:
        if isinstance(discards, (str, bytes)) or not isinstance(discards, Sequence) or len(discards) != n:
            raise GameError(f"the discards are a list with one entry per player ({n}): the cards thrown, '' to "
                            f"stand pat, or None for the automatic player; not {shown(discards)}")
        if draws_to_come == 0 and any(d is not None for d in discards):
            raise GameError(f"a draw is declared, but no draw is to come; {game.title} has "
                            f"{game.draws} draw{'s' if game.draws != 1 else ''} (give draws_to_come)")
        for i, d in enumerate(discards):
            if d is None:
                continue
            if random[i]:
                raise GameError(f"seat {i} has a random hand: its draw is made by the automatic player, "
                                f"give None for it, not {shown(d)}")
            cards = parse_cards(d, what=f"seat {i}'s discard")
            stray = [c for c in cards if c not in known[i]]
            if stray:
                raise GameError(f"seat {i} throws {format_cards(stray)}, which is not in its hand "
                                f"{format_cards(known[i])}")
            throws[i] = cards
    if draws_to_come:
        before = _board_before_draw(game, game.draws - draws_to_come)
        for b, cards in enumerate(known_boards):
            if len(cards) > before:
                raise HandSizeError(f"with {draws_to_come} draw{'s' if draws_to_come > 1 else ''} to come, board "
                                    f"{b + 1} shows {before} cards at most, not {len(cards)}")
    holders = [(f"seat {i}'s hand", known[i]) for i in range(n)]
    holders += [(f"board {b + 1}", c) for b, c in enumerate(known_boards)] + [("the dead cards", dead_cards)]
    refuse_shared_cards(holders)
    seen = {c for _, cards in holders for c in cards}
    deck = np.array([c for c in range(52) if c not in seen], dtype=np.int8)
    groups: list[tuple[str, int, int]] = []
    kept = []
    for i in range(n):
        keep = [c for c in known[i] if c not in (throws[i] or [])]
        kept.append(keep)
        if len(known[i]) < game.hole_cards:
            groups.append(("hand", i, game.hole_cards - len(known[i])))
        if throws[i]:
            groups.append(("draw", i, len(throws[i] or [])))
    for b, cards in enumerate(known_boards):
        if len(cards) < 5:
            groups.append(("board", b, 5 - len(cards)))
    auto_next = [draws_to_come > 0 and throws[i] is None for i in range(n)]
    words = []
    for i in range(n):
        t = throws[i]
        if not draws_to_come or t is None:
            words.append("draws: automatic player" if draws_to_come else "")
        else:
            words.append(f"throws {format_cards(t)}" if t else "stands pat")
    q = _Question(game, kept, known, random, known_boards, deck, groups, auto_next, draws_to_come, words)
    if q.needed > len(deck):
        raise GameError(f"{q.needed} more cards are needed but only {len(deck)} are left in the deck: fewer players "
                        f"or fewer unknown cards (the stud community card, R-A6, is not dealt here)")
    return q


# --- the deals -----------------------------------------------------------------------------

def _deal_count(question: _Question) -> int:
    """How many deals complete the question: the ways to fill every group from the deck."""
    n, total = len(question.deck), 1
    for _, _, size in question.groups:
        total *= math.comb(n, size)
        n -= size
    return total


def _assignments(sizes: Sequence[int]) -> np.ndarray:
    """Every way to give ``sum(sizes)`` chosen positions to the groups: rows of column orders,
    each group's positions ascending (the multinomial number of rows, built group by group).

    >>> _assignments([1, 2]).tolist()
    [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
    """
    rows: list[list[int]] = [[]]
    for size in sizes:
        grown: list[list[int]] = []
        for row in rows:
            free = [j for j in range(sum(sizes)) if j not in row]
            grown.extend(row + list(pick) for pick in combinations(free, size))
        rows = grown
    return np.array(rows, dtype=np.intp).reshape(len(rows), sum(sizes))


def _exact_deals(q: _Question) -> Iterator[np.ndarray]:
    """Every deal of the unknown cards, in chunks: rows of cards, the groups side by side."""
    sizes = [s for _, _, s in q.groups]
    total = sum(sizes)
    if total == 0:
        yield np.zeros((1, 0), np.int8)
        return
    union = combinations_array(len(q.deck), total)
    orders = _assignments(sizes)
    step = max(1, CHUNK // len(orders))
    for start in range(0, len(union), step):
        block = q.deck[union[start:start + step]]
        yield np.concatenate([block[:, order] for order in orders]) if len(orders) > 1 else block


def _sampled_deals(q: _Question, samples: int, seed: int, extra: int = 0) -> Iterator[np.ndarray]:
    """``samples`` seeded random deals of the unknown cards (plus ``extra`` cards of the stub)."""
    rng = np.random.default_rng(seed)
    width = min(len(q.deck), q.needed + extra)
    for start in range(0, samples, CHUNK // 4):
        rows = min(CHUNK // 4, samples - start)
        order = rng.random((rows, len(q.deck))).argsort(axis=1)[:, :width]
        yield q.deck[order]


# --- judging a chunk -------------------------------------------------------------------------

def _assemble(q: _Question, deals: np.ndarray) -> tuple[np.ndarray, Optional[np.ndarray]]:
    """Final hands ``(deals, players, hole cards)`` and boards ``(deals, boards, 5)`` of a chunk."""
    rows = len(deals)
    cols: dict[tuple[str, int], np.ndarray] = {}
    at = 0
    for kind, owner, size in q.groups:
        cols[(kind, owner)] = deals[:, at:at + size]
        at += size
    hands = []
    for i, keep in enumerate(q.kept):
        parts = [np.broadcast_to(np.array(keep, np.int8), (rows, len(keep)))]
        parts += [cols[(k, i)] for k in ("hand", "draw") if (k, i) in cols]
        hands.append(np.concatenate(parts, axis=1))
    boards = None
    if q.game.boards:
        boards = np.stack([np.concatenate([np.broadcast_to(np.array(b, np.int8), (rows, len(b)))]
                                          + ([cols[("board", k)]] if ("board", k) in cols else []), axis=1)
                           for k, b in enumerate(q.boards)], axis=1)
    return np.stack(hands, axis=1), boards


def _judge_chunk(q: _Question, deals: np.ndarray) -> dict[str, np.ndarray]:
    hands, boards = _assemble(q, deals)
    return judge_many(q.game, hands, boards)


def _auto_chunk(q: _Question, deals: np.ndarray, seed: int, first: int = 0) -> dict[str, np.ndarray]:
    """Deals played one by one: the declared draw, then the automatic player's draws (``first``
    is the number of the chunk's first deal, so that every deal has its own seeds)."""
    game = q.game
    hands, boards = _assemble(q, deals[:, :q.needed])
    stubs = deals[:, q.needed:]
    first_draw = game.draws - q.draws_to_come
    final = np.array(hands)
    for r in range(len(deals)):
        held = [list(map(int, h)) for h in hands[r]]
        stub = list(map(int, stubs[r]))
        muck: list[int] = []
        for d in range(first_draw, game.draws):
            shown_board = [list(map(int, b[:_board_before_draw(game, d)])) for b in boards[r]] if boards is not None else []
            left = game.draws - d
            for i in range(len(held)):
                declared = d == first_draw and not q.auto_next[i]
                if declared:
                    continue  # its replacements are already in its hand
                throw = draw_choice(game, held[i], boards=shown_board,
                                    seed=seed + 7919 * (first + r) + 31 * i + d, samples=16, tries=left)
                if len(stub) < len(throw):  # R-A5: the muck, but not this player's discards, is shuffled in
                    rng = np.random.default_rng(seed + first + r)
                    stub += [int(c) for c in rng.permutation(muck)]
                    muck = []
                if len(stub) < len(throw):
                    raise GameError(f"the deck runs out at the draws ({len(stub)} cards left for {len(throw)}): "
                                    "fewer players, or fewer draws to come")
                for c in throw:
                    held[i].remove(c)
                    held[i].append(stub.pop(0))
                muck += throw
        final[r] = np.array(held, dtype=final.dtype)
    return judge_many(game, final, boards)


# --- counting -------------------------------------------------------------------------------

class _Tally:
    """Counts over judged deals: exact per-portion wins, ties and shares, scoops, and the sums
    needed for a sampled standard error."""

    def __init__(self, names: Sequence[str], shares: Sequence[Fraction], players: int) -> None:
        self.names = list(names)
        self.shares = list(shares)
        self.players = players
        self.deals = 0
        n_keys = (1 << len(names)) * (players + 1)
        self.win = np.zeros((len(names), players), np.int64)
        self.tie = np.zeros((len(names), players), np.int64)
        self.by_key = np.zeros((len(names), players, n_keys), np.int64)
        self.scoop = np.zeros(players, np.int64)
        self.sum = np.zeros(players)
        self.sum_sq = np.zeros(players)

    def add(self, masks: dict[str, np.ndarray]) -> None:
        """Count one chunk of judged deals (winner masks per portion, ``(deals, players)``)."""
        rows = next(iter(masks.values())).shape[0]
        m = [masks.get(name, np.zeros((rows, self.players), bool)) for name in self.names]
        won: list[np.ndarray] = [np.asarray(x.any(axis=1)) for x in m]
        pattern = np.zeros(rows, np.int64)
        total = np.zeros(rows)
        for p, w in enumerate(won):
            pattern |= w.astype(np.int64) << p
            total += float(self.shares[p]) * w
        n_keys = self.by_key.shape[2]
        share = np.zeros((rows, self.players))
        alone = np.ones((rows, self.players), bool)
        for p, x in enumerate(m):
            k = x.sum(axis=1)
            self.win[p] += (x & (k == 1)[:, None]).sum(axis=0)
            self.tie[p] += (x & (k > 1)[:, None]).sum(axis=0)
            key = pattern * (self.players + 1) + k
            for i in range(self.players):
                self.by_key[p, i] += np.bincount(key[x[:, i]], minlength=n_keys)
            with np.errstate(invalid="ignore", divide="ignore"):
                share += np.where(x, float(self.shares[p]) / (total * np.maximum(k, 1))[:, None], 0.0)
            alone &= ~won[p][:, None] | (x & (k == 1)[:, None])
        self.scoop += alone.sum(axis=0)
        self.sum += share.sum(axis=0)
        self.sum_sq += (share * share).sum(axis=0)
        self.deals += rows

    def total_share(self, pattern: int) -> Fraction:
        return sum((s for p, s in enumerate(self.shares) if pattern >> p & 1), Fraction(0))

    def portion_share(self, p: int, i: int) -> Fraction:
        """Player ``i``'s exact total share of the pot from portion ``p``, over all deals counted."""
        out = Fraction(0)
        for key in np.flatnonzero(self.by_key[p, i]):
            pattern, k = divmod(int(key), self.players + 1)
            out += int(self.by_key[p, i, key]) * self.shares[p] / self.total_share(pattern) / k
        return out


def _portions(game: PotGame) -> tuple[list[str], list[Fraction]]:
    names = [p.name for p in game.portions]
    shares = [p.share for p in game.portions]
    if game.no_qualifier is NoQualifier.SPLIT:
        names.append(SPLIT_NAME)
        shares.append(Fraction(1))
    return names, shares


def odds(game: Any, hands: Sequence[HandLike], board: Any = None, boards: Optional[Sequence[Any]] = None,
         dead: Any = None, discards: Optional[Sequence[Any]] = None, draws_to_come: Optional[int] = None,
         budget: int = DEFAULT_BUDGET, samples: Optional[int] = None, seed: int = 0,
         progress: Optional[Progress] = None) -> Odds:
    """Each player's chances in a pot game (see the module docstring).

    ``game`` is a pot game's key, its declaration or its engine. ``progress(done, total)`` is
    called after each chunk of deals.

    >>> r = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""])
    >>> r.method, str(r.players[0].equity)
    ('exact, 44 deals', '5/44')
    >>> odds("badugi", ["As 2d 3h Kh", "As 4d 6h 8s"])
    Traceback (most recent call last):
    ...
    gamelib.errors.DuplicateCardError: As is in seat 0's hand and seat 1's hand: one deck has one of each card
    """
    decl = _declaration(game)
    if not isinstance(budget, int) or budget < 1:
        raise GameError(f"the budget is the most deals to enumerate, a whole number of 1 or more, not {shown(budget)}")
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise GameError(f"samples is how many deals to sample, a whole number of 1 or more, not {shown(samples)}")
    if not isinstance(seed, int) or seed < 0:
        raise GameError(f"the seed is a whole number of 0 or more, not {shown(seed)}")
    q = _question(decl, hands, board, boards, dead, discards, draws_to_come)
    names, shares = _portions(decl)
    tally = _Tally(names, shares, len(hands))
    count = _deal_count(q)
    exact = not q.auto and count <= budget
    fast = None
    if exact or not q.auto:
        fast = BoardTables.build(decl, q.kept, q.boards, q.deck) if not any(
            kind != "board" for kind, _, _ in q.groups) else None
    notes = []
    if q.auto:
        notes.append("draws not declared (and every draw after the next) are made by gamelib's automatic "
                     "player (gamelib.engine.walkthrough.draw_choice), a teaching device, not best play")
    if exact:
        total = count
        chunks: Iterator[np.ndarray] = _exact_deals(q)
    else:
        total = samples or (AUTO_SAMPLES if q.auto else DEFAULT_SAMPLES)
        extra = decl.hole_cards * len(hands) * q.draws_to_come if q.auto else 0
        chunks = _sampled_deals(q, total, seed, extra)
    for deals in chunks:
        if fast is not None:
            masks = fast.judge(deals)
        elif q.auto:
            masks = _auto_chunk(q, deals, seed, tally.deals)
        else:
            masks = _judge_chunk(q, deals)
        tally.add(masks)
        if progress is not None:
            progress(tally.deals, total)
    d = tally.deals
    players = []
    for i in range(len(hands)):
        por = tuple(PortionOdds(name, Fraction(int(tally.win[p, i]), d), Fraction(int(tally.tie[p, i]), d),
                                tally.portion_share(p, i) / d) for p, name in enumerate(names))
        mean = tally.sum[i] / d
        se = 0.0 if exact else math.sqrt(max(tally.sum_sq[i] / d - mean * mean, 0.0) / max(d - 1, 1))
        players.append(PlayerOdds(i, tuple(q.known[i]), q.random[i], por, sum((x.share for x in por), Fraction(0)),
                                  Fraction(int(tally.scoop[i]), d), se, q.draw_words[i]))
    return Odds(decl.title, tuple(names), tuple(players), d, exact, None if exact else seed, tuple(notes),
                fast=fast is not None)


__all__ = ["odds", "ProgressBar", "Odds", "PlayerOdds", "PortionOdds", "DEFAULT_BUDGET", "DEFAULT_SAMPLES",
           "AUTO_SAMPLES", "RANDOM_WORDS"]
