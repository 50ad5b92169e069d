"""The odds calculator's question: the game, the hands, boards, dead cards and declared draws
given to ``gamelib.analysis.odds.odds``, checked (every refusal says what is allowed), and laid
out as the groups of cards still to deal from the deck: a random hand or a stud hand's cards to
come, a draw's replacements, each board's cards to come.

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> q = read_question(POT_DECLARATIONS["badugi"], ["As 2d 3h Kh", "2c 4d 6h 8s"], None, None, None, ["Kh", ""], None)
>>> q.groups, len(q.deck), q.draw_words
([('draw', 0, 1)], 44, ['throws Kh', 'stands pat'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

import numpy as np

from ...amounts import is_whole, items
from ...cards import CardLike, CardsLike, format_cards, parse_cards, refuse_shared_cards
from ...engine.pot_game import pot_game
from ...errors import GameError, HandSizeError, shown
from ...games.pot import PotGame

if TYPE_CHECKING:  # the engine's type, for the game a caller names
    from ...engine.pot_game import PotGameEngine

#: The words for a player whose cards are unknown.
RANDOM_WORDS = ("random", "?", "")
#: The words for a draw that stands pat (as ``""``).
PAT_WORDS = ("pat",)

#: A player's hand: its cards (a string or a list of cards), a word of ``RANDOM_WORDS``, or
#: ``None`` (random).
HandLike = str | Sequence[CardLike] | None
#: A pot game as the odds calculator is told it: its key, its declaration or its engine.
GameLike: TypeAlias = "str | PotGame | PotGameEngine"
#: A declared draw: the cards thrown, ``""`` or ``"pat"`` to stand pat, or ``None`` for the
#: automatic player.
DiscardLike = CardsLike | None


@dataclass
class OddsQuestion:
    """The checked input: what is known, and the groups of cards still to deal."""

    game: PotGame
    known: list[list[int]]           # each seat's known cards as given
    random: list[bool]
    boards: list[list[int]]          # the known cards of each board
    deck: np.ndarray                 # the cards that may still be dealt
    draws_to_come: int
    throws: list[list[int] | None]  # each seat's next draw: the cards thrown, or None (automatic, per deal)
    decided: list[bool] = field(default_factory=list)  # the automatic player chose this next draw up front
    kept: list[list[int]] = field(default_factory=list)   # each seat's known cards it keeps after the next draw
    groups: list[tuple[str, int, int]] = field(default_factory=list)  # (kind, owner, size): "hand", "draw", "board"
    draw_words: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.decided:
            self.decided = [False] * len(self.known)
        self.lay_out()

    def lay_out(self) -> None:
        """The kept cards, the groups to deal and the words of each seat's next draw, from ``throws``."""
        game, n = self.game, len(self.known)
        self.kept, self.groups, self.draw_words = [], [], []
        for i in range(n):
            t = self.throws[i] or []
            self.kept.append([c for c in self.known[i] if c not in t])
            if len(self.kept[i]) < game.hole_cards:  # a random hand, stud cards to come, a draw's replacements
                self.groups.append(("draw" if t else "hand", i, game.hole_cards - len(self.kept[i])))
            if not self.draws_to_come:
                self.draw_words.append(f"discards {format_cards(t)}" if t else "")
            elif self.throws[i] is None:
                self.draw_words.append("draws: automatic player, deal by deal")
            else:
                who = "automatic player: " if self.decided[i] else ""
                self.draw_words.append(who + (f"throws {format_cards(t)}" if t else "stands pat"))
        # with draws decided deal by deal, a board is dealt in parts split at those draws: the
        # automatic player sees only the cards out at its draw (Drawmaha's flop)
        cuts = sorted({board_before_draw(game, d) for d, _ in self.stages()} | {5})
        for b, cards in enumerate(self.boards):
            at = len(cards)
            for cut in cuts:
                if cut > at:
                    self.groups.append(("board", b, cut - at))
                    at = cut

    @property
    def needed(self) -> int:
        return sum(size for _, _, size in self.groups)

    @property
    def first_draw(self) -> int:
        """The number of the next draw (0 = the game's first)."""
        return self.game.draws - self.draws_to_come

    def stages(self) -> list[tuple[int, list[int]]]:
        """The draws the automatic player makes deal by deal: (draw number, seats), in order."""
        n = len(self.known)
        out = []
        for d in range(self.first_draw, self.game.draws):
            seats = [i for i in range(n) if d > self.first_draw or self.throws[i] is None]
            if seats:
                out.append((d, seats))
        return out

    @property
    def auto(self) -> bool:
        return bool(self.stages())

    @property
    def street(self) -> str:
        """Where in the hand the question stands, in the cardroom's words, read from the game's
        declared streets and the cards known: "on fifth street", "on the flop", "before the first
        draw", "before the deal" (stud with every hand random).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> q = read_question(POT_DECLARATIONS["stud8"], ["As 2s 3c 4d 9h", None], None, None, None, None, None)
        >>> q.street
        'on fifth street'
        """
        return street_words(self.game, self.known, self.random, self.boards, self.draws_to_come)


def street_words(game: PotGame, known: Sequence[Sequence[int]], random: Sequence[bool],
                 boards: Sequence[Sequence[int]], draws_to_come: int) -> str:
    """Where in a hand of ``game`` a deal stands when the players' known cards are ``known`` (none
    for a ``random`` hand), the boards show ``boards`` and ``draws_to_come`` draws are still to
    come: the last declared street whose cards are all out, in words.

    >>> from gamelib.games.pot import POT_DECLARATIONS as G
    >>> street_words(G["big-o"], [[0] * 5, [1] * 5], [False, False], [[2, 3, 4]], 0)
    'on the flop'
    >>> street_words(G["badugi"], [[0] * 4, []], [False, True], [], 3), street_words(G["badugi"], [], [], [], 1)
    ('before the first draw', 'after the second draw')
    >>> street_words(G["drawmaha"], [], [], [[]], 1), street_words(G["drawmaha"], [], [], [[2, 3, 4]], 0)
    ('before the flop', 'after the draw')
    >>> street_words(G["razzdugi"], [[0] * 3, []], [False, True], [], 0), street_words(G["razzdugi"], [[], []], [True, True], [], 0)
    ('on third street', 'before the deal')
    """  # noqa: E501 (a doctest line)
    hole_known = max((len(k) for k, r in zip(known, random, strict=True) if not r), default=None)
    board_known = max((len(b) for b in boards), default=0)
    draws_made = game.draws - draws_to_come
    grows = game.streets[0].down + game.streets[0].up < game.hole_cards  # stud
    if grows and hole_known is None:
        return "before the deal"
    hole = board = draws = 0
    at = 0
    for k, s in enumerate(game.streets):
        hole += s.down + s.up - s.discard
        board += s.board
        draws += s.draw
        if board == board_known and draws == draws_made:
            at = k
            if grows and hole_known is not None and hole >= hole_known:
                break
    name = game.streets[at].name
    if name.endswith("street"):
        return f"on {name}"
    if name in ("flop", "turn", "river"):
        return f"on the {name}"
    if name == "pre-flop":
        return "before the flop"
    later_draw = next((s.name for s in game.streets[at + 1:] if s.draw), None)
    if name == "deal" and later_draw is not None:
        return f"before the {later_draw}"
    return f"after the {name}"


def declaration_of(game: object) -> PotGame:  # a key, a declaration or an engine, checked here
    if isinstance(game, PotGame):
        return game
    if isinstance(game, str):
        return pot_game(game).declaration  # refuses a key that is not a pot game's
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


def board_before_draw(game: PotGame, draw_index: int) -> int:
    """How many board cards are out when draw number ``draw_index`` (0 = the first) is made."""
    n, k = 0, 0
    for s in game.streets:
        if s.draw:
            if k == draw_index:
                return n
            k += 1
        n += s.board
    return n  # pragma: no cover - draw_index < game.draws


def _check_discard(game: PotGame, seat: int, hand: list[int], thrown: list[int], dealt: int, count: int) -> None:
    """A declared discard (Super Razzdugi, R15): the hand is the ``dealt`` cards before the
    discard, down cards first, and ``count`` of its down cards are thrown."""
    down = sum(s.down for s in game.streets[:next(k for k, s in enumerate(game.streets) if s.discard)])
    if len(hand) != dealt:
        raise HandSizeError(f"seat {seat} declares its discard, so its hand is the {dealt} cards dealt before it "
                            f"({down} down, then the up card{'s' if dealt - down > 1 else ''}), not {len(hand)} cards")
    up = [c for c in thrown if c in hand[down:]]
    if len(thrown) != count or up:
        why = f"{format_cards(up)} is its up card" if up else f"it throws {len(thrown)}"
        raise GameError(f"seat {seat}'s {game.title} discard is exactly {count} of its {down} down cards (R15; the "
                        f"up card comes last in the hand): {why}")


def read_question(game: PotGame, hands: Sequence[HandLike], board: CardsLike | None,
                  boards: Sequence[CardsLike | None] | None, dead: CardsLike | None,
                  discards: Sequence[DiscardLike] | None, draws_to_come: int | None) -> OddsQuestion:
    """The odds question, checked: the players' known hands, the boards, the dead cards and the
    draws declared, each refused with what is allowed when it does not fit ``game``; the deck is
    what is left. ``odds`` documents the arguments.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> q = read_question(POT_DECLARATIONS["stud8"], ["As 2s 3c 4d 9h", None], None, None, None, None, None)
    >>> q.random, len(q.deck), q.needed
    ([False, True], 47, 9)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise GameError(f"the hands are a list, one per player (a hand's cards, or None for a random hand), "
                        f"not {shown(hands)}")
    n = len(hands)
    if not 2 <= n <= game.max_players:
        raise GameError(f"{game.title} odds are for 2 to {game.max_players} players, not {n}")
    random = [_is_random(h) for h in hands]
    known = _known_hands(game, hands, random)
    known_boards = _known_boards(game, board, boards)
    dead_cards = parse_cards("" if dead is None else dead, what="dead cards")
    throws, draws_to_come = _declared_draws(game, known, random, discards, draws_to_come)
    if draws_to_come:
        before = board_before_draw(game, game.draws - draws_to_come)
        for b, cards in enumerate(known_boards):
            if len(cards) > before:
                raise HandSizeError(f"with {draws_to_come} draw{'s' if draws_to_come > 1 else ''} to come, board "
                                    f"{b + 1} shows {before} cards at most, not {len(cards)}")
    holders = [(f"seat {i}'s hand", known[i]) for i in range(n)]
    holders += [(f"board {b + 1}", c) for b, c in enumerate(known_boards)] + [("the dead cards", dead_cards)]
    refuse_shared_cards(holders)
    seen = {c for _, cards in holders for c in cards}
    deck = np.array([c for c in range(52) if c not in seen], dtype=np.int8)
    q = OddsQuestion(game, known, random, known_boards, deck, draws_to_come, throws)
    if q.needed > len(deck):
        raise GameError(f"{q.needed} more cards are needed but only {len(deck)} are left in the deck: fewer players "
                        f"or fewer unknown cards (the stud community card, R-A6, is not dealt here)")
    return q


def _known_hands(game: PotGame, hands: Sequence[HandLike], random: list[bool]) -> list[list[int]]:
    """Each seat's known cards: all its hole cards, or in stud up to them (a hand is dealt over
    several streets); none for a random hand."""
    first = game.streets[0].down + game.streets[0].up
    grows = first < game.hole_cards  # stud: a hand is dealt over several streets
    known: list[list[int]] = []
    for i, h in enumerate(hands):
        cards = [] if h is None or random[i] else parse_cards(h, what=f"seat {i}'s hand")
        allowed = f"up to {game.hole_cards}" if grows else f"{game.hole_cards}"
        if len(cards) > game.hole_cards or (not grows and not random[i] and len(cards) != game.hole_cards):
            raise HandSizeError(f"seat {i}'s {game.title} hand has {len(cards)} cards ({format_cards(cards)}); "
                                f"give {allowed} cards, or None for a random hand")
        known.append(cards)
    return known


def _known_boards(game: PotGame, board: CardsLike | None,
                  boards: Sequence[CardsLike | None] | None) -> list[list[int]]:
    """Each board's known cards, as many as a street leaves on it."""
    if game.boards == 0:
        if board is not None or boards is not None:
            raise HandSizeError(f"{game.title} has no board; give only the players' hands (and dead cards)")
        given: list[CardsLike | None] = []
    elif board is not None and boards is not None:
        raise HandSizeError("give either board= (one board) or boards= (a list), not both")
    elif boards is not None:
        given = items(boards, "boards=", 0, None, HandSizeError, "a board's known cards")
        if len(given) != game.boards:
            raise HandSizeError(f"{game.title} is played with {game.boards} board{'s' if game.boards > 1 else ''}; "
                                f"got {len(given)}")
    else:
        given = [board if board is not None else "", *[""] * (game.boards - 1)]
        if board is not None and game.boards > 1:
            raise HandSizeError(f"{game.title} is played with {game.boards} boards: give boards=[...], one each")
    sizes = _board_sizes(game)
    known_boards = []
    for b, cards_like in enumerate(given):
        cards = parse_cards("" if cards_like is None else cards_like, what=f"board {b + 1}")
        if len(cards) not in sizes:
            raise HandSizeError(f"board {b + 1} has {len(cards)} cards ({format_cards(cards)}); a {game.title} "
                                f"board shows {', '.join(map(str, sizes[:-1]))} or {sizes[-1]} cards")
        known_boards.append(cards)
    return known_boards


def _declared_draws(game: PotGame, known: list[list[int]], random: list[bool],
                    discards: Sequence[DiscardLike] | None,
                    draws_to_come: int | None) -> tuple[list[list[int] | None], int]:
    """Each seat's declared next draw (the cards thrown; ``None``: the automatic player's), or
    Super Razzdugi's declared discard (R15: the seat gives its third-street cards), and the draws
    still to come."""
    n = len(known)
    at_discard = next(((sum(t.down + t.up for t in game.streets[:k]), s.discard)
                       for k, s in enumerate(game.streets) if s.discard), None) if not game.draws else None
    if discards is not None and (isinstance(discards, (str, bytes)) or not isinstance(discards, Sequence)
                                 or len(discards) != n):
        raise GameError(f"the discards are a list with one entry per player ({n}): the cards thrown, '' to "
                        f"stand pat ('' or 'pat'), or None for the automatic player; not {shown(discards)}")
    declared = discards is not None and any(d is not None for d in discards)
    if not game.draws and declared and at_discard is None:
        raise GameError(f"{game.title} has no draw: give no discards (cards out of play are dead cards)")
    if draws_to_come is None:
        draws_to_come = 1 if declared and game.draws else 0
    if not is_whole(draws_to_come) or not 0 <= draws_to_come <= game.draws:
        raise GameError(f"{game.title} has {game.draws} draw{'s' if game.draws != 1 else ''}: draws to come "
                        f"is a whole number from 0 to {game.draws}, not {shown(draws_to_come)}")
    throws: list[list[int] | None] = [None] * n
    draws_to_come = int(draws_to_come)
    if discards is None:
        return throws, draws_to_come
    if draws_to_come == 0 and declared and at_discard is None:
        raise GameError(f"a draw is declared, but no draw is to come; {game.title} has "
                        f"{game.draws} draw{'s' if game.draws != 1 else ''} (give draws_to_come)")
    for i, d in enumerate(discards):
        if d is None:
            continue
        if random[i]:
            raise GameError(f"seat {i} has a random hand: its draw is made by the automatic player, "
                            f"give None for it, not {shown(d)}")
        pat = isinstance(d, str) and d.strip().lower() in PAT_WORDS
        cards = [] if pat else parse_cards(d, what=f"seat {i}'s discard")
        stray = [c for c in cards if c not in known[i]]
        if stray:
            raise GameError(f"seat {i} throws {format_cards(stray)}, which is not in its hand "
                            f"{format_cards(known[i])}")
        if at_discard is not None:
            _check_discard(game, i, known[i], cards, *at_discard)
        throws[i] = cards
    return throws, draws_to_come
