"""Published real hands of the games gamelib shares with PHH (Stud 8, 2-7 Triple Draw), replayed
through the engine to their recorded final stacks (``tests/data/phh/README.md`` names the
sources), and R32: a tournament's stakes are replayed though no table here would spread them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelib.engine.stakes import check_mixed_structure
from gamelib.errors import TableError
from gamelib.handhistory import check, loads
from gamelib.handhistory.variants import read_stakes

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
RECORDS = sorted(DATA.glob("*.phh"))


def test_the_collection_is_there() -> None:
    variants = [loads(p.read_text()).variant for p in RECORDS]
    assert variants.count("F7S/8") >= 13 and variants.count("F2L3D") >= 8
    assert all("_source" in loads(p.read_text()).extra for p in RECORDS)


@pytest.mark.parametrize("path", [p for p in RECORDS if "finishing_stacks" in p.read_text()], ids=lambda p: p.stem)
def test_a_published_hand_replays_to_its_recorded_stacks(path: Path) -> None:
    record = loads(path.read_text())
    rp = check(record)
    assert rp.complete
    assert rp.finishing_stacks == record.finishing_stacks
    assert sum(rp.finishing_stacks) == sum(record.starting_stacks)


def test_the_yockey_arieh_hand() -> None:
    """The PHH specification's example: Arieh draws to a seven-five and beats Yockey's seven-six."""
    rp = check((DATA / "wsop-2019-58-yockey-arieh.phh").read_text())
    assert rp.finishing_stacks == [0, 4_190_000, 5_910_000, 12_095_000]
    award = rp.award()
    assert award is not None and [(line.paid, line.portion) for line in award.lines] == [(((3, 2_510_000),), "low")]


def test_tournament_stakes_replay_though_no_table_spreads_them() -> None:
    """R32: antes, a bring-in and limits outside R17/R26 are replayed with the record's own stakes."""
    record = loads((DATA / "wsop-2023-43-5-48-02-09-20.phh").read_text())
    game, structure = read_stakes(record)
    assert (structure.ante, structure.bring_in, structure.small_bet, structure.big_bet) == (
        50_000, 75_000, 250_000, 500_000)
    with pytest.raises(TableError, match="R17"):
        check_mixed_structure(structure)
    assert check(record).complete


def test_an_unseen_up_card_does_not_take_the_bring_in() -> None:
    """A hand folded at once has ?? for its up card too; the stand-in card must not bring in (R14)."""
    record = loads((DATA / "wsop-2023-43-5-53-02-25-11.phh").read_text())
    assert record.actions[4] == "d dh p5 ??????" and record.actions[5] == "p4 pb"
    assert check(record).matches_record
