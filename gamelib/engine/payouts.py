"""How pots are paid, explained, and the pots and deals the book's showdown widgets start from.

``explain_award(showdown, pots, button)`` spells out how each pot is paid: each portion's
dollars, the tied seats, and which seat got an odd dollar and why (R5, R6, R7). It is the
showdown's own award with its explanation (``Showdown.award_pots_explained``), so its totals
are ``Showdown.award_pots`` by construction. ``parse_pots`` reads pots typed one per line,
``pots_from_contributions`` builds the main and side pots from what each seat put in (R7), and
``sample_deal`` deals seeded final hands and boards for a showdown example of any pot game.

>>> from gamelib.engine.pot_game import pot_game
>>> sd = pot_game("badugi").showdown(["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
>>> explain_award(sd, pots_from_contributions([3, 3, 1], [True, True, True])).totals
(3, 4, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..amounts import flag, items, parse_dollars, whole_number
from ..errors import GameError, shown
from ..games.pot import PotGame
from .hand import MAX_STACK
from .pots import side_pots
from .showdown import PayExplanation, PortionPay, Showdown

#: The most seats a pot line or a contribution list may name (a table has at most ten), and the
#: longest pots text read.
MAX_SEATS = 10
MAX_POTS_TEXT = 10_000


def explain_award(showdown: Showdown, pots: Sequence[tuple[int, Iterable[int]]], button: int = 0) -> PayExplanation:
    """Each pot divided into its portions and among tied seats, with the odd dollars explained:
    the showdown's own award, explained (``Showdown.award_pots_explained``).

    >>> from gamelib.engine.pot_game import pot_game
    >>> sd = pot_game("badugi").showdown(["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
    >>> e = explain_award(sd, [(7, [0, 1, 2])], button=0)
    >>> e.totals, e.lines[0].paid
    ((3, 4, 0), ((1, 4), (0, 3)))
    """
    if not isinstance(showdown, Showdown):
        raise GameError(f"explain_award takes a showdown (get_game(key).showdown(hands)), not {shown(showdown)}")
    return showdown.award_pots_explained(pots, button)


def parse_pots(text: str, seats: int) -> list[tuple[int, list[int]]]:
    """Pots typed one per line as ``amount: seat seat ...`` (no seats = every seat).

    >>> parse_pots("61: 0 1 2\\n20: 1 2", 3)
    [(61, [0, 1, 2]), (20, [1, 2])]
    """
    if not isinstance(text, str):
        raise GameError(f"pots are typed one per line as 'amount: seats', e.g. '60: 0 1 2', not {shown(text)}")
    if len(text) > MAX_POTS_TEXT:
        raise GameError(f"the pots are {len(text):,} characters; at most {MAX_POTS_TEXT:,}")
    seats = whole_number(seats, "the seats", 1, MAX_SEATS)
    out: list[tuple[int, list[int]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        amount_text, _, seat_text = line.partition(":")
        try:
            amount = parse_dollars(amount_text, "the amount")
        except GameError as err:
            raise GameError(f"a pot line is 'amount: seats', e.g. '60: 0 1 2'; in {shown(line)}, {err}") from None
        seat_words = seat_text.replace(",", " ").split()
        bad = [w for w in seat_words if not (w.isascii() and w.isdigit() and len(w) <= 3)]
        if bad:
            raise GameError(f"seats are numbers from 0 to {seats - 1}; got {shown(bad[0])} in {shown(line)}")
        elig = [int(w) for w in seat_words] or list(range(seats))
        if any(e >= seats for e in elig):
            raise GameError(f"seat {max(elig)} is not at this table: seats are numbers from 0 to {seats - 1} "
                            f"(in {shown(line)})")
        out.append((amount, elig))
    if not out:
        raise GameError("enter at least one pot, e.g. '60: 0 1 2'")
    return out


def sample_deal(game: PotGame, players: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """Seeded final hands (and full boards) for a showdown example of any pot game.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> hands, boards = sample_deal(POT_DECLARATIONS["drawmaha"], 3, 1)
    >>> [len(h) for h in hands], [len(b) for b in boards]
    ([5, 5, 5], [5])
    """
    if not isinstance(game, PotGame):
        raise GameError(f"a sample deal is of a pot game's declaration (POT_DECLARATIONS[key]), not {shown(game)}")
    players = whole_number(players, f"the players of {game.title}", 2, game.max_players)
    seed = whole_number(seed, "the seed", 0)
    deck = np.random.default_rng(seed).permutation(52).tolist()
    hands = [deck[i * game.hole_cards:(i + 1) * game.hole_cards] for i in range(players)]
    rest = deck[players * game.hole_cards:]
    boards = [rest[5 * b:5 * b + 5] for b in range(game.boards)]
    return hands, boards


def pots_from_contributions(contributions: Sequence[int], live: Sequence[bool]) -> list[tuple[int, list[int]]]:
    """Main and side pots as ``(amount, eligible seats)`` from what each seat put in (R7).

    >>> pots_from_contributions([50, 20, 50], [True, True, True])
    [(60, [0, 1, 2]), (60, [0, 2])]
    """
    given: list[object] = items(contributions, "what each seat put in", 1, MAX_SEATS)
    put_in = [whole_number(c, "what a seat put in", 0, MAX_STACK) for c in given]
    still_in: list[object] = items(live, "which seats are still in the hand", len(put_in), len(put_in))
    alive = [flag(x, "whether a seat is still in the hand") for x in still_in]
    return [(p.amount, list(p.eligible)) for p in side_pots(put_in, alive)]


__all__ = ["explain_award", "PayExplanation", "PortionPay", "parse_pots", "sample_deal", "pots_from_contributions"]
