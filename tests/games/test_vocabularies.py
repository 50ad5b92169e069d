"""The declarations' fixed vocabularies: enums, checked when a declaration is built."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from gamelib import POT_GAMES
from gamelib.engine.hand import Hand
from gamelib.errors import TableError
from gamelib.games.pot import (
    BIG_O_STRUCTURES,
    HALF,
    POT_DECLARATIONS,
    STRUCTURE_KINDS,
    Portion,
    PotGame,
    Street,
    Structure,
    big_bet_structure,
    limit_structure,
    stud_structure,
)
from gamelib.games.vocabularies import (
    BetSize,
    BoardOrder,
    BringInCard,
    Forced,
    NamedQualifier,
    NoQualifier,
    OddChip,
    PortionCards,
    StructureKind,
    Vocabulary,
)

RAZZDUGI = POT_DECLARATIONS["razzdugi"]
ARCHIE = POT_DECLARATIONS["archie"]
STUD8 = POT_DECLARATIONS["stud8"]

# (what is built with the bad word, the vocabulary it should have come from, words the message quotes)
BAD_WORDS = [
    ("forced", lambda w: dataclasses.replace(ARCHIE, forced=w), Forced, "the forced bets"),
    ("bring_in_card", lambda w: dataclasses.replace(RAZZDUGI, bring_in_card=w), BringInCard, "the bring-in card"),
    ("board_order", lambda w: dataclasses.replace(RAZZDUGI, board_order=w), BoardOrder, "the board order"),
    ("odd_chip", lambda w: dataclasses.replace(ARCHIE, odd_chip=w), OddChip, "the odd chip"),
    ("no_qualifier", lambda w: dataclasses.replace(ARCHIE, no_qualifier=w), NoQualifier, "the no-qualifier rule"),
    ("street bet", lambda w: Street("flop", board=3, bet=w), BetSize, "the bet"),
    ("portion cards", lambda w: Portion("high", "high", HALF, cards=w), PortionCards, "the cards"),
    ("structure kind", lambda w: Structure("x", w, 2, 4, 1, 2), StructureKind, "unknown kind"),
]


@pytest.mark.parametrize("word", ["nonsense", "Stud", "", " button", 3, b"stud"])
@pytest.mark.parametrize("field, build, vocab, names", BAD_WORDS, ids=[b[0] for b in BAD_WORDS])
def test_every_vocabulary_refuses_an_unknown_word_naming_the_allowed_ones(field, build, vocab, names, word):
    with pytest.raises(TableError) as e:
        build(word)
    msg = str(e.value)
    assert names in msg
    assert all(m.value in msg for m in vocab), msg
    assert repr(word) in msg


@pytest.mark.parametrize("field, build, vocab, names", BAD_WORDS, ids=[b[0] for b in BAD_WORDS])
def test_every_word_of_every_vocabulary_is_accepted_and_becomes_the_enum(field, build, vocab, names):
    for member in vocab:
        if field == "forced" and member is Forced.BRING_IN:
            continue  # a stud game needs more than the word (see below)
        if field == "structure kind" and member in (StructureKind.POT_LIMIT, StructureKind.NO_LIMIT):
            built = Structure("x", member.value, 2, 2, 1, 2, max_raises=None)
        else:
            built = build(member.value)
        attr = {"street bet": "bet", "portion cards": "cards", "structure kind": "kind"}.get(field, field)
        assert getattr(built, attr) is member


def test_the_exact_messages():
    with pytest.raises(TableError, match=r"^game 'razzdugi': the bring-in card must be 'lowest-ace-high', "
                                         r"'highest-ace-low' or 'highest-ace-high', not 'lowest'$"):
        dataclasses.replace(RAZZDUGI, bring_in_card="lowest")
    with pytest.raises(TableError, match=r"^street 'turn': the bet must be 'small' or 'big', or None for no "
                                         r"betting round, not 'double'$"):
        Street("turn", board=1, bet="double")
    # Structure keeps the message it had before the enum
    with pytest.raises(TableError, match=r"^structure 'x': unknown kind 'fixed'; the kinds are limit, spread, "
                                         r"pot-limit, no-limit$"):
        Structure("x", "fixed", 2, 4)


def test_replace_with_a_bad_word_is_refused_everywhere():
    with pytest.raises(TableError, match="odd chip"):
        dataclasses.replace(STUD8, odd_chip="dealer")
    with pytest.raises(TableError, match="bet"):
        dataclasses.replace(STUD8.streets[0], bet="medium")
    with pytest.raises(TableError, match="cards"):
        dataclasses.replace(POT_DECLARATIONS["big-o"].portions[0], cards="board")
    with pytest.raises(TableError, match="kind"):
        dataclasses.replace(BIG_O_STRUCTURES["$2-$4"], kind="fixed-limit")
    with pytest.raises(TableError, match="qualifier"):
        dataclasses.replace(ARCHIE.portions[1], qualifier="low9")


def test_stud_words_belong_to_stud_games_and_a_stud_game_names_them():
    # The old silent fallback: a stud game without a bring-in card brought in the lowest card.
    with pytest.raises(TableError, match="stud game .* must name the bring-in card, one of 'lowest-ace-high'"):
        dataclasses.replace(RAZZDUGI, bring_in_card=None)
    with pytest.raises(TableError, match="must name the board order, one of 'high', 'low-a5' or 'low-27'"):
        dataclasses.replace(STUD8, board_order=None)
    with pytest.raises(TableError, match="the bring-in card is for stud games"):
        dataclasses.replace(ARCHIE, bring_in_card="lowest-ace-high")
    with pytest.raises(TableError, match="the board order is for stud games"):
        dataclasses.replace(ARCHIE, board_order="high")
    with pytest.raises(TableError, match="must name the bring-in card"):
        dataclasses.replace(ARCHIE, forced="bring-in")


def test_a_qualifier_is_a_named_qualifier_cards_or_none():
    assert ARCHIE.portions[1].qualifier is NamedQualifier.LOW8
    assert ARCHIE.portions[0].qualifier == "9c 9d 4h 3s 2c"
    assert Portion("high", "high", HALF).qualifier is None
    for bad in ("low9", "", "9c 9c 4h 3s 2c", 8, ("9c",)):
        with pytest.raises(TableError) as e:
            Portion("high", "high", HALF, qualifier=bad)
        msg = str(e.value)
        assert "portion 'high': the qualifier must be 'low8', the weakest qualifying hand as cards" in msg, msg
        assert "or None for none" in msg


@pytest.mark.parametrize("key", POT_GAMES)
def test_all_fourteen_declarations_build_with_enums(key):
    g = POT_DECLARATIONS[key]
    assert type(g.forced) is Forced and type(g.odd_chip) is OddChip
    assert g.no_qualifier is None or type(g.no_qualifier) is NoQualifier
    assert type(g.structure.kind) is StructureKind
    if g.is_stud:
        assert type(g.bring_in_card) is BringInCard and type(g.board_order) is BoardOrder
    else:
        assert g.bring_in_card is None and g.board_order is None
    assert all(s.bet is None or type(s.bet) is BetSize for s in g.streets)
    assert all(type(p.cards) is PortionCards for p in g.portions)
    # rebuilding from every field's value gives an equal declaration (nothing is refused)
    assert PotGame(**{f.name: getattr(g, f.name) for f in dataclasses.fields(g)}) == g
    # and from the plain words too
    words = {f.name: (getattr(g, f.name).value if isinstance(getattr(g, f.name), Vocabulary) else getattr(g, f.name))
             for f in dataclasses.fields(g)}
    assert PotGame(**words) == g
    assert len(POT_DECLARATIONS) == 14


def test_the_words_still_read_as_the_plain_strings_they_were():
    g = RAZZDUGI
    assert g.odd_chip == "stud" and "stud" == g.odd_chip
    assert g.bring_in_card == "highest-ace-low" and g.board_order == "low-a5" and g.forced == "bring-in"
    assert isinstance(g.odd_chip, str) and hash(g.odd_chip) == hash("stud")
    assert {"stud": 1}[g.odd_chip] == 1
    assert f"{g.odd_chip}" == str(g.odd_chip) == "stud"
    assert repr(g.odd_chip) == "'stud'" and json.dumps(g.odd_chip) == '"stud"'
    assert repr(limit_structure(2, 4)) == ("Structure(name='$2/$4 limit', kind='limit', small_bet=2, big_bet=4, "
                                           "small_blind=1, big_blind=2, ante=0, bring_in=0, max_raises=4)")
    assert repr(Street("flop", board=3)) == ("Street(name='flop', down=0, up=0, board=3, draw=False, discard=0, "
                                             "bet='small')")
    assert STRUCTURE_KINDS == ("limit", "spread", "pot-limit", "no-limit")
    assert big_bet_structure("pot-limit", 1, 2).name == "$1/$2 pot-limit"
    assert big_bet_structure(StructureKind.NO_LIMIT, 1, 2).name == "$1/$2 no-limit"
    assert stud_structure(2, 4).kind is StructureKind.LIMIT


@pytest.mark.parametrize("key", ["stud8", "razzdugi", "27-razzdugi", "super-razzdugi", "archie", "big-o"])
def test_hands_play_the_same_with_words_or_enums(key):
    """A declaration rebuilt from plain words deals and acts exactly as the stored one."""
    g = POT_DECLARATIONS[key]
    words = {f.name: (getattr(g, f.name).value if isinstance(getattr(g, f.name), Vocabulary) else getattr(g, f.name))
             for f in dataclasses.fields(g)}
    rebuilt = PotGame(**words)
    for seed in range(6):
        a, b = Hand(g, [40] * 4, seed=seed), Hand(rebuilt, [40] * 4, seed=seed)
        turn = 0
        while not a.is_over:
            legal = [str(x) for x in a.legal_actions()]
            assert legal == [str(x) for x in b.legal_actions()]
            kinds = {x.kind: x for x in a.legal_actions()}
            s = a.to_act
            if a.phase == "discard":
                args: tuple = ("discard", None, a.down[s][:kinds["discard"].min])
            elif a.phase == "draw":
                args = ("draw", None, a.down[s][:1 + turn % 2])
            elif "bring-in" in kinds:
                args = ("bring-in", None, None)
            elif turn % 5 == 0 and ("raise" in kinds or "bet" in kinds):
                k = "raise" if "raise" in kinds else "bet"
                args = (k, kinds[k].min, None)
            else:
                args = ("call" if "call" in kinds else "check", None, None)
            a.act(*args)
            b.act(*args)
            turn += 1
        assert a.history == b.history and a.winnings == b.winnings

def test_the_share_is_untouched():
    assert Portion("x", "high", Fraction(1)).share == 1


def test_streets_portions_and_structure_are_what_they_say():
    with pytest.raises(TableError, match="the streets are a tuple of Street objects, not None"):
        dataclasses.replace(ARCHIE, streets=None)
    with pytest.raises(TableError, match="the portions are a tuple of Portion objects, not 'high'"):
        dataclasses.replace(ARCHIE, portions=("high",))
    with pytest.raises(TableError, match="the structure is a Structure, not 'limit'"):
        dataclasses.replace(ARCHIE, structure="limit")
