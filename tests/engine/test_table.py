"""Buy-ins and structures (R17, R18), blinds (R11), rotation and dealer's choice, what a table may
spread (R26), new players and seat changes (R24, R25)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gamelib.engine.rotation import DealersChoice, Rotation
from gamelib.engine.stakes import min_buy_in, structure_for
from gamelib.engine.table import Table
from gamelib.errors import TableError
from gamelib.games.pot import (
    BIG_O_STRUCTURES,
    POT_DECLARATIONS,
    Structure,
    big_bet_structure,
    limit_structure,
    stud_structure,
)

# --- R18: Big O structures and buy-ins ---------------------------------------------------

def test_big_o_structures_as_filed():
    s = BIG_O_STRUCTURES
    assert (s["$1-$2"].small_blind, s["$1-$2"].big_blind, s["$1-$2"].small_bet, s["$1-$2"].big_bet) == (1, 2, 2, 2)
    assert (s["$2-$4"].small_blind, s["$2-$4"].big_blind, s["$2-$4"].small_bet, s["$2-$4"].big_bet) == (1, 2, 2, 4)
    assert (s["$4-$4"].small_blind, s["$4-$4"].big_blind, s["$4-$4"].small_bet, s["$4-$4"].big_bet) == (4, 4, 4, 4)
    assert (s["$1-$4"].kind, s["$1-$4"].small_blind, s["$1-$4"].big_blind) == ("spread", 1, 2)
    assert (s["$1-$4"].small_bet, s["$1-$4"].big_bet) == (1, 4)
    assert all(x.max_raises == 4 for x in s.values())  # one bet and four raises


def test_big_o_minimum_buy_in_is_ten_times_the_largest_bet():
    assert {k: min_buy_in(v) for k, v in BIG_O_STRUCTURES.items()} == {
        "$1-$2": 20, "$2-$4": 40, "$4-$4": 40, "$1-$4": 40}
    t = Table("big-o", "$1-$2")
    with pytest.raises(TableError, match=r"minimum buy-in is \$20"):
        t.sit(0, "Ann", 19)
    t.sit(0, "Ann", 20)
    t.sit(1, "Bob", 5000)  # no maximum in Big O
    t4 = Table("big-o", "$1-$4")
    with pytest.raises(TableError):
        t4.sit(0, "Ann", 39)
    t4.sit(0, "Ann", 40)


def test_big_o_return_after_cash_out():
    t = Table("big-o", "$2-$4")
    for i, p in enumerate(["A", "B", "C"]):
        t.sit(i, p, 100)
    t.seats[0].stack = 150
    assert t.cash_out(0) == 150
    with pytest.raises(TableError, match=r"at least \$150"):
        t.sit(0, "A", 100)
    t.sit(0, "A", 150)  # back at once with at least what he took
    t.cash_out(0)
    for moves in range(2):  # two players left: a full rotation is two button moves
        with pytest.raises(TableError, match="R18"):
            t.sit(0, "A", 40)
        h = t.new_hand(seed=moves)
        while not h.is_over:
            h.act("fold")
        t.settle()
    t.sit(0, "A", 40)


def test_big_o_refuses_other_structures():
    with pytest.raises(TableError):
        Table("big-o", limit_structure(3, 6))
    with pytest.raises(TableError):
        Table("big-o", "$5-$10")


def test_new_player_posts_a_big_blind():
    t = Table("big-o", "$2-$4")
    for i, p in enumerate("ABCE"):
        t.sit(i, p, 100)
    h = t.new_hand(seed=3)
    assert not any("new player" in line for line in h.history)
    while not h.is_over:
        h.act("fold")
    t.settle()
    t.sit(5, "D", 100)  # button seat 1, blinds seats 2 and 3, D is next to act
    h = t.new_hand(seed=4)
    assert any(line.startswith("seat 4 (new seat) posts a big blind $2") for line in h.history)
    assert h.pot == 1 + 2 + 2


# --- R17: mixed games ----------------------------------------------------------------------

def test_mixed_games_forced_bets_at_most_ten():
    Table("badugi", limit_structure(10, 20))
    with pytest.raises(TableError, match="R17"):
        Table("badugi", limit_structure(11, 22))
    with pytest.raises(TableError, match="R17"):
        Table("stud8", stud_structure(20, 40, bring_in=11))
    Table("stud8", stud_structure(20, 40, bring_in=10))
    with pytest.raises(TableError):
        Table(Rotation(["badugi", "stud8"], 8), lower_higher=(30, 60))


def test_mixed_games_entry_and_purchase_limits():
    t = Table("archie")
    with pytest.raises(TableError, match=r"\$1000"):
        t.sit(0, "A", 1001)
    t.sit(0, "A", 1000)
    with pytest.raises(TableError, match=r"\$150"):
        t.sit(1, "B", 300, from_dealer=151)
    t.sit(1, "B", 300, from_dealer=150)
    with pytest.raises(TableError):
        t.buy(1, 1)  # already $150 from the dealer this hand
    t.buy(0, 150)
    h = t.new_hand(seed=1)
    h.act("fold")
    t.settle()
    t.buy(1, 150)  # a new hand, a new $150


# --- R11: blinds ---------------------------------------------------------------------------

@pytest.mark.parametrize("lower, small", [(2, 1), (3, 2), (4, 2), (5, 3), (10, 5)])
def test_small_blind_is_half_the_lower_limit_rounded_up(lower, small):
    s = limit_structure(lower, 2 * lower)
    assert (s.small_blind, s.big_blind) == (small, lower)


def test_stud_structure_defaults():
    s = structure_for(POT_DECLARATIONS["razzdugi"], 2, 4)
    assert (s.bring_in, s.ante, s.small_bet, s.big_bet) == (1, 0, 2, 4)


# --- rotation and dealer's choice ----------------------------------------------------------

def test_rotation_plays_each_game_its_number_of_hands():
    t = Table(Rotation(["badugi", "stud8", "big-o"], hands_each=2))
    for i, p in enumerate("ABC"):
        t.sit(i, p, 200)
    played = []
    for n in range(7):
        h = t.new_hand(seed=n)
        played.append(h.game.key)
        while not h.is_over:
            h.act("fold") if any(a.kind == "fold" for a in h.legal_actions()) else h.act("bring-in")
        t.settle()
    assert played == ["badugi", "badugi", "stud8", "stud8", "big-o", "big-o", "badugi"]
    assert t.game.next_game(3) == ("big-o", 4)
    with pytest.raises(TableError):
        Rotation(["holdem"], 2)
    with pytest.raises(TableError):
        Rotation(["badugi"], 0)


def test_dealers_choice_button_picks_from_the_approved_list():
    t = Table(DealersChoice(["badugi", "archie"]))
    t.sit(0, "A", 100)
    t.sit(1, "B", 100)
    with pytest.raises(TableError, match="must pick"):
        t.new_hand(seed=1)
    with pytest.raises(TableError, match="approved"):
        t.new_hand(seed=1, choice="stud8")
    h = t.new_hand(seed=1, choice="archie")
    assert h.game.key == "archie"


def test_button_moves_and_stacks_return_to_seats():
    t = Table("badugi")
    t.sit(2, "A", 100)
    t.sit(5, "B", 100)
    t.sit(7, "C", 100)
    h = t.new_hand(seed=1)
    assert t.hand_seats == [2, 5, 7] and t.button == 2
    while not h.is_over:
        h.act("fold")
    stacks = t.settle()
    assert sum(stacks) == 300 and t.button == 5
    with pytest.raises(TableError):
        t.settle() if t.current is None else t.sit(2, "Z", 10)


# --- R26: what a table may spread ------------------------------------------------------------

#: The rule filings, beside the repository (CI runs with ../shared next to the clone).
SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
BIG_O_FILING = SEEDS / "001_48bc44b4bdfbc3df.txt"
MIXED_FILING = SEEDS / "000_4ad0b12f4d3c4c2f.txt"


def _filing(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"{path} not found: the shared folder must sit beside the repository")
    return path.read_text(encoding="utf-8").replace("\\$", "$")


def filed_big_o_structures() -> list[str]:
    """The Big O structure names as the cash-game filing lists them (read from its text)."""
    sentence = re.search(r"Blind structures can be (.*?) spread limits\.", _filing(BIG_O_FILING))
    assert sentence, "the Big O filing's 'Blind structures can be ...' sentence was not found"
    return re.findall(r"\$\d+-\$\d+", sentence.group(1))


def filed_max_forced_bet() -> int:
    """R17's forced-bet limit, read from the mixed-game filing."""
    m = re.search(r"No forced bet larger than \$(\d+)", _filing(MIXED_FILING))
    assert m, "the mixed filing's forced-bet sentence was not found"
    return int(m.group(1))


def test_the_filing_lists_four_big_o_structures():
    assert filed_big_o_structures() == ["$1-$2", "$2-$4", "$4-$4", "$1-$4"]


def test_big_o_table_spreads_exactly_the_filed_structures():
    filed = filed_big_o_structures()
    for name in filed:
        assert Table("big-o", name).structure.name == name
    with pytest.raises(TableError) as err:
        Table("big-o", "$5-$10")
    for name in filed:
        assert name in str(err.value)


def test_big_o_table_refuses_lower_and_higher_limits():
    # Before, this dealt $3/$5 blinds with a $40 minimum buy-in.
    with pytest.raises(TableError) as err:
        Table("big-o", lower_higher=(5, 10))
    msg = str(err.value)
    assert "R26" in msg and "$5/$10" in msg
    for name in filed_big_o_structures():
        assert name in msg  # the allowed list
    # Nothing is adjusted to fit, not even limits that look like a filed structure.
    with pytest.raises(TableError):
        Table("big-o", lower_higher=(2, 4))


def test_big_o_table_default_is_a_filed_structure():
    t = Table("big-o")
    st = t.structure_of(POT_DECLARATIONS["big-o"])
    assert st.name in filed_big_o_structures()
    assert st == BIG_O_STRUCTURES["$2-$4"] and t.min_buy_in() == 40


def test_big_o_table_refuses_big_bet_structures():
    with pytest.raises(TableError, match="R26"):
        Table("big-o", big_bet_structure("pot-limit", 1, 2))


@pytest.mark.parametrize("game, structure", [("badugi", "$1-$4"), ("archie", "$4-$4"), ("stud8", "$2-$4"),
                                             (Rotation(["badugi", "stud8"], 8), "$1-$2")])
def test_mixed_table_refuses_big_o_structures(game, structure):
    # Before, badugi was dealt Big O's spread limit; Archie posted a $4 small blind.
    with pytest.raises(TableError) as err:
        Table(game, structure=structure)
    msg = str(err.value)
    assert "R26" in msg and structure in msg
    assert "R11" in msg and "pot limit" in msg and "no limit" in msg and "R17" in msg  # what is allowed


def test_mixed_table_refuses_the_big_o_structures_as_objects():
    with pytest.raises(TableError, match="R26"):
        Table("badugi", BIG_O_STRUCTURES["$1-$4"])  # spread limit
    with pytest.raises(TableError, match=r"small blind"):
        Table("archie", BIG_O_STRUCTURES["$4-$4"])  # $4 small blind at a $4 lower limit


@pytest.mark.parametrize("lower", range(1, 16))
def test_mixed_limit_blinds_follow_r11_and_r17(lower):
    """Every small blind from $0 to the lower limit: only half of it, rounded to the nearest dollar
    with halves up (R11), is accepted, and only with a lower limit up to the filed $10 (R17)."""
    cap = filed_max_forced_bet()
    for small in range(0, lower + 1):
        st = Structure(f"${lower}/${2 * lower} limit", "limit", lower, 2 * lower, small_blind=small, big_blind=lower)
        ok = lower <= cap and small == (lower + 1) // 2
        if ok:
            Table("badugi", st)
        else:
            with pytest.raises(TableError, match="R26|R17"):
                Table("badugi", st)
    if lower <= cap:
        Table("badugi", lower_higher=(lower, 2 * lower))
    else:
        with pytest.raises(TableError, match="R17"):
            Table("badugi", lower_higher=(lower, 2 * lower))


def test_mixed_table_refuses_a_big_blind_other_than_the_lower_limit():
    with pytest.raises(TableError, match="R11"):
        Table("badugi", Structure("$4/$8 limit", "limit", 4, 8, small_blind=1, big_blind=2))


def test_mixed_table_spreads_pot_limit_and_no_limit_within_r17():
    cap = filed_max_forced_bet()
    for kind in ("pot-limit", "no-limit"):
        Table("badugi", big_bet_structure(kind, 1, 2))
        Table("badugi", big_bet_structure(kind, cap // 2, cap))
        Table("stud8", big_bet_structure(kind, 0, 4, bring_in=2))
        with pytest.raises(TableError, match="R17"):
            Table("badugi", big_bet_structure(kind, 1, cap + 1))


def test_each_game_of_a_mixed_table_gets_its_own_kind_of_forced_bet():
    # A blind structure for a rotation with a stud game, or a stud one for a blind game, is
    # refused when the table is set up, not when the stud hand comes round.
    with pytest.raises(TableError, match="Stud Eight or Better is a stud game"):
        Table(Rotation(["badugi", "stud8"], 8), limit_structure(2, 4))
    with pytest.raises(TableError, match="Badugi is played with blinds"):
        Table(Rotation(["badugi", "stud8"], 8), stud_structure(2, 4))
    Table(Rotation(["badugi", "stud8"], 8), lower_higher=(5, 10))


def test_a_table_takes_a_structure_or_limits_not_both():
    with pytest.raises(TableError):
        Table("badugi", limit_structure(2, 4), lower_higher=(2, 4))


# --- R24 (Big O) and R25 (mixed games): taking a new seat ------------------------------------

def _fold_out(h) -> None:
    while not h.is_over:
        kinds = [a.kind for a in h.legal_actions()]
        h.act("fold" if "fold" in kinds else kinds[0])


def _table(game="big-o", seated=(0, 2, 4, 6), seats=8, **kw) -> Table:
    """A table whose first hand (button seat ``seated[0]``) has been played."""
    t = Table(game, seats=seats, **kw)
    for s in seated:
        t.sit(s, f"P{s}", 100)
    h = t.new_hand(seed=1)
    assert t.button == seated[0]
    _fold_out(h)
    t.settle()
    return t


def _posts(h) -> list[str]:
    return [line for line in h.history if "posts" in line]


def test_new_player_in_the_big_blind_posts_only_the_big_blind():
    t = _table()  # next hand: button 2, small blind 4, big blind 6
    t.sit(5, "New", 100)  # the next seat after the small blind: the big blind
    h = t.new_hand(seed=2)
    assert t.hand_seats == [0, 2, 4, 5, 6] and t.button == 2
    bb = t.hand_seats.index(5)
    assert h.contributed[bb] == 2 and h.pot == 1 + 2
    assert not any("new player" in line for line in h.history)


def test_new_player_in_the_small_blind_seat_is_not_dealt_in():
    # R24: R-A13 used to deal him in with no post at all.
    t = _table()  # next hand: button 2, small blind 4
    t.sit(3, "New", 100)
    h = t.new_hand(seed=2)
    assert 3 not in t.hand_seats and t.hand_seats == [0, 2, 4, 6]
    assert "small blind" in t.sitting_out[3] and "R24" in t.sitting_out[3]
    assert h.pot == 1 + 2
    assert t.seats[3].stack == 100 and t.seats[3].owes_big_blind


def test_new_player_on_the_button_is_not_dealt_in():
    t = _table()  # the button moves from seat 0 to seat 2; seat 1 lies between
    t.sit(1, "New", 100)
    t.new_hand(seed=2)
    assert 1 not in t.hand_seats and t.button == 2
    assert "on the button" in t.sitting_out[1] and "R24" in t.sitting_out[1]


def test_new_player_elsewhere_posts_a_live_big_blind_and_is_dealt_in():
    t = _table()  # button 2, blinds 4 and 6
    t.sit(7, "New", 100)
    h = t.new_hand(seed=2)
    k = t.hand_seats.index(7)
    assert t.hand_seats == [0, 2, 4, 6, 7] and h.pot == 1 + 2 + 2 and h.contributed[k] == 2
    assert not t.sitting_out
    # Live: when everybody calls, the new player still has his option to raise.
    while h.to_act != k:
        h.act("call")
    assert {a.kind for a in h.legal_actions()} >= {"check", "raise"}


def test_new_player_may_wait_for_the_big_blind():
    t = _table()  # button 2, blinds 4 and 6
    t.sit(7, "New", 100, wait_for_big_blind=True)
    h = t.new_hand(seed=2)
    assert 7 not in t.hand_seats and "waits for the big blind" in t.sitting_out[7]
    _fold_out(h)
    t.settle()
    h = t.new_hand(seed=3)  # button 4, small blind 6, big blind: seat 7
    assert 7 in t.hand_seats and t.button == 4
    assert h.contributed[t.hand_seats.index(7)] == 2 and h.pot == 1 + 2
    assert not t.seats[7].owes_big_blind


def test_waiting_in_the_small_blind_seat_until_the_button_has_passed():
    t = _table()
    t.sit(3, "New", 100)  # wants to post at once
    expected = [(2, False, "small blind"), (4, False, "on the button"), (6, True, None)]
    for n, (button, dealt, why) in enumerate(expected):
        h = t.new_hand(seed=10 + n)
        assert t.button == button and (3 in t.hand_seats) == dealt
        if why:
            assert why in t.sitting_out[3]
        _fold_out(h)
        t.settle()
    # Third hand: button 6, blinds 0 and 2; seat 3 is elsewhere and posted a big blind.


def test_heads_up_new_player_waits_at_most_until_his_big_blind():
    t = _table(seated=(0, 2), seats=4)
    t.sit(3, "New", 100)  # heads-up: button 2 (small blind), 0 big blind; 3 is in between
    h = t.new_hand(seed=2)
    assert t.hand_seats == [0, 2] and "small blind" in t.sitting_out[3]
    _fold_out(h)
    t.settle()
    h = t.new_hand(seed=3)  # button 0, small blind 2, big blind 3
    assert t.hand_seats == [0, 2, 3] and h.contributed[2] == 2 and h.pot == 3


def test_heads_up_new_player_between_the_button_and_the_big_blind_takes_the_big_blind():
    t = _table(seated=(0, 2), seats=4)
    t.sit(1, "New", 100)
    h = t.new_hand(seed=2)  # button 2, small blind 0, big blind 1
    assert t.hand_seats == [0, 1, 2] and t.button == 2 and h.contributed[1] == 2 and h.pot == 3


def test_players_seated_before_the_first_hand_post_nothing():
    t = Table("big-o", "$2-$4")
    for s in range(4):
        t.sit(s, f"P{s}", 100)
    t.change_seat(3, 5)
    h = t.new_hand(seed=1)
    assert h.pot == 3 and not t.sitting_out


# --- seat changes ---------------------------------------------------------------------------

def test_a_player_who_changes_seats_is_a_new_seat():
    t = _table(seated=(0, 1, 2, 3, 4))  # next hand: button 1, blinds 2 and 3
    t.change_seat(3, 6)  # the player due the big blind moves away from it
    assert t.seats[3] is None and t.seats[6].player == "P3" and t.seats[6].stack == 100
    h = t.new_hand(seed=2)  # button 1, blinds 2 and 4; the mover posts a big blind at seat 6
    assert t.hand_seats == [0, 1, 2, 4, 6]
    assert h.pot == 1 + 2 + 2 and h.contributed[t.hand_seats.index(6)] == 2


def test_a_player_who_moves_next_to_the_button_waits():
    t = _table(seated=(0, 2, 3, 4, 5))  # next hand: button 2
    t.change_seat(5, 1)
    t.new_hand(seed=2)
    assert 1 not in t.hand_seats and "button" in t.sitting_out[1]


def test_a_player_who_moves_may_wait_for_the_big_blind():
    t = _table(seated=(0, 1, 2, 3, 4))
    t.change_seat(4, 6, wait_for_big_blind=True)
    t.new_hand(seed=2)
    assert 6 not in t.hand_seats and "waits for the big blind" in t.sitting_out[6]


def test_change_seat_refusals():
    t = _table(seated=(0, 1, 2))
    with pytest.raises(TableError, match="empty"):
        t.change_seat(5, 6)
    with pytest.raises(TableError, match="taken"):
        t.change_seat(0, 1)
    with pytest.raises(TableError, match="does not exist"):
        t.change_seat(0, 8)
    with pytest.raises(TableError, match="already"):
        t.change_seat(0, 0)
    t.new_hand(seed=2)
    with pytest.raises(TableError, match="between hands"):
        t.change_seat(0, 5)


def test_r_a13_gives_way_to_r24():
    from gamelib.games.pot import POT_RULINGS

    text = POT_RULINGS["R-A13"]
    assert "R24" in text and "already in the blinds" not in text


# --- R25: new players at a mixed-game table -------------------------------------------------

def test_mixed_blind_game_new_player_follows_r24_positions():
    t = _table("badugi")
    t.sit(3, "New", 100)  # the small-blind seat
    t.sit(7, "Late", 100)  # elsewhere: posts
    h = t.new_hand(seed=2)
    assert 3 not in t.hand_seats and "R25" in t.sitting_out[3]
    assert 7 in t.hand_seats and h.pot == 1 + 2 + 2


@pytest.mark.parametrize("game, ruling", [("badugi", "R25"), ("big-o", "R24")])
def test_new_player_post_cites_the_table_ruling(game, ruling):
    t = _table(game)
    t.sit(7, "New", 100)
    h = t.new_hand(seed=2)
    k = t.hand_seats.index(7)
    assert f"seat {k} (new seat) posts a big blind $2 ({ruling})" in h.history


def test_stud_tables_ask_no_post():
    t = _table("stud8", seated=(0, 2, 4))
    t.sit(3, "New", 100)  # would be a small-blind seat in a blind game
    h = t.new_hand(seed=2)
    assert 3 in t.hand_seats and not t.sitting_out
    assert not any("new player" in line for line in h.history)
    assert h.pot == 0  # nothing is posted; the bring-in is the first action
    assert not t.seats[3].owes_big_blind


def test_rotation_new_player_dealt_in_on_a_stud_hand_owes_nothing_later():
    t = _table(Rotation(["badugi", "stud8"], 1), seated=(0, 2, 4))  # hand 0 was badugi
    t.sit(3, "New", 100)
    h = t.new_hand(seed=2)
    assert h.game.key == "stud8" and 3 in t.hand_seats  # R25: dealt in at once, no post
    _fold_out(h)
    t.settle()
    h = t.new_hand(seed=3)
    assert h.game.key == "badugi" and 3 in t.hand_seats and h.pot == 1 + 2


def test_the_table_rules_chapter_example():
    """The seating example of book/big-o/table-rules.ipynb, holding its prose to the engine."""
    t = Table("big-o", structure="$2-$4", seats=9)
    for seat, name in zip([0, 2, 4, 6], ["Ann", "Bob", "Cy", "Dee"], strict=True):
        t.sit(seat, name, 100)
    _fold_out(t.new_hand(seed=1))
    t.settle()
    for seat, name in zip([1, 3, 5, 7], ["Eve", "Fay", "Gus", "Hal"], strict=True):
        t.sit(seat, name, 60)
    h = t.new_hand(seed=2)
    # Gus (5), in the big blind, simply posts it; Hal (7) posts a live big blind; Eve (1) and Fay (3) wait.
    assert h.bb_seat == t.hand_seats.index(5) and t.new_seat_posts == [7]
    assert sorted(t.sitting_out) == [1, 3]
    _fold_out(h)
    t.settle()
    # Dee, due the big blind (seat 6), moves to seat 8: she posts there, and Hal has the big blind.
    unmoved = copy.deepcopy(t)
    assert unmoved.new_hand(seed=3).bb_seat == unmoved.hand_seats.index(6)
    t.change_seat(6, 8)
    h = t.new_hand(seed=3)
    assert h.bb_seat == t.hand_seats.index(7) and t.new_seat_posts == [1, 8]
    assert list(t.sitting_out) == [3] and "on the button" in t.sitting_out[3]


# --- money between hands: a hand owns its players' chips until it is settled -------------------

def _folded_hand(t: Table, seed: int) -> None:
    h = t.new_hand(seed=seed)
    while not h.is_over:
        h.act("fold")


def test_dealt_in_player_buys_cashes_out_or_moves_only_after_settle():
    t = Table("badugi")
    t.sit(0, "A", 100)
    t.sit(1, "B", 100)
    t.sit(4, "C", 100, wait_for_big_blind=False)
    h = t.new_hand(seed=5)
    with pytest.raises(TableError, match="A is in the hand in progress: he buys chips after the hand is settled"):
        t.buy(0, 50)
    with pytest.raises(TableError, match="B is in the hand in progress: he cashes out after the hand is settled"):
        t.cash_out(1)
    with pytest.raises(TableError, match="changes seats between hands; the hand in progress is not over"):
        t.change_seat(0, 7)
    while not h.is_over:
        h.act("fold")
    with pytest.raises(TableError, match="not settled yet: he buys chips after the hand is settled"):
        t.buy(0, 50)
    with pytest.raises(TableError, match="not settled yet: he cashes out"):
        t.cash_out(1)
    with pytest.raises(TableError, match="over but not settled"):
        t.new_hand(seed=6)
    stacks = t.settle()
    assert sum(stacks) == 300
    with pytest.raises(TableError, match="already settled"):
        t.settle()
    assert t.hands_played == 1  # the refused second settle counted nothing
    t.buy(0, 50)
    assert t.cash_out(1) == stacks[1]
    assert t.seats[0].stack == stacks[0] + 50


def test_settle_before_any_hand_or_before_the_hand_is_over_is_refused():
    t = Table("badugi")
    t.sit(0, "A", 100)
    t.sit(1, "B", 100)
    with pytest.raises(TableError, match="no hand has been dealt"):
        t.settle()
    t.new_hand(seed=1)
    with pytest.raises(TableError, match="not over"):
        t.settle()


def test_a_seat_not_dealt_in_may_buy_during_the_hand():
    t = Table("big-o", "$2-$4", seats=6)
    for i, p in [(0, "A"), (2, "B"), (4, "C")]:
        t.sit(i, p, 100)
    _folded_hand(t, 1)
    t.settle()
    t.sit(1, "D", 100)  # a new seat between the last button (0) and the button (2): not dealt in (R24)
    h = t.new_hand(seed=2)
    assert 1 not in t.hand_seats and "on the button" in t.sitting_out[1]
    t.buy(1, 20)
    while not h.is_over:
        h.act("fold")
    t.settle()
    assert t.seats[1].stack == 120


def _finish(h) -> None:
    """Play a hand out passively: fold, check or call, stand pat (all-in players only draw)."""
    while not h.is_over:
        kinds = [a.kind for a in h.legal_actions()]
        h.act(next(k for k in ("fold", "check", "call", "stand pat") if k in kinds))


def _money_state(t: Table) -> str:
    return repr((t.seats, t.cashed_out, t.button, t.last_button, t.hands_played, t.hand_seats))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["sit", "buy", "cash_out", "move", "deal", "finish", "settle"]),
                          st.integers(0, 2), st.integers(1, 200)), max_size=40))
@example([("sit", 0, 50), ("sit", 1, 50), ("deal", 0, 1), ("buy", 0, 20), ("finish", 0, 1), ("settle", 0, 1)])
@example([("sit", 0, 50), ("sit", 1, 50), ("deal", 0, 1), ("cash_out", 0, 1), ("finish", 0, 1), ("settle", 0, 1)])
@example([("sit", 0, 50), ("sit", 1, 50), ("deal", 0, 1), ("finish", 0, 1), ("deal", 0, 2), ("finish", 0, 1),
          ("settle", 0, 1)])
@example([("sit", 0, 50), ("sit", 1, 50), ("deal", 0, 1), ("finish", 0, 1), ("settle", 0, 1), ("settle", 0, 1)])
@example([("sit", 0, 50), ("sit", 1, 50), ("sit", 2, 50), ("deal", 0, 1), ("finish", 0, 1), ("move", 0, 1),
          ("cash_out", 1, 1), ("settle", 0, 1)])
def test_money_never_appears_or_vanishes_at_the_table(ops):
    """An independent ledger of what came to the table and what left it: whatever the order of
    sits, purchases, cash-outs, seat changes, deals and settlements (refused or not), the chips on
    the table plus those cashed out equal those brought, and every hand dealt is counted once, at
    every point where no hand is open."""
    t = Table("badugi", seats=3)
    brought = cashed = 0
    hand_open = False  # the ledger's own view: a hand dealt and not yet settled
    dealt = 0
    names = iter(f"P{i}" for i in range(1000))
    for op, seat, amount in ops:
        before = _money_state(t)
        try:
            if op == "sit":
                t.sit(seat, next(names), amount)
                brought += amount
            elif op == "buy":
                t.buy(seat, amount)
                brought += amount
            elif op == "cash_out":
                cashed += t.cash_out(seat)
            elif op == "move":
                t.change_seat(seat, amount % 3)
            elif op == "deal":
                t.new_hand(seed=amount)
                hand_open = True
                dealt += 1
            elif op == "finish" and t.current is not None:
                _finish(t.current)
            elif op == "settle":
                t.settle()
                hand_open = False
        except TableError:
            assert _money_state(t) == before  # a refusal changes nothing
        if not hand_open:
            on_table = sum(s.stack for s in t.seats if s is not None)
            assert on_table + cashed == brought
            assert t.hands_played == dealt


def test_a_new_seat_short_of_the_big_blind_posts_all_in():
    t = Table("badugi", seats=6)
    for i, p in enumerate("ABCE"):
        t.sit(i, p, 100)
    _folded_hand(t, 1)
    t.settle()
    t.sit(5, "D", 1)  # a new seat with $1 against a $2 big blind, away from the button and blinds
    h = t.new_hand(seed=2)
    assert t.new_seat_posts == [5] and t.hand_seats.index(5) == 4
    assert "seat 4 (new seat) posts a big blind $1 (all in) (R25)" in h.history
