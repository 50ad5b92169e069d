"""How long printing takes (``bash deploy/print``): the exhibits alone and the book alone, each
timed as the command a reader runs, several times; the README's "The handbook on paper" quotes
these figures and ``tests/deploy/test_exhibits.py`` holds it to this file's last results
(``benchmarks/results/bench_print.json``), so no test times anything itself.

    .venv/bin/python benchmarks/bench_print.py [--repeat 2]

The book must be built first (``bash .ci/book``). Wall-clock seconds, with the machine's load
average recorded beside them (this kind of machine has 2 cores, often shared).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "bench_print.json"


def timed(*flags: str) -> float:
    with tempfile.TemporaryDirectory() as out:
        start = time.monotonic()
        subprocess.run(["bash", "deploy/print", *flags, "--out", out], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    if not (ROOT / "_build" / "html" / "index.html").is_file():
        raise SystemExit("build the book first: bash .ci/book")
    runs: dict[str, list[float]] = {"exhibits": [], "book": []}
    loads = []
    for _ in range(args.repeat):
        for what, flag in (("exhibits", "--exhibits-only"), ("book", "--book-only")):
            loads.append(os.getloadavg()[0])
            runs[what].append(round(timed(flag), 1))
            print(f"{what}: {runs[what][-1]:.1f} s")
    result = {"command": "bash deploy/print --exhibits-only | --book-only", "seconds": runs,
              "load_average_1min": [round(x, 2) for x in loads], "cores": os.cpu_count(),
              "measured": time.strftime("%Y-%m-%d")}
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"written {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
