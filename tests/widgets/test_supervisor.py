"""The supervisor's view (gamelib/widgets/trainer/supervisor.py): only from the supervisor's records,
names escaped, the downloads hold the records, and an unreachable database is said, not hidden."""

from __future__ import annotations

import base64
import csv
import io
from pathlib import Path

import pytest

from gamelib.errors import GameError
from gamelib.trainer import make_drill
from gamelib.trainer.records import RecordsConfig, Store, hash_password, sign_in
from gamelib.widgets.trainer.supervisor import SupervisorView


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 't.sqlite3'}",
                 config=RecordsConfig(tmp_path, supervisor_password=hash_password("pw", salt="3")))


def test_only_from_the_supervisors_records(store: Store) -> None:
    with pytest.raises(GameError):
        SupervisorView(store.trainee(sign_in(name="Ana")))  # type: ignore[arg-type]


def test_names_are_escaped_and_downloads_hold_every_answer(store: Store) -> None:
    me = store.trainee(sign_in(name="<b>Bo</b> & co"))
    d = make_drill("read-hand", "badugi")
    for seed in range(3):
        q = d.next(seed)
        me.record(d.check(q, q.correct_answer), ms=700)
    v = SupervisorView(store.supervisor("pw"), refresh_every=0)
    assert "<b>Bo</b>" not in v.answers_html.value and "&lt;b&gt;Bo&lt;/b&gt; &amp; co" in v.answers_html.value
    assert "<b>Bo</b>" not in v.trainees_html.value
    href = v.export_html.value.split('class="gl-sv-csv" download="trainer-answers.csv" href="')[1].split('"')[0]
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(href.split("base64,", 1)[1]).decode("utf-8"))))
    assert [r["seed"] for r in rows] == ["0", "1", "2"] and {r["trainee"] for r in rows} == {"<b>Bo</b> & co"}
    assert 'src="data:image/png;base64,' in v.progress_html.value


def test_an_unreachable_database_is_reported(store: Store, tmp_path: Path) -> None:
    v = SupervisorView(store.supervisor("pw"), refresh_every=0)
    shown = v.answers_html.value
    store.engine.dispose()
    (tmp_path / "t.sqlite3").unlink()
    (tmp_path / "t.sqlite3").mkdir()  # the file is gone and cannot be made again
    v.refresh()
    assert "Cannot read the records" in v.status.value and v.answers_html.value == shown


def test_it_refreshes_itself_when_something_is_recorded(store: Store) -> None:
    import asyncio

    async def watch() -> tuple[str, str]:
        v = SupervisorView(store.supervisor("pw"), refresh_every=0.2)  # built inside a running loop
        before = v.answers_html.value
        me = store.trainee(sign_in(name="Cy"))
        q = make_drill("read-hand", "badugi").next(1)
        me.record(make_drill("read-hand", "badugi").check(q, q.correct_answer), ms=5)
        await asyncio.sleep(1.0)
        v.refresh_every = 0  # stop
        return before, v.answers_html.value

    before, after = asyncio.run(watch())
    assert before == "<p><i>no answers yet</i></p>" and 'data-login="name:cy"' in after


def test_the_password_tries_are_listed(store: Store) -> None:
    from gamelib.trainer.records import AccessDenied

    with pytest.raises(AccessDenied):
        store.supervisor("guess", who=sign_in(name="<i>Cy</i>"))
    v = SupervisorView(store.supervisor("pw"), refresh_every=0)
    text = v.sign_ins_html.value
    assert "1 of 2 wrong, 0 refused" in text and "name:&lt;i&gt;cy&lt;/i&gt;" in text and "<i>Cy</i>" not in text
    assert text.index("right") < text.index("<b>wrong</b>")  # newest first
