"""Tables about the pot games for the book, read from each game's declaration and engine.

* ``betting_table(key)``: street by street, the cards dealt or drawn and the betting round
  (limits R12, cap R13), for the game's default structure or any other.
* ``structure_table(key)``: the forced bets and limits of a structure (R11, R13, R16, R17).
* ``portions_table(key)``: how the pot is divided: each portion's share, ranking, cards and
  qualifier (R6, R8, R9, R10).
* ``qualifier_counts(key)``: for each portion with a qualifier, exactly how many of the
  possible starting hands qualify as dealt (before any draw).
* ``showdown_odds(key, players, deals, seed)``: seeded Monte Carlo over random final hands:
  how often one player scoops, how often a portion is tied, how often nobody qualifies, with
  the standard error of each figure.

>>> betting_table("a5-triple-draw")["betting round"].tolist()
['$2 (lower limit)', '$2 (lower limit)', '$4 (higher limit)', '$4 (higher limit)']
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt
from typing import TYPE_CHECKING

import numpy as np

from ..amounts import whole_number
from ..cards import deal_hands
from ..engine.pot_game import pot_game
from ..engine.showdown import SPLIT_NAME, qualifier_value
from ..errors import GameError, shown
from ..games.pot import PotGame, Structure
from ..games.table_kinds import MIXED_TABLE
from ..rankings import system as ranking_system
from .cache import cached
from .frequencies import value_counts

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd


#: The code a cached result depends on: any change to it computes the result again.
CODE_MODULES = ("gamelib.analysis.pot_tables", "gamelib.engine", "gamelib.games", "gamelib.rankings",
                "gamelib.cards")


def _decl(key: str) -> PotGame:
    return pot_game(key).declaration  # a GameError naming the pot games for any other key


_COUNT_WORDS = {3: "three", 4: "four", 5: "five"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _structure(structure: object, game: PotGame) -> Structure:
    """The structure asked for (a ``Structure``), or the game's own for ``None``."""
    if structure is None:
        return game.structure
    if not isinstance(structure, Structure):
        raise GameError(f"structure is a Structure (such as limit_structure(2, 4)) or None, not {shown(structure)}")
    return structure


def street_cards(game: PotGame, index: int) -> str:
    """What street ``index`` of ``game`` deals, in words.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> street_cards(POT_DECLARATIONS["drawmaha"], 2)
    'each player may discard and replace any number of his cards (or stand pat)'
    """
    if not isinstance(game, PotGame):
        raise GameError(f"street_cards reads a pot game's declaration (get_game(key).declaration), not {shown(game)}")
    st = game.streets[whole_number(index, f"a street of {game.title}", 0, len(game.streets) - 1)]
    parts = []
    if st.down:
        parts.append(f"{_plural(st.down, 'card')} face down to each player")
    if st.up:
        parts.append(f"{_plural(st.up, 'card')} face up to each player")
    if st.board:
        where = "the board" if game.boards == 1 else f"each of the {game.boards} boards"
        parts.append(f"{_plural(st.board, 'card')} to {where}")
    if st.draw:
        parts.append("each player may discard and replace any number of his cards (or stand pat)")
    if st.discard:
        parts.append(f"each player discards {_plural(st.discard, 'down card')}, with no replacement")
    return "; ".join(parts)


def betting_table(key: str, structure: Structure | None = None) -> pd.DataFrame:
    """Street by street: cards, the bet size of the round and the most one player can put in.

    In limit games a round allows one bet and ``max_raises`` raises (R13); the column ``most in
    one round`` is that many bets. Pot-limit and no-limit rounds have no fixed size (R16).

    >>> betting_table("archie")["most in one round"].tolist()
    ['$10', '$10', '$20', '$20']
    """
    g = _decl(key)
    st = _structure(structure, g)
    rows = []
    for i, street in enumerate(g.streets):
        if street.bet is None:
            size, most = "no betting", ""
        elif st.kind == "limit":
            unit = st.small_bet if street.bet == "small" else st.big_bet
            size = f"${unit} ({'lower' if street.bet == 'small' else 'higher'} limit)"
            most = f"${unit * (1 + st.max_raises)}" if st.max_raises is not None else "no cap"
        elif st.kind == "spread":
            size = f"${st.small_bet} to ${st.big_bet} (spread)"
            most = f"${st.big_bet * (1 + st.max_raises)}" if st.max_raises is not None else "no cap"
        else:
            size = f"{st.kind}: at least ${st.small_bet}"
            most = "the pot" if st.kind == "pot-limit" else "the whole stack"
        rows.append({"round": i + 1, "street": street.name, "cards": street_cards(g, i),
                     "betting round": size, "most in one round": most})
    return pd.DataFrame(rows)


def structure_table(key: str, structure: Structure | None = None) -> pd.DataFrame:
    """The forced bets and limits of a structure, with the mixed-game caps (R11, R13, R17).

    >>> structure_table("badugi").set_index("item").loc["small blind", "amount"]
    '$1'
    """
    g = _decl(key)
    st = _structure(structure, g)
    rows = []
    if st.kind in ("limit", "spread"):
        rows += [("lower limit", f"${st.small_bet}"), ("higher limit", f"${st.big_bet}")]
    else:
        rows.append(("smallest bet or raise", f"${st.small_bet}"))
    if st.small_blind:
        rows.append(("small blind", f"${st.small_blind}"))
    if st.big_blind:
        rows.append(("big blind", f"${st.big_blind}"))
    if st.bring_in:
        rows.append(("bring-in", f"${st.bring_in}"))
    if st.ante:
        rows.append(("ante", f"${st.ante}"))
    rows.append(("raises per round", f"one bet and {st.max_raises} raises" if st.max_raises is not None
                 else "no limit on the number of raises"))
    rows += [("largest forced bet allowed", f"${MIXED_TABLE.max_forced_bet}"),
             ("most bought from the dealer in one hand", f"${MIXED_TABLE.max_purchase_per_hand}"),
             ("most a player may bring into the game", f"${MIXED_TABLE.max_entry:,}")]
    return pd.DataFrame(rows, columns=["item", "amount"])


def portions_table(key: str) -> pd.DataFrame:
    """How the pot is divided at the showdown: share, ranking, cards that play, qualifier.

    >>> portions_table("archie")["qualifier"].tolist()
    ['a pair of nines or better', 'an ace-to-five eight low or better']
    """
    g = _decl(key)
    rows = []
    for k, p in enumerate(g.portions):
        system = ranking_system(p.system)
        if system.uses_board:
            cards = "exactly two hole cards with exactly three board cards"
            if g.boards > 1:
                cards += f" of board {p.board + 1}"
        elif p.cards == "hole" and g.boards:
            cards = f"the {g.hole_cards} hole cards alone (no board card)"
        elif system.plays_fewer:
            cards = f"the best {_COUNT_WORDS[system.cards_played]} or fewer of the {g.hole_cards} cards"
        else:
            cards = f"the best five of the {g.hole_cards} cards" if g.hole_cards > 5 else f"all {g.hole_cards} cards"
        rows.append({"portion": p.name, "share": str(p.share) if p.share != 1 else "whole pot",
                     "ranking": system.title, "cards that play": cards,
                     "qualifier": p.qualifier_words or ("none" if not p.qualifier else p.qualifier),
                     "odd dollar": "gets it" if k == 0 and len(g.portions) > 1 else ""})
    return pd.DataFrame(rows)


def qualifier_counts(key: str) -> pd.DataFrame:
    """Exactly how many starting hands qualify for each portion that has a qualifier, as dealt.

    >>> df = qualifier_counts("archie")
    >>> int(df.iloc[1]["combinations"]), int(df.iloc[1]["of"])
    (57344, 2598960)
    """
    g = _decl(key)
    rows = []
    for p in g.portions:
        if p.qualifier is None or ranking_system(p.system).uses_board:
            continue
        counts = value_counts(p.system, g.hole_cards)
        bar = qualifier_value(p.system, p.qualifier)
        n = sum(c for v, c in counts.items() if v >= bar)
        total = comb(52, g.hole_cards)
        rows.append({"portion": p.name, "qualifier": p.qualifier_words, "combinations": n, "of": total,
                     "probability": n / total, "one in": total / n})
    df = pd.DataFrame(rows)
    for col in ("combinations", "of"):
        if col in df:
            df[col] = df[col].astype(object)
    return df


def _odds(key: str, players: int, deals: int, seed: int) -> dict[str, list[int]]:
    g = _decl(key)
    cards = deal_hands(deals, players * g.hole_cards + 5 * g.boards, seed).astype(np.int64)
    hands = cards[:, :players * g.hole_cards].reshape(deals, players, g.hole_cards)
    boards = None
    if g.boards:
        boards = cards[:, players * g.hole_cards:].reshape(deals, g.boards, 5)
    masks = pot_game(key).judge_many(hands, boards)
    out: dict[str, list[int]] = {}
    winners_all = np.zeros((deals, players), bool)
    n_portions_won = np.zeros(deals, int)
    for p in g.portions:
        m = masks[p.name]
        won = m.any(axis=1)
        out[f"{p.name}: nobody qualifies"] = [int((~won).sum())] if p.qualifier else []
        out[f"{p.name}: tied"] = [int((m.sum(axis=1) > 1).sum())]
        winners_all |= m
        n_portions_won += won
    if SPLIT_NAME in masks:
        out["nobody qualifies for any portion: the pot is shared (R8)"] = [int(masks[SPLIT_NAME].any(axis=1).sum())]
    # scoop: one player alone wins every portion that is won
    if len(g.portions) > 1:
        sole = np.ones(deals, bool)
        for p in g.portions:
            m = masks[p.name]
            sole &= (m.sum(axis=1) <= 1)
        scoop = sole & (winners_all.sum(axis=1) == 1) & (n_portions_won > 0)
        out["one player wins the whole pot"] = [int(scoop.sum())]
    return {k: v for k, v in out.items() if v}


#: The most deals ``showdown_odds`` samples: about 4 s and 1 GB with eight Big O players.
MAX_SHOWDOWN_DEALS = 500_000


def showdown_odds(key: str, players: int = 4, deals: int = 20_000, seed: int = 2026) -> pd.DataFrame:
    """Seeded Monte Carlo: how pots of ``key`` are divided when ``players`` random final hands meet.

    Every deal gives each player ``hole_cards`` random cards (and full boards): the hands as
    they would stand with no draw and nobody folding. Columns: ``event``, ``combinations``
    (deals out of ``deals``), ``probability`` and its binomial ``standard error``. Cached on
    disk (``gamelib.analysis.cache``).

    >>> df = showdown_odds("badugi", players=2, deals=2000, seed=1)
    >>> df["event"].tolist()
    ['badugi: tied']
    """
    most = _decl(key).max_players
    players = whole_number(players, f"the players (a {key} showdown)", 2, most)
    deals = whole_number(deals, "the deals (a sample's size)", 1, MAX_SHOWDOWN_DEALS)
    seed = whole_number(seed, "the seed", 0)
    data = cached("pot-showdown-odds", {"key": key, "players": players, "deals": deals, "seed": seed},
                  lambda: _odds(key, players, deals, seed), code_modules=CODE_MODULES)
    rows = []
    for event, (n,) in data.items():
        p = n / deals
        rows.append({"event": event, "combinations": n, "probability": p,
                     "standard error": sqrt(p * (1 - p) / deals)})
    return pd.DataFrame(rows)


def share_words(share: Fraction) -> str:
    """A share of the pot in words.

    >>> share_words(Fraction(1, 2)), share_words(Fraction(1))
    ('half', 'the whole pot')
    """
    if not isinstance(share, (Fraction, int)) or isinstance(share, bool) or not 0 <= share <= 1:
        raise GameError(f"a share of the pot is a Fraction from 0 to 1, not {shown(share)}")
    return {Fraction(1): "the whole pot", Fraction(1, 2): "half"}.get(share, str(share))


__all__ = ["betting_table", "structure_table", "portions_table", "qualifier_counts", "showdown_odds",
           "street_cards", "share_words"]
