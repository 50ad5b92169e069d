"""Which game and stakes a hand record means: PHH's variant codes, and gamelib's extension.

PHH names a variant by a code. Three of its codes are games of gamelib, played exactly as
declared there, at fixed limit (``PHH_CODES``): ``F7S/8`` (Seven Card Stud Eight or Better),
``F2L3D`` (Deuce-to-Seven Triple Draw) and ``FB`` (Badugi). Every other game of gamelib, and
those three at another structure, is written with PHH's user-defined fields (names beginning
with ``_``, which a PHH reader such as pokerkit keeps aside and does not refuse):

* ``variant = "_gamelib"``: the game is named by the extension fields below;
* ``_gamelib_variant``: the game's key (``big-o``, ``archie``, ``razzdugi``, ...; written in
  every record gamelib writes, so that the game is explicit even under a PHH code);
* ``_gamelib_structure``: ``limit``, ``spread`` (every bet or raise from ``small_bet`` to
  ``big_bet``, R18), ``pot-limit`` or ``no-limit`` (both with ``min_bet``, R16).

The standard stake fields keep their meaning: ``antes`` (one per player, all equal),
``blinds_or_straddles`` (the small and big blind of players 1 and 2, no straddles),
``bring_in``, ``small_bet``, ``big_bet``, ``min_bet``. Players are in PHH's order: player 1 sits
left of the button (the small blind; heads-up the big blind, PHH reversing the blinds as R-A7
has it), the last player has the button; in stud, player 1 is on the dealer's left. So a
record's player ``pN`` is the replayed hand's seat ``N - 1``, with the button on the last seat.
A Double Board Omaha record deals its boards in turn: each street's ``d db`` for board 1,
then for board 2.

The stakes are the record's own, whatever a table here would spread (R32): a tournament's
antes, bring-in and limits are read as written; R26 governs what a table spreads, not what a
record may hold.

>>> from gamelib.handhistory.record import loads
>>> game, st = read_stakes(loads('variant = "F7S/8"\\nantes = [5, 5, 5]\\nbring_in = 10\\nsmall_bet = 40\\n'
...                              'big_bet = 80\\nstarting_stacks = [900, 900, 900]\\nactions = []'))
>>> game.key, st.kind, st.ante, st.bring_in, st.small_bet, st.big_bet
('stud8', 'limit', 5, 10, 40, 80)
"""

from __future__ import annotations

from typing import Any

from ..errors import TableError, shown
from ..games.pot import LIMIT_RAISES, POT_DECLARATIONS, PotGame, Structure
from ..games.vocabularies import StructureKind
from .record import HandRecord, HandRecordError

#: PHH's codes for games of gamelib played at fixed limit, and the game each names.
PHH_CODES: dict[str, str] = {"F7S/8": "stud8", "F2L3D": "27-triple-draw", "FB": "badugi"}
#: PHH's other codes: games gamelib does not deal (named in the refusal).
OTHER_PHH_CODES: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em", "NT": "no-limit Texas hold'em", "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em", "FO/8": "fixed-limit four-card Omaha eight or better",
    "F7S": "fixed-limit seven card stud", "FR": "fixed-limit razz", "N2L1D": "no-limit 2-7 single draw",
}
#: The variant code of a record whose game is named by ``_gamelib_variant``.
EXTENSION = "_gamelib"
#: The structure words of ``_gamelib_structure``.
STRUCTURES = tuple(k.value for k in StructureKind)


def _amount(chips: int) -> str:
    return f"{chips:,}"


def _need(record: HandRecord, name: str) -> int:
    value = getattr(record, name)
    if value is None or value <= 0:
        raise HandRecordError(f"the record gives no {name} (a positive amount), which {record.variant} needs")
    return int(value)


def read_game(record: HandRecord) -> tuple[PotGame, StructureKind]:
    """The game a record is of, and its structure's kind.

    >>> from gamelib.handhistory.record import HandRecord
    >>> g, kind = read_game(HandRecord("_gamelib", [0, 0], [1, 2], None, 1, 4, None, [40, 40], [],
    ...                                {"_gamelib_variant": "big-o", "_gamelib_structure": "spread"}))
    >>> g.title, kind
    ('Big O', 'spread')
    >>> read_game(HandRecord("NT", [0, 0], [1, 2], None, None, None, 2, [40, 40],
    ...                      []))  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.handhistory.record.HandRecordError: variant 'NT' (no-limit Texas hold'em) is not a game of gamelib; the
    records it replays are F7S/8, F2L3D, FB, and '_gamelib' with _gamelib_variant one of archie, ...
    """
    code, ext = record.variant, record.extra.get("_gamelib_variant")
    named = PHH_CODES.get(code)
    if named is None and code != EXTENSION:
        what = f" ({OTHER_PHH_CODES[code]})" if code in OTHER_PHH_CODES else ""
        raise HandRecordError(f"variant {shown(code)}{what} is not a game of gamelib; the records it replays are "
                              f"{', '.join(PHH_CODES)}, and {EXTENSION!r} with _gamelib_variant one of "
                              f"{', '.join(POT_DECLARATIONS)}")
    key = named if ext is None else ext
    if key is None:
        raise HandRecordError(f"variant {EXTENSION!r} names its game in _gamelib_variant, "
                              f"one of {', '.join(POT_DECLARATIONS)}")
    if not isinstance(key, str) or key not in POT_DECLARATIONS:
        raise HandRecordError(f"_gamelib_variant: one of {', '.join(POT_DECLARATIONS)}, not {shown(key)}")
    if named is not None and key != named:
        raise HandRecordError(f"variant {code} is {POT_DECLARATIONS[named].title}, "
                              f"but _gamelib_variant says {shown(key)}")
    words = record.extra.get("_gamelib_structure", "limit" if named else None)
    if words not in STRUCTURES:
        raise HandRecordError(f"_gamelib_structure: one of {', '.join(STRUCTURES)}, not {shown(words)}")
    kind = StructureKind(words)
    if named is not None and kind is not StructureKind.LIMIT:
        raise HandRecordError(f"variant {code} is fixed limit; a {kind} hand of {POT_DECLARATIONS[key].title} is "
                              f"written with variant {EXTENSION!r}")
    return POT_DECLARATIONS[key], kind


def read_stakes(record: HandRecord) -> tuple[PotGame, Structure]:
    """The game and the structure a record is played at: its own stakes, as written (R32).

    >>> from gamelib.handhistory.record import HandRecord
    >>> _, st = read_stakes(HandRecord("F2L3D", [0, 0, 0], [75000, 150000, 0], None, 150000, 300000, None,
    ...                                [10**6] * 3, []))
    >>> st.small_blind, st.big_blind, st.big_bet, st.max_raises
    (75000, 150000, 300000, 4)
    """
    game, kind = read_game(record)
    antes = set(record.antes)
    if len(antes) != 1:
        raise HandRecordError(f"antes {record.antes}: every player antes the same here (one ante per seat); "
                              f"an ante of some seats only (a big blind ante) is not replayed")
    ante = antes.pop()
    sb = bb = bring_in = 0
    if game.is_stud:
        if record.blinds_or_straddles and any(record.blinds_or_straddles):
            raise HandRecordError(f"{game.title} is a stud game: its record has a bring-in, not blinds "
                                  f"({record.blinds_or_straddles})")
        bring_in = _need(record, "bring_in")
    else:
        blinds = record.blinds_or_straddles
        if not blinds or not blinds[1:2] or blinds[1] <= 0:
            raise HandRecordError(f"{game.title} is played with blinds: blinds_or_straddles gives the small and big "
                                  f"blind of players 1 and 2, such as [1, 2, 0], not {shown(blinds)}")
        if any(blinds[2:]):
            raise HandRecordError(f"blinds_or_straddles {blinds}: straddles are not replayed; only the small and big "
                                  f"blind (players 1 and 2)")
        sb, bb = blinds[0], blinds[1]
        if record.bring_in:
            raise HandRecordError(f"{game.title} is played with blinds, not a bring-in ({record.bring_in})")
    if kind in (StructureKind.LIMIT, StructureKind.SPREAD):
        small, big, cap = _need(record, "small_bet"), _need(record, "big_bet"), LIMIT_RAISES
        name = f"${_amount(small)}{'-' if kind is StructureKind.SPREAD else '/'}${_amount(big)} {kind}"
    else:
        small = big = _need(record, "min_bet")
        cap = None
        name = f"${_amount(small)} minimum bet, {kind}"
    forced = [f"${_amount(x)} {w}" for x, w in ((ante, "ante"), (bring_in, "bring-in")) if x]
    if sb or bb:
        forced.insert(0, f"blinds ${_amount(sb)}/${_amount(bb)}")
    name += "".join(f", {f}" for f in forced) + " (the record's stakes, R32)"
    try:
        structure = Structure(name, kind, small, big, small_blind=sb, big_blind=bb, ante=ante, bring_in=bring_in,
                              max_raises=cap)
    except TableError as e:
        raise HandRecordError(f"the record's stakes cannot be played: {e}") from None
    return game, structure


def stake_fields(game: PotGame, structure: Structure, players: int) -> dict[str, Any]:
    """The fields that write ``game`` at ``structure`` for ``players`` players: the variant code
    (PHH's where it has one), the extension fields and the stakes.

    >>> from gamelib.games.pot import BIG_O_STRUCTURES, stud_structure
    >>> f = stake_fields(POT_DECLARATIONS["stud8"], stud_structure(2, 4, ante=1), 3)
    >>> f["variant"], f["antes"], f["bring_in"], f["small_bet"], f["big_bet"], f["_gamelib_variant"]
    ('F7S/8', [1, 1, 1], 1, 2, 4, 'stud8')
    >>> f = stake_fields(POT_DECLARATIONS["big-o"], BIG_O_STRUCTURES["$1-$4"], 2)
    >>> f["variant"], f["blinds_or_straddles"], f["_gamelib_structure"]
    ('_gamelib', [1, 2], 'spread')
    """
    kind = StructureKind(structure.kind)
    code = next((c for c, key in PHH_CODES.items() if key == game.key), None) \
        if kind is StructureKind.LIMIT else None
    out: dict[str, Any] = {"variant": code or EXTENSION, "antes": [structure.ante] * players}
    if game.is_stud:
        out["bring_in"] = structure.bring_in
    else:
        out["blinds_or_straddles"] = [structure.small_blind, structure.big_blind] + [0] * (players - 2)
    if kind in (StructureKind.LIMIT, StructureKind.SPREAD):
        out["small_bet"], out["big_bet"] = structure.small_bet, structure.big_bet
    else:
        out["min_bet"] = structure.small_bet
    out["_gamelib_variant"] = game.key
    if code is None:
        out["_gamelib_structure"] = kind.value
    return out


__all__ = ["EXTENSION", "OTHER_PHH_CODES", "PHH_CODES", "STRUCTURES", "read_game", "read_stakes", "stake_fields"]
