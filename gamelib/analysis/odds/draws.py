"""The automatic player's draws for the odds calculator: the engine's rule
(``gamelib.engine.walkthrough.draw_choices``, of which ``draw_choice`` is the one-hand call),
for many hands at once, remembered per hand.

The rule reads only the player's own cards, the board shown at the draw, how many draws are
left and its seed: not the deck's order, not the other players' cards (it deals its trial
replacements from every card it cannot see). With a seed fixed for the whole calculation
(``AUTO_SEED``), its choice is a function of the hand, so the calculator can decide a known
hand's next draw before dealing anything, and decide each distinct hand of a later draw once.

``choices(game, hands, board, tries)`` asks the engine's rule about ``BATCH`` hands at a time
(given sorted, with ``seed=AUTO_SEED`` and ``samples=AUTO_DRAW_SAMPLES``): each hand's answer is
``draw_choice``'s for that hand alone. ``AutoPlayer`` keeps the answers, so a hand met again
costs a dictionary look-up.

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

import numpy as np

from ...engine.walkthrough import draw_choices  # the automatic player's own rule, many hands at once
from ...games.pot import PotGame
from ...rankings import system as ranking_system

#: The automatic player's seed in the odds calculator: fixed, so a hand always draws the same way.
AUTO_SEED = 2026
#: Trial replacements the automatic player deals for each choice (``draw_choice``'s ``samples``).
AUTO_DRAW_SAMPLES = 16
#: What deciding hands on a board not met before costs (in hands): its reference hands are dealt.
BOARD_WORK = 10
#: What the automatic player's work costs, in rows scored (a row: one finished hand valued for one
#: portion of the pot, about 0.02-0.04 microseconds here): a board not met before (its
#: ``REFERENCE_HANDS`` reference hands valued and its tables built, about a millisecond).
BOARD_ROWS = 35_000
#: A portion read with a board costs this many rows of one read without.
BOARD_PORTION = 4
#: Under a limit, the new hands among this many first rows are counted first (a cheap count that
#: refuses a question far over the limit without sorting every row).
PREFIX = 1 << 16
#: Hands scored together (each is scored on up to 32 choices x ``AUTO_DRAW_SAMPLES`` x draws left rows).
BATCH = 512

Board = tuple[tuple[int, ...], ...]


def choice_rows(game: PotGame, tries: int, samples: int = AUTO_DRAW_SAMPLES) -> int:
    """The rows the engine's rule scores to decide one hand: standing pat, then every other set
    of cards kept with ``samples`` trial fillings for each of the ``tries`` draws left, valued
    for each portion of the pot (the unit of ``AutoPlayer.cost``), a portion read with a board
    (Omaha's two-plus-three) counting ``BOARD_PORTION``.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> [choice_rows(POT_DECLARATIONS[k], t) for k, t in (("badugi", 1), ("badacey", 3), ("drawmaha", 1))]
    [241, 2978, 2485]
    """
    weight = sum(BOARD_PORTION if ranking_system(p.system).uses_board else 1 for p in game.portions)
    return (1 + ((1 << game.hole_cards) - 1) * samples * tries) * weight


def choices(game: PotGame, hands: np.ndarray, board: Board, tries: int, seed: int = AUTO_SEED,
            samples: int = AUTO_DRAW_SAMPLES) -> list[tuple[int, ...]]:
    """The cards each hand throws in a draw (sorted; ``()`` stands pat): the engine's
    ``draw_choices(game, hands, boards=board, seed=seed, samples=samples, tries=tries)``, asked
    ``BATCH`` hands at a time. (The automatic player never makes a fixed-count discard, Super
    Razzdugi's, in the odds calculator: it is declared.)

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> from gamelib.cards import parse_cards, format_cards
    >>> h = np.array([sorted(parse_cards("Ac 2d 3h Ks Kc"))], np.int8)
    >>> format_cards(choices(POT_DECLARATIONS["a5-triple-draw"], h, (), tries=1)[0])
    'Kc Ks'
    """
    hands = np.asarray(hands, dtype=np.int8)
    out: list[tuple[int, ...]] = []
    for start in range(0, len(hands), BATCH):
        got = draw_choices(game, hands[start:start + BATCH], boards=board, seed=seed, samples=samples, tries=tries)
        out.extend(tuple(t) for t in got)
    return out


class AutoPlayer:
    """The automatic player of one calculation: ``choices`` remembered per (hand, board, draws left).

    ``decide(hands, board, tries)`` takes hands ``(rows, cards)`` (any order within a row) and
    gives each row's thrown cards; ``index`` gives them as a list of distinct answers and each
    row's place in it. ``calls`` counts the hands actually scored, ``work`` the same plus
    ``BOARD_WORK`` for each board they were scored on (its reference hands are dealt afresh), and
    ``cost`` the rows scored (``choice_rows`` a hand, ``BOARD_ROWS`` a board): a measure of the
    time spent that is the same on every machine.

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
        self.cost = 0

    def index(self, hands: np.ndarray, board: Board, tries: int, limit: int | None = None
              ) -> tuple[list[tuple[int, ...]], np.ndarray] | None:
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
        if limit is not None and len(bits) > PREFIX:  # counted before trying: the new hands of the first
            head = np.unique(bits[:PREFIX]).tolist()  # rows are some of all the new hands
            if sum((int(u), board, tries) not in self.known for u in head) > limit:
                return None
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
            self.cost += len(new) * choice_rows(self.game, tries, self.samples) + (BOARD_ROWS if board else 0)
            for j, throw in zip(new, got, strict=True):
                self.known[keys[j]] = throw
        return [self.known[k] for k in keys], np.asarray(inverse, np.intp).reshape(-1)

    def decide(self, hands: np.ndarray, board: Board, tries: int,
               limit: int | None = None) -> list[tuple[int, ...]] | None:
        """Each row's thrown cards (sorted); ``None`` when more than ``limit`` hands are new."""
        got = self.index(hands, board, tries, limit)
        if got is None:
            return None
        answers, where = got
        return [answers[j] for j in where.tolist()]


__all__ = ["choices", "choice_rows", "AutoPlayer", "AUTO_SEED", "AUTO_DRAW_SAMPLES", "BOARD_WORK", "BOARD_ROWS"]
