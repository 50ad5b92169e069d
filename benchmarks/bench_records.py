"""How long the training records add to checking an answer, with many trainees at once.

Run: ``.venv/bin/python benchmarks/bench_records.py [--writers 20] [--rounds 25] [--url URL ...]
[--throwaway-postgres]``.

Each writer is a process of its own, as each trainee's kernel is: it opens the store, signs a
trainee in and deals its questions; then, in every round, all writers check an answer at the
same moment (a barrier) -- the drill's verdict and the record written before the verdict is
shown, exactly what the trainer does on **Check** -- and time it. Afterwards every record is
counted (none may be lost). The target: every answer checked in under 100 ms.

Without ``--url`` it measures SQLite (WAL, a file in a fresh temporary data directory);
``--throwaway-postgres`` also starts a PostgreSQL cluster in a temporary directory (as the tests
do) and measures it; ``--url`` measures any database you name (it must be empty or hold records).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.100


def writer(url: str, who: int, rounds: int, barrier, out) -> None:  # type: ignore[no-untyped-def]
    from gamelib.trainer import make_drill
    from gamelib.trainer.records import RecordsConfig, Store, sign_in

    store = Store(url, config=RecordsConfig(Path(tempfile.gettempdir())))
    me = store.trainee(sign_in(employee_no=f"bench{who}"))
    drill = make_drill("read-hand", "badugi")
    questions = [drill.next(who * 10_000 + r) for r in range(rounds)]
    times = []
    for q in questions:
        barrier.wait()
        t = time.perf_counter()
        result = drill.check(q, q.correct_answer)
        me.record(result, ms=1234)  # stored before the verdict would be shown
        times.append(time.perf_counter() - t)
    store.close()
    out.put(times)


def measure(url: str, writers: int, rounds: int) -> dict[str, float]:
    from gamelib.trainer.records import RecordsConfig, Store

    Store(url, config=RecordsConfig(Path(tempfile.gettempdir()))).close()  # the schema, once
    ctx = multiprocessing.get_context("fork")
    barrier, out = ctx.Barrier(writers), ctx.Queue()
    procs = [ctx.Process(target=writer, args=(url, i, rounds, barrier, out)) for i in range(writers)]
    for p in procs:
        p.start()
    times = [t for _ in procs for t in out.get(timeout=600)]
    for p in procs:
        p.join(60)
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as c:
        stored = c.execute(text("SELECT count(*) FROM answers a JOIN trainees t ON a.trainee_id = t.id "
                                "WHERE t.login LIKE 'employee:bench%'")).scalar()
    engine.dispose()
    times.sort()
    return {"answers": len(times), "stored": float(stored or 0), "median": statistics.median(times),
            "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writers", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--url", action="append", default=[])
    ap.add_argument("--throwaway-postgres", action="store_true")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-records-"))
    urls = args.url or [f"sqlite:///{tmp / 'trainer.sqlite3'}"]
    cluster = None
    if args.throwaway_postgres:
        sys.path.insert(0, str(ROOT / "tests" / "trainer" / "records"))
        from conftest import Cluster  # the tests' throwaway cluster

        cluster = Cluster()
        cluster.start()
        urls.append(cluster.new_database())
    ok = True
    try:
        for url in urls:
            r = measure(url, args.writers, args.rounds)
            lost = r["answers"] - r["stored"]
            verdict = "PASS" if r["max"] < TARGET and lost == 0 else "MISS"
            ok &= verdict == "PASS"
            print(f"{url.split(':', 1)[0]:<22} {args.writers} writers x {args.rounds} answers: "
                  f"check + record median {1000 * r['median']:.1f} ms, p95 {1000 * r['p95']:.1f} ms, "
                  f"max {1000 * r['max']:.1f} ms (target < {1000 * TARGET:.0f} ms); "
                  f"stored {int(r['stored'])} of {int(r['answers'])} -> {verdict}")
    finally:
        if cluster is not None:
            cluster.stop()
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
