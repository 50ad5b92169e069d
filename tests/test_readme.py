"""The README's opening: one line saying what the two commands are, then exactly the two commands
(build the book; run every test), each a script that exists; and the rulings range it names is the
book appendix's (R1 to its last R-number), the project's own list of rulings."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_opens_with_one_line_and_the_two_commands() -> None:
    lines = README.splitlines()
    assert lines[0] and not lines[0].startswith(("#", "`")), "one line of text first"
    assert lines[1] == "" and lines[2] == "```bash", lines[:3]
    end = lines.index("```", 3)
    commands = lines[3:end]
    assert commands == ["bash .ci/book", "bash .ci/test"], commands
    for command in commands:
        assert (ROOT / command.split()[1]).is_file()
    assert README.index("# The Casino Poker Handbook") > README.index("bash .ci/test")


def appendix_rulings() -> list[int]:
    """The numbers of the project's rulings (R1, R2, ...) in the book's appendix, in order: the
    project's own list (tests/book/test_rulings.py holds it to ../shared/RULINGS.md where that
    file exists)."""
    text = (ROOT / "book" / "appendix" / "rulings.md").read_text(encoding="utf-8")
    return [int(n) for n in re.findall(r"^\(ruling-r(\d+)\)=\s*$", text, flags=re.M)]


def test_the_appendix_numbers_its_rulings_from_one_without_a_gap() -> None:
    numbers = appendix_rulings()
    assert numbers == list(range(1, len(numbers) + 1)), numbers


def test_the_readme_and_the_introduction_name_every_ruling_of_the_appendix() -> None:
    last = max(appendix_rulings())
    assert f"**R1** to **R{last}**" in README
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    assert f"**R1** to **R{last}**" in intro
    appendix = (ROOT / "book" / "appendix" / "rulings.md").read_text(encoding="utf-8")
    assert f"**R1 to R{last}**" in appendix


def test_the_readme_quotes_the_live_benchmarks_as_measured() -> None:
    """The live book's figures in the README ("Measured") are the committed results of
    benchmarks/bench_live.py (--crowd 20, and --quick): a benchmark run again with other results
    fails here until the README says what was measured."""
    import json

    section = README[README.index("**Measured** (`benchmarks/bench_live.py --crowd 20`"):
                     README.index("**Links from the published book.**")]
    crowd = json.loads((ROOT / "benchmarks" / "results" / "bench_live_crowd.json").read_text(encoding="utf-8"))
    quick = json.loads((ROOT / "benchmarks" / "results" / "bench_live.json").read_text(encoding="utf-8"))
    single, book = crowd["single_reader"]["usable"], crowd["single_reader"]["from_book"]["usable"]
    server, mixed = crowd["server_only"], crowd["mixed_crowd"]
    browsers = [r["usable_s"] for r in mixed["runs"] if r.get("browser")]
    clicks = crowd["open_reader_clicks"]
    chapters = quick["first_usable_widget"]
    odds = [v["median_ms"] for k, v in quick["click_latency"].items() if k.startswith("Odds")]
    buttons = [v["median_ms"] for k, v in quick["click_latency"].items() if not k.startswith("Odds")]
    expected = [
        f"answers a click {book['median']:.2f} s after he clicks", f"at most {book['max']:.2f} s",
        f"{single['median']:.2f} s", f"at most {single['max']:.2f} s",
        f"after {server['usable']['median']:.2f} s median, "
        f"{server['usable']['p95']:.2f} s p95", f"(page {server['page']['p95']:.2f} s p95)",
        f"{mixed['usable']['median']:.2f} s median, {mixed['usable']['p95']:.2f} s p95",
        f"{min(browsers):.2f} to {max(browsers):.2f} s each",
        f"after {crowd['crowd']['usable']['median']:.0f} s median, {crowd['crowd']['usable']['p95']:.0f} s p95",
        f"{clicks['before']['median']:.0f} ms median before the crowd",
        f"{clicks['during_server_only']['median']:.0f} ms median, {clicks['during_server_only']['p95']:.0f} ms p95",
        f"{clicks['during_mixed']['median']:.0f} ms median, {clicks['during_mixed']['p95']:.0f} ms p95 with the four "
        "browsers",
        f"{clicks['during']['median']:.0f} ms median, {clicks['during']['p95'] / 1000:.0f} s p95",
        f"{crowd['memory']['median_rss_mb']:.0f} MB resident at the median",
        f"the server {crowd['memory']['server']['rss_pools_full_mb']:.0f} MB with its pools full",
        f"{min(v['usable_s'] for v in chapters['chapters'].values()):.2f} to {chapters['summary']['max_s']:.2f} s "
        f"(median {chapters['summary']['median_s']:.2f} s)",
        f"every button {min(buttons):.0f} to {max(buttons):.0f} ms median",
        f"the Odds button {odds[0]:.0f} ms", f"{odds[1]:.0f} ms (Razzdugi) and {odds[2]:.0f} ms (Archie",
    ]
    flat = " ".join(section.split())
    missing = [e for e in expected if " ".join(e.split()) not in flat]
    assert not missing, missing


def test_the_readme_lists_every_training_records_setting_as_declared() -> None:
    """The README's table of the training records' settings is the one ``settings_table`` writes
    from ``SETTINGS``, where each setting is declared once."""
    from gamelib.trainer.records.config import settings_table

    assert settings_table() in README


def test_each_setting_s_stated_default_is_the_one_load_config_uses() -> None:
    """A setting's default is stated in ``SETTINGS`` (as ``trainer.toml`` writes it) and given by
    ``RecordsConfig``'s field: the two are held equal here, so the table cannot drift."""
    import dataclasses
    import json

    from gamelib.trainer.records.config import SETTINGS, RecordsConfig, load_config

    defaults = {f.name: f.default for f in dataclasses.fields(RecordsConfig)}
    keyed = [s for s in SETTINGS if s.key]
    assert keyed and {s.key for s in keyed} <= set(defaults)
    for s in keyed:
        value = defaults[s.key]
        written = json.dumps(list(value) if isinstance(value, tuple) else value)
        assert written == s.default, (s.key, written, s.default)
    loaded = load_config({"GAMELIB_DATA": "/nonexistent/gamelib-data"})  # no file: every default
    assert all(getattr(loaded, s.key) == defaults[s.key] for s in keyed if s.key != "database_url")
