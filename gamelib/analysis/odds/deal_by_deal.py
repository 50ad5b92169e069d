"""The odds calculator's draws left to gamelib's automatic player deal by deal: a random hand's
next draw (or one made on a flop still to come) and every draw after the next. Exactly, every
way each draw can go from each partial deal, each final deal weighted by its chance; or sampled,
the draws dealt from each deal's own stub. Also the next draw of a known hand, decided up front,
and the notes that say what the automatic player did.

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.analysis.odds.question import read_question
>>> q = read_question(POT_DECLARATIONS["badugi"], ["As 2d 3h Kh", "2c 4d 6h 8s"], None, None, None, None, 1)
>>> decide_up_front(q, AutoPlayer(q.game))
>>> q.draw_words, q.auto
(['automatic player: throws Kh', 'automatic player: stands pat'], False)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...combinatorics import combinations_array
from ...errors import GameError
from ...games.pot import PotGame
from .deals import assemble_hands, exact_deals, seat_assignments
from .draws import AUTO_DRAW_SAMPLES, AUTO_SEED, BOARD_WORK, PREFIX, AutoPlayer
from .question import OddsQuestion, board_before_draw

#: The most work the automatic player does in one calculation: distinct hands decided (a fraction
#: of a millisecond each), a board not met before counting ``BOARD_WORK`` more. An exact answer
#: that needs more is sampled instead, and a sample stops after the chunk that reaches it (its
#: standard error says so).
AUTO_DECISIONS = 20_000
#: Deals sampled at once when the automatic player draws.
AUTO_CHUNK = 500
#: Deals sampled at once under a work limit (``odds``'s ``max_work``, checked between chunks).
LIMITED_CHUNK = 25
#: Deals sampled on each flop when the automatic player's draw reads board cards still to come
#: (Drawmaha before the flop): the flop's reference values, most of a decision's cost, serve all
#: its deals. A two-stage sample (flops, then deals on each), unbiased; its standard error is
#: the flops' (``cluster_errors``).
CLUSTER = 25
#: What a partial deal of an exact enumeration costs to decide and expand, in the rows of
#: ``AutoPlayer.cost``: under ``max_work`` the enumeration is tried with ``max_work // EXPAND_ROWS``
#: deals at most (and no more hands to decide than ``max_work`` pays for).
EXPAND_ROWS = 8
#: The sampler's own cost of one seat's draw in one deal (dealing, the showdown), in the rows of
#: ``AutoPlayer.cost``.
DEAL_ROWS = 400


class OverBudget(Exception):
    """The exact enumeration does not fit: more deals, or more hands to decide, than allowed."""


def _bits(cards: np.ndarray) -> np.ndarray:
    """Each row's cards ``(rows, k)`` as a 52-bit mask (``uint64``)."""
    if cards.shape[1] == 0:
        return np.zeros(len(cards), np.uint64)
    bits: np.ndarray = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    return bits


def _shown(game: PotGame, boards: np.ndarray | None, d: int) -> tuple[int, np.ndarray | None]:
    """How many cards of each board are out at draw ``d``, and those cards per row (or None)."""
    before = board_before_draw(game, d)
    if boards is None or before == 0:
        return 0, None
    return before, boards[:, :, :before].reshape(len(boards), -1)


Decided = tuple[list[tuple[int, ...]], np.ndarray]


def _decide(player: AutoPlayer, game: PotGame, hands: np.ndarray, boards: np.ndarray | None, d: int,
            limit: int | None) -> Decided | None:
    """The cards the automatic player throws at draw ``d`` from each row's hand ``(rows, cards)``
    (the board shown then read per row), as the distinct answers and each row's place among
    them; ``None`` when that would cost more than ``limit`` (``AutoPlayer.work``)."""
    tries = game.draws - d
    before, shown = _shown(game, boards, d)
    if shown is None:
        return player.index(hands, (), tries, limit=limit)
    per_board = np.stack([_bits(shown[:, b * before:(b + 1) * before]) for b in range(game.boards)], axis=1)
    if game.boards == 1:
        _, first, inverse = np.unique(per_board[:, 0], return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(per_board, axis=0, return_index=True, return_inverse=True)
    inverse = np.asarray(inverse, np.intp).reshape(-1)
    order = np.argsort(inverse, kind="stable")
    ends = np.cumsum(np.bincount(inverse, minlength=len(first)))
    answers: list[tuple[int, ...]] = []
    where = np.empty(len(hands), np.intp)
    start = 0
    for j, end in enumerate(ends.tolist()):
        rows = order[start:end]
        start = end
        key = tuple(tuple(sorted(int(c) for c in shown[first[j], b * before:(b + 1) * before]))
                    for b in range(game.boards))
        left = None if limit is None else limit - player.work - BOARD_WORK
        got = player.index(hands[rows], key, tries, limit=left)
        if got is None or (limit is not None and player.work > limit):
            return None
        where[rows] = np.asarray(got[1]) + len(answers)
        answers += got[0]
    return answers, where


def _decide_seats(player: AutoPlayer, game: PotGame, hands: np.ndarray, boards: np.ndarray | None, d: int,
                  seats: list[int], limit: int | None) -> tuple[np.ndarray, np.ndarray] | None:
    """The automatic player's draw ``d`` for ``seats`` of every row, decided together: the thrown
    cards of each distinct answer (padded with -1) and each seat's and row's answer ``(seats, rows)``."""
    n_rows, _, size = hands.shape
    stacked = hands[:, seats].transpose(1, 0, 2).reshape(-1, size)
    got = _decide(player, game, stacked, None if boards is None else np.tile(boards, (len(seats), 1, 1)), d, limit)
    if got is None:
        return None
    answers, where = got
    thrown = np.full((max(len(answers), 1), size), -1, np.int8)
    for j, a in enumerate(answers):
        thrown[j, :len(a)] = a
    return thrown, where.reshape(len(seats), n_rows)


def decide_up_front(q: OddsQuestion, player: AutoPlayer) -> None:
    """The next draw of every known hand left to the automatic player, chosen before the deal
    (its choice reads only its cards and the board shown at the draw, when that is known)."""
    if not q.draws_to_come:
        return
    before = board_before_draw(q.game, q.first_draw)
    if any(len(b) < before for b in q.boards):
        return  # the flop is still to come: the choice depends on it, deal by deal
    shown = tuple(tuple(b[:before]) for b in q.boards) if before else ()
    for i, t in enumerate(q.throws):
        if t is None and not q.random[i]:
            got = player.decide(np.array([q.known[i]], np.int8), shown, q.draws_to_come)
            assert got is not None  # no limit
            q.throws[i] = list(got[0])
            q.decided[i] = True
    q.lay_out()
    if q.needed > len(q.deck):  # the stub runs out at this draw (R-A5): its draws are made deal by deal
        q.throws = [None if q.decided[i] else t for i, t in enumerate(q.throws)]
        q.decided = [False] * len(q.known)
        q.lay_out()


@dataclass
class DealRows:
    """Partial deals: hands ``(rows, players, cards)``, full boards ``(rows, boards, 5)`` (or
    None), the cards no longer in the stub (a 52-bit mask per row), how many are left in it, and
    each row's chance, ``1 / dens[den[row]]``."""

    hands: np.ndarray
    boards: np.ndarray | None
    out: np.ndarray
    left: np.ndarray
    den: np.ndarray


class Denominators:
    """The distinct chances of the deals (as denominators), each with a small index."""

    def __init__(self) -> None:
        self.values: list[int] = []
        self.index: dict[int, int] = {}

    def of(self, value: int) -> int:
        if value not in self.index:
            self.index[value] = len(self.values)
            self.values.append(value)
        return self.index[value]


Chosen = dict[tuple[int, int], dict[int, Fraction]]


def _tally_choices(chosen: Chosen, d: int, seat: int, k: np.ndarray, weights: list[Fraction],
                   den: np.ndarray) -> None:
    """Add the chance of each number of cards the automatic player draws at draw ``d`` for ``seat``."""
    keys, counts = np.unique(den.astype(np.int64) * 16 + k, return_counts=True)
    got = chosen.setdefault((d, seat), {})
    for key, c in zip(keys.tolist(), counts.tolist(), strict=True):
        j, n = divmod(key, 16)
        got[n] = got.get(n, Fraction(0)) + c * weights[j]


def _draw_counts(q: OddsQuestion, rows: DealRows, d: int, seats: list[int], player: AutoPlayer,
                 limit: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The automatic player's draw ``d`` from each row: the thrown cards of each distinct answer,
    each seat's and row's answer, and how many cards each seat draws ``(rows, players)``; raises
    ``OverBudget`` when more than ``limit`` hands are new or the stub runs out."""
    got = _decide_seats(player, q.game, rows.hands, rows.boards, d, seats, limit)
    if got is None:
        raise OverBudget
    thrown, where = got
    lens = (thrown >= 0).sum(axis=1)
    k = np.zeros((len(rows.hands), len(q.known)), np.int64)
    for s, i in enumerate(seats):
        k[:, i] = lens[where[s]]
    if (k.sum(axis=1) > rows.left).any():
        raise OverBudget  # the stub runs out: the muck is shuffled in (R-A5), which is only sampled
    return thrown, where, k


def _ways(left: np.ndarray, k: np.ndarray
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, list[int]]], list[int]]:
    """The rows grouped by stub size and cards drawn per seat: each group's first row, each
    row's group, the group sizes, each group's (stub, draws) and its number of ways to draw."""
    code = left.astype(np.int64)
    for i in range(k.shape[1]):
        code = code * 8 + k[:, i]
    _, first, inverse, counts = np.unique(code, return_index=True, return_inverse=True, return_counts=True)
    groups = [(int(left[f]), [int(x) for x in k[f]]) for f in first.tolist()]
    ways = [math.comb(m, sum(kv)) * math.factorial(sum(kv)) // math.prod(math.factorial(x) for x in kv)
            for m, kv in groups]
    return first, np.asarray(inverse, np.intp).reshape(-1), counts, groups, ways


def _expand(q: OddsQuestion, rows: DealRows, d: int, seats: list[int], player: AutoPlayer, dens: Denominators,
            budget: int, chosen: Chosen, decisions: int = AUTO_DECISIONS) -> DealRows:
    """Every way the draw ``d`` can go from each partial deal: the automatic player's choices,
    then every set of replacements; raises ``OverBudget`` when it does not fit (more than
    ``budget`` deals, more than ``decisions`` hands to decide). Counted before trying: when
    there are more than ``PREFIX`` rows (and no board), the deals of the first ``PREFIX`` rows,
    plus one for every other row, are fewer than the deals of all; over ``budget``, it stops
    there, without deciding or sorting every row."""
    n_rows, n, size = rows.hands.shape
    if n_rows > PREFIX and rows.boards is None:
        head = DealRows(rows.hands[:PREFIX], None, rows.out[:PREFIX], rows.left[:PREFIX], rows.den[:PREFIX])
        calls = player.calls
        _, _, k_head = _draw_counts(q, head, d, seats, player, decisions)
        decisions -= player.calls - calls  # the same limit on every new hand, the head's included
        _, _, counts_head, _, ways_head = _ways(head.left, k_head)
        if sum(w * int(c) for w, c in zip(ways_head, counts_head, strict=True)) + n_rows - PREFIX > budget:
            raise OverBudget
    thrown, where, k = _draw_counts(q, rows, d, seats, player, decisions)
    first, inverse, counts, groups, ways = _ways(rows.left, k)
    if sum(w * int(c) for w, c in zip(ways, counts, strict=True)) > budget:
        raise OverBudget
    weights = [Fraction(1, v) for v in dens.values]
    for i in seats:
        _tally_choices(chosen, d, i, k[:, i], weights, rows.den)
    seat_at = {i: s for s, i in enumerate(seats)}
    order = np.argsort(inverse, kind="stable")
    ends = np.cumsum(counts).tolist()
    parts: list[DealRows] = []
    start = 0
    for (m, kv), end in zip(groups, ends, strict=True):
        sel = order[start:end]
        start = end
        total = sum(kv)
        if total == 0:
            parts.append(DealRows(rows.hands[sel], None if rows.boards is None else rows.boards[sel], rows.out[sel],
                               rows.left[sel], rows.den[sel]))
            continue
        out = rows.out[sel]
        free = ((out[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)).astype(bool)
        stub = np.argsort(free, axis=1, kind="stable")[:, :m].astype(np.int8)  # the cards left, ascending
        picks = (combinations_array(m, total).astype(np.intp)[:, seat_assignments([x for x in kv if x])]
                 .reshape(-1, total))
        ch = len(picks)
        new = stub[:, picks]  # (rows, children, cards drawn), seat by seat
        hands = np.repeat(rows.hands[sel][:, None], ch, axis=1)
        at = 0
        for i in range(n):
            if not kv[i]:
                continue
            throw = thrown[where[seat_at[i], sel], :kv[i]]
            hand = rows.hands[sel, i]
            keep = hand[~(hand[:, :, None] == throw[:, None, :]).any(axis=2)].reshape(len(sel), size - kv[i])
            hands[:, :, i, :size - kv[i]] = keep[:, None, :]
            hands[:, :, i, size - kv[i]:] = new[:, :, at:at + kv[i]]
            at += kv[i]
        parent = np.unique(rows.den[sel])
        den_map = np.zeros(int(parent.max()) + 1, np.intp)
        den_map[parent] = [dens.of(dens.values[j] * ch) for j in parent.tolist()]
        parts.append(DealRows(hands.reshape(-1, n, size),
                           None if rows.boards is None else np.repeat(rows.boards[sel], ch, axis=0),
                           (out[:, None] | _bits(new.reshape(-1, total)).reshape(len(sel), ch)).reshape(-1),
                           np.repeat(rows.left[sel] - total, ch), np.repeat(den_map[rows.den[sel]], ch)))
    return DealRows(np.concatenate([p.hands for p in parts]),
                 None if rows.boards is None else np.concatenate([p.boards for p in parts if p.boards is not None]),
                 np.concatenate([p.out for p in parts]), np.concatenate([p.left for p in parts]),
                 np.concatenate([p.den for p in parts]))


def exact_auto_odds(q: OddsQuestion, player: AutoPlayer, budget: int, dens: Denominators, chosen: Chosen,
                decisions: int = AUTO_DECISIONS) -> DealRows:
    """Every deal, the automatic player's draws made deal by deal: the final hands and boards of
    every deal with its chance (raises ``OverBudget`` when it does not fit)."""
    deals = np.concatenate(list(exact_deals(q)))
    hands, boards = assemble_hands(q, deals)
    base = _bits(np.array([[c for c in range(52) if c not in set(q.deck.tolist())]], np.int8))[0]
    rows = DealRows(hands, boards, _bits(deals) | base, np.full(len(deals), len(q.deck) - q.needed, np.int64),
                 np.full(len(deals), dens.of(len(deals)), np.intp))
    for d, seats in q.stages():
        rows = _expand(q, rows, d, seats, player, dens, budget, chosen, decisions)
    return rows


def shared_columns(q: OddsQuestion) -> list[int]:
    """The columns of a deal (``q.groups`` side by side) holding the board cards the automatic
    player first sees at a deal-by-deal draw that are still to come (Drawmaha's flop): a sample
    deals ``CLUSTER`` deals on each (none: every deal is dealt afresh)."""
    stages = q.stages()
    if not stages:
        return []
    before = board_before_draw(q.game, stages[0][0])
    shown = [len(b) for b in q.boards]
    cols: list[int] = []
    at = 0
    for kind, owner, size in q.groups:
        if kind == "board":
            if shown[owner] + size <= before:
                cols += range(at, at + size)
            shown[owner] += size
        at += size
    return cols


def sample_rows(deck: np.ndarray, rng: np.random.Generator, rows: int, width: int, shared: list[int]) -> np.ndarray:
    """``rows`` seeded random deals of ``width`` cards from ``deck``; with ``shared`` columns, in
    clusters of ``CLUSTER`` deals (the last may be short) sharing those cards: a random set of
    them, then the other cards of each deal at random from the rest of the deck. The generator is
    read deal by deal (cluster by cluster): dealt in chunks of whole clusters, the deals are the
    same as dealt at once.

    >>> d = sample_rows(np.arange(10, dtype=np.int8), np.random.default_rng(1), 30, 4, [1, 2])
    >>> d.shape, len({tuple(r) for r in d[:25, 1:3].tolist()}), bool((d[25:, 1:3] == d[25, 1:3]).all())
    ((30, 4), 1, True)
    >>> rng = np.random.default_rng(1)
    >>> parts = [sample_rows(np.arange(10, dtype=np.int8), rng, n, 4, [1, 2]) for n in (25, 5)]
    >>> bool((np.concatenate(parts) == d).all())
    True
    """
    if not shared:
        out: np.ndarray = deck[rng.random((rows, len(deck))).argsort(axis=1)[:, :width]]
        return out
    k = len(shared)
    others = [c for c in range(width) if c not in set(shared)]
    out = np.empty((rows, width), np.int8)
    for at in range(0, rows, CLUSTER):
        size = min(CLUSTER, rows - at)
        first = deck[rng.random(len(deck)).argsort()]  # the cluster's shared cards, then the rest
        order = rng.random((size, len(deck) - k)).argsort(axis=1)[:, :width - k]
        out[at:at + size, shared] = first[:k]
        out[at:at + size, others] = first[k:][order]
    return out


@dataclass
class Sampling:
    """How a sample of deals with deal-by-deal draws went: the cost spent (``AutoPlayer.cost``
    plus ``DEAL_ROWS`` a seat's draw), and whether it stopped at ``max_work``."""

    spent: int = 0
    limited: bool = False


def _count_choices(q: OddsQuestion, chosen_counts: dict[tuple[int, int], np.ndarray], d: int, i: int,
                   k: np.ndarray) -> None:
    counts = chosen_counts.setdefault((d, i), np.zeros(q.game.hole_cards + 1, np.int64))
    counts += np.bincount(k, minlength=q.game.hole_cards + 1)


def _draw_from_stubs(q: OddsQuestion, player: AutoPlayer, hands: np.ndarray, boards: np.ndarray | None,
                     stubs: np.ndarray, chosen_counts: dict[tuple[int, int], np.ndarray]) -> None:
    """The automatic player's draws of a chunk, made in place on ``hands`` ``(rows, players,
    cards)``, every row at once: each seat in turn keeps its other cards in their order and takes
    the next cards of its deal's stub (``stubs``, long enough for every draw: none runs out)."""
    rows, _, size = hands.shape
    at = np.zeros(rows, np.intp)  # each row's next card in its stub
    places = np.arange(size)
    for d, seats in q.stages():
        got = _decide_seats(player, q.game, hands, boards, d, seats, None)
        assert got is not None  # no limit
        thrown, where = got
        for s, i in enumerate(seats):
            throw = thrown[where[s]]  # (rows, cards), padded with -1
            k = (throw >= 0).sum(axis=1)
            _count_choices(q, chosen_counts, d, i, k)
            hand = hands[:, i]
            keep = ~(hand[:, :, None] == throw[:, None, :]).any(axis=2)
            kept = np.take_along_axis(hand, np.argsort(~keep, axis=1, kind="stable"), axis=1)  # kept cards first
            fresh = places[None, :] >= (size - k)[:, None]
            drawn = np.take_along_axis(stubs, np.where(fresh, at[:, None] + places[None, :] - (size - k)[:, None], 0),
                                       axis=1)
            hands[:, i] = np.where(fresh, drawn, kept)
            at += k


def _draw_one_by_one(q: OddsQuestion, player: AutoPlayer, hands: np.ndarray, boards: np.ndarray | None,
                     deal_stubs: np.ndarray, chosen_counts: dict[tuple[int, int], np.ndarray], seed: int,
                     done: int) -> None:
    """``_draw_from_stubs`` deal by deal, for a question whose stub may run out: then the muck,
    but not the drawing player's discards, is shuffled in (R-A5), seeded by the deal."""
    stubs = [list(map(int, s)) for s in deal_stubs]
    thrown_first = [c for t in q.throws for c in t or []]  # the next draw's discards, declared or decided
    mucks: list[list[int]] = [list(thrown_first) for _ in range(len(hands))]
    for d, seats in q.stages():
        got = _decide_seats(player, q.game, hands, boards, d, seats, None)
        assert got is not None  # no limit
        thrown, where = got
        answers = [tuple(int(c) for c in row if c >= 0) for row in thrown.tolist()]
        for s, i in enumerate(seats):
            _count_choices(q, chosen_counts, d, i, (thrown[where[s]] >= 0).sum(axis=1))
            for r, j in enumerate(where[s].tolist()):
                throw = answers[j]
                if not throw:
                    continue
                if len(stubs[r]) < len(throw):  # R-A5: the muck, but not this player's discards, is shuffled in
                    shuffle = np.random.default_rng([seed, done + r, d])
                    stubs[r] += [int(c) for c in shuffle.permutation(mucks[r])]
                    mucks[r] = []
                if len(stubs[r]) < len(throw):
                    raise GameError(f"the deck runs out at the draws ({len(stubs[r])} cards left for "
                                    f"{len(throw)}): fewer players, or fewer draws to come")
                hands[r, i] = [c for c in hands[r, i].tolist() if c not in throw] + stubs[r][:len(throw)]
                del stubs[r][:len(throw)]
                mucks[r] += throw


def sampled_auto_odds(q: OddsQuestion, player: AutoPlayer, total: int, seed: int, stop_early: bool,
                  chosen_counts: dict[tuple[int, int], np.ndarray], max_work: int | None = None,
                  how: Sampling | None = None) -> Iterator[tuple[np.ndarray, np.ndarray | None, list[int] | None]]:
    """Seeded random deals, ``AUTO_CHUNK`` at a time (``LIMITED_CHUNK`` under ``max_work``),
    with the automatic player's draws dealt from each deal's own stub (the muck shuffled in when
    it runs out, R-A5): the final hands and boards of each chunk, and the sizes of its clusters
    of deals sharing a flop (``shared_columns``; ``None`` when the deals are independent). With
    ``stop_early``, stops after the chunk in which the automatic player's work reaches
    ``AUTO_DECISIONS``; with ``max_work``, before a chunk that would take the cost spent (``how``)
    over it at the cost per deal so far (at least one chunk is dealt). The same seed gives the
    same deals whatever the chunks (``sample_rows``; both chunk sizes are whole clusters)."""
    game = q.game
    how = how if how is not None else Sampling()
    rng = np.random.default_rng(seed)
    width = min(len(q.deck), q.needed + game.hole_cards * len(q.known) * q.draws_to_come)
    whole_stub = width == q.needed + game.hole_cards * len(q.known) * q.draws_to_come  # no draw can run out
    shared = shared_columns(q)
    chunk = AUTO_CHUNK if max_work is None else LIMITED_CHUNK
    per_deal = DEAL_ROWS * sum(len(seats) for _, seats in q.stages())
    before = player.cost  # the work of an exact try and of the draws decided up front, spent already
    done = 0
    while done < total:
        n_rows = min(chunk, total - done)
        if max_work is not None and done and how.spent + (how.spent - before) * n_rows // done > max_work:
            how.limited = True
            return
        deals = sample_rows(q.deck, rng, n_rows, width, shared)
        hands, boards = assemble_hands(q, deals[:, :q.needed])
        hands = np.array(hands)
        if whole_stub:
            _draw_from_stubs(q, player, hands, boards, deals[:, q.needed:], chosen_counts)
        else:
            _draw_one_by_one(q, player, hands, boards, deals[:, q.needed:], chosen_counts, seed, done)
        done += n_rows
        how.spent = player.cost + per_deal * done
        sizes = [min(CLUSTER, n_rows - at) for at in range(0, n_rows, CLUSTER)] if shared else None
        yield hands, boards, sizes
        if stop_early and player.work >= AUTO_DECISIONS:
            return


def auto_notes(q: OddsQuestion, chosen: Chosen) -> list[str]:
    """What the automatic player did: who it drew for, and at each later draw how often it drew
    how many cards."""
    if not q.auto and not any(q.decided):
        return []
    notes = [f"draws not declared (and every draw after the next) are made by gamelib's automatic player "
             f"(gamelib.engine.walkthrough.draw_choice, seed {AUTO_SEED}, {AUTO_DRAW_SAMPLES} trial replacements "
             f"a choice), a teaching device, not best play; its choice reads only its own cards and the board"]
    names = [s.name for s in q.game.streets if s.draw]
    for i in range(len(q.known)):
        parts = []
        for d in range(q.first_draw, q.game.draws):
            got = chosen.get((d, i))
            if not got:
                continue
            words = ", ".join(f"{'pat' if k == 0 else f'{k} card' + ('s' if k > 1 else '')} {float(x):.1%}"
                              for k, x in sorted(got.items()))
            parts.append(f"{names[d]}: {words}")
        if parts:
            notes.append(f"seat {i}, the automatic player's draws: " + "; ".join(parts))
    return notes
