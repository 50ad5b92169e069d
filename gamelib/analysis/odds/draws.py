"""The automatic player's draws for the odds calculator: the engine's ``draw_choice``, for many
hands at once, remembered per hand.

``gamelib.engine.walkthrough.draw_choice`` reads only the player's own cards, the board shown at
the draw, how many draws are left and its seed: not the deck's order, not the other players'
cards (it deals its trial replacements from every card it cannot see). With a seed fixed for the
whole calculation (``AUTO_SEED``), its choice is a function of the hand, so the calculator can
decide a known hand's next draw before dealing anything, and decide each distinct hand of a later
draw once.

``choices(game, hands, board, tries)`` gives exactly what ``draw_choice`` gives for each hand
(given sorted, with ``seed=AUTO_SEED`` and ``samples=AUTO_DRAW_SAMPLES``), computed together:
the trial replacements are drawn once (``draw_choice`` draws the same ones for every hand of
the same size on the same board), every hand's every choice is scored in one call of the
engine's own scoring, and the same mean, maximum and tie rule pick each hand's choice.
``AutoPlayer`` keeps the answers, so a hand met again costs a dictionary look-up.

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.cards import parse_cards, format_cards
>>> from gamelib.engine.walkthrough import draw_choice
>>> g = POT_DECLARATIONS["badugi"]
>>> hands = np.array([sorted(parse_cards("As 2d 3h Kc")), sorted(parse_cards("5s 6d 7h 8c"))], np.int8)
>>> [format_cards(t) for t in choices(g, hands, (), tries=1)]
['Kc', '']
>>> format_cards(draw_choice(g, list(hands[0]), seed=AUTO_SEED, samples=AUTO_DRAW_SAMPLES))
'Kc'
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional

import numpy as np

from ...engine.walkthrough import _score as score_hands  # the automatic player's own scoring
from ...games.pot import PotGame

#: The automatic player's seed in the odds calculator: fixed, so a hand always draws the same way.
AUTO_SEED = 2026
#: Trial replacements the automatic player deals for each choice (``draw_choice``'s ``samples``).
AUTO_DRAW_SAMPLES = 16
#: What deciding hands on a board not met before costs (in hands): its reference hands are dealt.
BOARD_WORK = 10
#: Hands scored together (each is scored on up to 32 choices x ``AUTO_DRAW_SAMPLES`` x draws left rows).
BATCH = 512

Board = tuple[tuple[int, ...], ...]


def choices(game: PotGame, hands: np.ndarray, board: Board, tries: int, seed: int = AUTO_SEED,
            samples: int = AUTO_DRAW_SAMPLES) -> list[tuple[int, ...]]:
    """The cards each hand throws in a draw (sorted; ``()`` stands pat): ``draw_choice(game,
    hand, boards=board, seed=seed, samples=samples, tries=tries)`` for each row of ``hands``
    (``(hands, cards)``, each row sorted), all rows scored together. (The automatic player
    never makes a fixed-count discard, Super Razzdugi's, in the odds calculator: it is declared.)

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> from gamelib.cards import parse_cards, format_cards
    >>> h = np.array([sorted(parse_cards("Ac 2d 3h Ks Kc"))], np.int8)
    >>> format_cards(choices(POT_DECLARATIONS["a5-triple-draw"], h, (), tries=1)[0])
    'Kc Ks'
    """
    hands = np.asarray(hands, dtype=np.int8)
    out: list[tuple[int, ...]] = []
    for start in range(0, len(hands), BATCH):
        out.extend(_choices(game, hands[start:start + BATCH], board, tries, seed, samples))
    return out


def _choices(game: PotGame, hands: np.ndarray, board: Board, tries: int, seed: int,
             samples: int) -> list[tuple[int, ...]]:
    h_count, held = hands.shape
    if h_count == 0:
        return []
    size = game.hole_cards
    on_board = [c for b in board for c in b]
    seen = np.zeros((h_count, 52), bool)
    seen[np.arange(h_count)[:, None], hands.astype(np.intp)] = True
    seen[:, on_board] = True
    n_unseen = 52 - int(seen[0].sum())
    unseen = np.argsort(seen, axis=1, kind="stable")[:, :n_unseen].astype(np.int8)  # ascending, as draw_choice
    rng = np.random.default_rng(seed)
    n_fill = samples * tries
    order = rng.random((n_fill, n_unseen)).argsort(axis=1)[:, :size]  # draw_choice's permutation, same for all
    perms = unseen[:, order]  # (hands, n_fill, size)
    throws = [t for k in range(held + 1) for t in combinations(range(held), k)]
    blocks: list[np.ndarray] = []
    widths: list[int] = []
    for t in throws:
        keep = hands[:, [j for j in range(held) if j not in t]]
        need = size - keep.shape[1]
        if need <= 0:
            block = keep[:, None, :size]
        else:
            block = np.concatenate([np.broadcast_to(keep[:, None, :], (h_count, n_fill, keep.shape[1])),
                                    perms[:, :, :need]], axis=2)
        blocks.append(block)
        widths.append(block.shape[1])
    rows = np.concatenate(blocks, axis=1)  # (hands, rows per hand, size)
    scores = score_hands(game, rows.reshape(-1, size), [list(b) for b in board]).reshape(h_count, -1)
    best_i = np.zeros(h_count, np.intp)
    best = np.full(h_count, -1.0)
    at = 0
    for i, n in enumerate(widths):
        part = scores[:, at:at + n]
        at += n
        s = part[:, 0] / 1 if n == 1 else part.reshape(h_count, samples, tries).max(axis=2).mean(axis=1)
        better = s > best + 1e-12  # ties keep the earlier choice: fewer cards thrown
        best_i[better] = i
        best[better] = s[better]
    return [tuple(sorted(int(hands[r, j]) for j in throws[best_i[r]])) for r in range(h_count)]


class AutoPlayer:
    """The automatic player of one calculation: ``choices`` remembered per (hand, board, draws left).

    ``decide(hands, board, tries)`` takes hands ``(rows, cards)`` (any order within a row) and
    gives each row's thrown cards; ``index`` gives them as a list of distinct answers and each
    row's place in it. ``calls`` counts the hands actually scored, ``work`` the same plus
    ``BOARD_WORK`` for each board they were scored on (its reference hands are dealt afresh).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> from gamelib.cards import parse_cards
    >>> p = AutoPlayer(POT_DECLARATIONS["badugi"])
    >>> h = np.array([parse_cards("Kc 2d 3h As"), parse_cards("As 2d 3h Kc")], np.int8)
    >>> p.decide(h, (), 1) == [tuple(parse_cards("Kc"))] * 2, p.calls
    (True, 1)
    >>> p.decide(h[:, ::-1] + 0, (), 2, limit=0) is None  # two draws left: a new question
    True
    """

    def __init__(self, game: PotGame, seed: int = AUTO_SEED, samples: int = AUTO_DRAW_SAMPLES) -> None:
        self.game = game
        self.seed = seed
        self.samples = samples
        self.known: dict[tuple[int, Board, int], tuple[int, ...]] = {}
        self.calls = 0
        self.work = 0

    def index(self, hands: np.ndarray, board: Board, tries: int, limit: Optional[int] = None) -> Optional[tuple[list[tuple[int, ...]], np.ndarray]]:
        """The distinct answers and each row's place among them, deciding the hands not met
        before all together; ``None`` (and nothing decided) when more than ``limit`` are new.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> from gamelib.cards import parse_cards
        >>> p = AutoPlayer(POT_DECLARATIONS["badugi"])
        >>> answers, where = p.index(np.array([parse_cards("As 2d 3h Kc")] * 3, np.int8), (), 1)
        >>> len(answers), where.tolist()
        (1, [0, 0, 0])
        """
        hands = np.asarray(hands, dtype=np.int8)
        if len(hands) == 0:
            return [], np.zeros(0, np.intp)
        bits = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
        unique, first, inverse = np.unique(bits, return_index=True, return_inverse=True)
        keys = [(int(u), board, tries) for u in unique.tolist()]
        new = [j for j, k in enumerate(keys) if k not in self.known]
        if limit is not None and len(new) > limit:
            return None
        if new:
            rows = np.sort(hands[first[new]], axis=1)
            got = choices(self.game, rows, board, tries, self.seed, self.samples)
            self.calls += len(new)
            self.work += len(new) + (BOARD_WORK if board else 0)
            for j, throw in zip(new, got):
                self.known[keys[j]] = throw
        return [self.known[k] for k in keys], np.asarray(inverse, np.intp).reshape(-1)

    def decide(self, hands: np.ndarray, board: Board, tries: int,
               limit: Optional[int] = None) -> Optional[list[tuple[int, ...]]]:
        """Each row's thrown cards (sorted); ``None`` when more than ``limit`` hands are new."""
        got = self.index(hands, board, tries, limit)
        if got is None:
            return None
        answers, where = got
        return [answers[j] for j in where.tolist()]


__all__ = ["choices", "AutoPlayer", "AUTO_SEED", "AUTO_DRAW_SAMPLES", "BOARD_WORK"]
