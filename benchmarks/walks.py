"""How far a newcomer walks: the files and functions of ``gamelib`` visited by one path, counted
with ``sys.setprofile`` (function calls only: no class bodies, comprehensions or lambdas).

    .venv/bin/python benchmarks/walks.py odds stud8 "As 2s 3c 4d 9h" "Ah 2h Kc Kd 7s" --quiet
    .venv/bin/python benchmarks/walks.py --check-button

The first walks a command line from ``main()`` on (here the odds of a Stud 8 hand on fifth street);
the second walks a trainee's answer from the trainer's Check button to its row in the training
records (a throwaway SQLite database). ``--root DIR`` reads another checkout's ``gamelib`` (to
compare before and after a change). Each prints the count, then the functions file by file.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import io
import os
import sys
import tempfile
from collections.abc import Callable
from types import FrameType


def visited(root: str, run: Callable[[], object]) -> set[tuple[str, str]]:
    """``(file, function)`` of every function under ``root`` that ``run`` calls."""
    seen: set[tuple[str, str]] = set()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if (event == "call" and code.co_filename.startswith(root) and not code.co_name.startswith("<")
                and code.co_flags & inspect.CO_OPTIMIZED):
            seen.add((code.co_filename[len(root):], code.co_qualname))

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return seen


def command_line(argv: list[str]) -> Callable[[], object]:
    from gamelib.__main__ import main

    def run() -> object:
        with contextlib.redirect_stdout(io.StringIO()):
            return main(argv)
    return run


def check_button() -> Callable[[], object]:
    """A trainee's right answer to a Badugi hand-reading question, ready to be checked."""
    from gamelib.trainer.records import Store, sign_in
    from gamelib.widgets.trainer import TrainerWidget

    store = Store(f"sqlite:///{tempfile.mkdtemp()}/trainer.sqlite3")
    widget = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=store.trainee(sign_in(name="Ana")))
    question = widget.question
    for field in question.fields:
        widget.inputs[field.name].value = question.correct_answer[field.name]
    return widget.check_button.click


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", "gamelib"),
                    help="the gamelib folder to read (default: this checkout's)")
    ap.add_argument("--check-button", action="store_true", help="walk a trainee's answer to its row")
    args, rest = ap.parse_known_args()
    root = os.path.realpath(args.root)
    sys.path.insert(0, os.path.dirname(root))
    run = check_button() if args.check_button else command_line(rest)
    seen = visited(root + os.sep, run)
    files = sorted({f for f, _ in seen})
    print(f"{len(files)} files, {len(seen)} functions")
    for f in files:
        print(f"  {f}: {', '.join(sorted(n for g, n in seen if g == f))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
