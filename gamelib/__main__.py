"""The command line: ``python -m gamelib <command> ...`` (also installed as ``gamelib``).

Commands (argparse subcommands; another command is added by writing a ``register_<name>``
function that adds its arguments to the command's parser, and listing it with its help in
``COMMANDS``; only the command asked for is built):

* ``analyze GAME [--pay WAGER ROW=PAYS ...]`` -- the exact analysis of a banked game: every
  outcome table and the summary (progress on stderr while it computes), then its par sheet;
* ``design GAME TABLE --vary ROW=PAYS ... --target EDGE`` -- the pay tables nearest a target
  house edge (the pays a row may take: a range such as ``1..10``, or ``1,3/2,2``);
* ``strategy GAME CARDS [--community CARDS] [--wagered UNITS]`` -- the right play for a hand;
* ``settle GAME --wager KEY=DOLLARS ... --player CARDS --dealer CARDS ...`` -- settle one hand;
* ``odds GAME HAND HAND ... [--board CARDS] [--dead CARDS] [--discard SEAT=CARDS]`` -- each
  player's chances in a pot game (a progress bar on stderr on long runs);
* ``schema COMMAND`` -- the JSON Schema of a command's ``--json`` output;
* ``replay FILE.phh [--json]`` -- a hand record (PHH) replayed through the rules, street by street:
  the pots, who acts and what he may do, each pot's award with the ruling for every odd chip
  (``--json``: ``finishing_stacks`` in the record's player order, the pots and the awards); a
  record that breaks a rule is refused at that action, naming the rule
  (``gamelib.handhistory``).

``analyze``, ``design``, ``strategy``, ``settle``, ``odds`` and ``replay`` take ``--json``: one JSON object on
stdout, described by its schema (:data:`gamelib.json_output.SCHEMAS`). ``--version`` prints the
version. Refused input is one line on stderr and exit code 2; output cut short by a closed pipe
(``... | head``) ends quietly.

>>> main(["settle", "crazy4", "--player", "As Ad Kc 7h 2s", "--dealer", "Qs Jd 8c 5h 3d",
...       "--wager", "ante=5", "--wager", "super_bonus=5", "--wager", "play=15"])  # doctest: +NORMALIZE_WHITESPACE
player: pair of aces (A-A-K-7)
dealer: queen-jack high (Q-J-8-5)
Ante $5: $0 -- dealer does not qualify (queen-jack high (Q-J-8-5)): Ante pushes
Play (3x) $15: +$15 -- dealer does not qualify: Play wins 1 to 1
Super Bonus $5: $0 -- less than a straight, player beats the dealer (the dealer does not qualify):
Super Bonus pushes (R19)
total: +15
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple, NoReturn

from . import BANKED_GAMES, POT_GAMES, __version__, get_game
from .amounts import exact_pays, parse_dollars
from .engine.banked import banked_game
from .errors import GameError, shown
from .json_output import SCHEMAS, Json


def _print_json(obj: Json) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


def _pay_change(text: str) -> tuple[str, Fraction]:
    """One ``ROW=PAYS`` of ``--pay``, the pays exact (refused with a ``GameError`` otherwise)."""
    if "=" not in text:
        raise GameError(f"--pay: a pay change is ROW=PAYS, such as 'flush=2' or 'flush=3/2', not {shown(text)}")
    row, pays = text.rsplit("=", 1)
    return row.strip(), exact_pays(pays, f"--pay {shown(row.strip(), 30)}")


def _cmd_analyze(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    # Every pay change is checked (and applied) before the analysis starts computing.
    for wager, *changes in args.pay or []:
        if not changes:
            raise GameError(f"--pay {shown(wager, 30)} needs one or more ROW=PAYS after the wager, "
                            "such as --pay pair_plus flush=4")
        pays = dict(_pay_change(c) for c in changes)
        game = game.with_pay_table(wager, pays)
    from .analysis.banked import analyze

    analysis = analyze(game, progress=not (args.quiet or args.json))
    sheet = None
    if not args.no_par_sheet:
        from .analysis.par_sheet import par_sheet

        sheet = par_sheet(game)
    if args.json:
        from .json_output import analysis_json

        _print_json(analysis_json(analysis, sheet))
        return 0
    print(analysis.text())
    if sheet is not None:
        print()
        print(sheet.text())
    return 0


def register_analyze(p: argparse.ArgumentParser) -> None:
    """The ``analyze`` command."""
    p.add_argument("game", choices=BANKED_GAMES)
    p.add_argument("--pay", nargs="+", action="append", metavar=("WAGER", "ROW=PAYS"),
                   help="analyse under another pay table, e.g. --pay super_bonus 'flush=2'")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument("--no-par-sheet", action="store_true", help="the outcome tables and summary only")
    _json_option(p, "analyze")
    p.set_defaults(func=_cmd_analyze)


def _cmd_design(args: argparse.Namespace) -> int:
    from .analysis.pay_designer import candidate_pays, design

    vary = {}
    for item in args.vary:
        row, eq, pays = item.rpartition("=")
        if not eq or not row.strip():
            raise GameError(f"--vary is ROW=PAYS, such as 'flush=1..10' or 'flush=1,3/2,2', not {shown(item)}")
        if row.strip() in vary:
            raise GameError(f"--vary {shown(row.strip(), 30)} is given twice; give each row once, with every pay "
                            "to try (such as 'flush=1..10' or 'flush=1,3/2,2')")
        vary[row.strip()] = candidate_pays(pays, f"--vary {shown(row.strip(), 30)}")
    found = design(get_game(args.game), args.table, vary, args.target, measure=args.measure, top=args.top)
    if args.json:
        from .json_output import design_json

        _print_json(design_json(args.game, found, list(vary)))
        return 0
    measure = "the whole game" if found.attrs["measure"] == "game" else found.attrs["measure"]
    print(f"{found.attrs['candidates']:,} candidate {args.table} tables; house edge of "
          f"{measure} nearest {float(found.attrs['target']):.4%}:")
    shown_rows = found.copy()
    for k in vary:
        shown_rows[k] = [str(v) for v in shown_rows[k]]
    for k in ("house edge", "main game house edge", "wager house edge", "distance"):
        if k in shown_rows:
            shown_rows[k] = [f"{float(v):.4%}" for v in shown_rows[k]]
    if found.attrs.get("wager") and "wager house edge" in shown_rows:
        shown_rows = shown_rows.rename(columns={"wager house edge": f"{found.attrs['wager']} house edge"})
    shown_rows["player's edge"] = ["YES: the house loses" if v else "" for v in shown_rows["player's edge"]]
    print(shown_rows.to_string(index=False))
    if found["player's edge"].any():
        warning = "warning: a row marked under player's edge gives the player the edge (a negative house edge)"
        red = sys.stderr.isatty() and "NO_COLOR" not in os.environ
        print(f"\033[31m{warning}\033[0m" if red else warning, file=sys.stderr)
    return 0


def register_design(p: argparse.ArgumentParser) -> None:
    """The ``design`` command: the pay-table designer."""
    p.add_argument("game", choices=BANKED_GAMES)
    p.add_argument("table", help="the pay table to change, e.g. super_bonus")
    p.add_argument("--vary", action="append", required=True, metavar="ROW=PAYS",
                   help="a row that may change and the pays to try, e.g. 'flush=1..10' or 'flush=1,3/2,2'")
    p.add_argument("--target", required=True, help="the house edge wanted, e.g. 3%% or 0.03")
    p.add_argument("--measure", help="the par-sheet entry whose edge is aimed at: 'game' for the whole game, or a "
                   "wager key (default: the whole game when the table pays the main game or a wager tied to it, "
                   "such as the Crazy 4 Super Bonus; else the side bet the table pays)")
    p.add_argument("--top", type=_whole, default=10, help="how many tables to show (default: %(default)s)")
    _json_option(p, "design")
    p.set_defaults(func=_cmd_design)


def _units(text: str) -> int:
    if not (text.isascii() and text.strip().isdigit()) or len(text.strip()) > 6:
        raise argparse.ArgumentTypeError(
            f"units wagered must be a whole number of antes, ante included, such as 3, not {shown(text)}")
    return int(text)


def _whole(text: str) -> int:
    """A whole number typed on the command line: ASCII digits 0-9 (and a minus sign), at most 18."""
    body = text.strip()
    digits = body[1:] if body.startswith("-") else body
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise argparse.ArgumentTypeError(f"a whole number is digits 0-9, such as 10; not {shown(text)}")
    return int(body)


def _json_option(p: argparse.ArgumentParser, command: str) -> None:
    p.add_argument("--json", action="store_true",
                   help=f"print one JSON object instead of text (its schema: python -m gamelib schema {command})")


def _by_streets() -> list[str]:
    """The banked games decided street by street (more than one decision), where ``--community``
    and ``--wagered`` apply."""
    return [k for k in BANKED_GAMES if len(banked_game(k).declaration.decisions) > 1]


def _cmd_strategy(args: argparse.Namespace) -> int:
    streets = args.game in _by_streets()
    if not streets and (args.community is not None or args.wagered is not None):
        given = " and ".join(o for o, v in (("--community", args.community), ("--wagered", args.wagered))
                             if v is not None)
        raise GameError(f"{given} apply only to {', '.join(_by_streets())}; {args.game} is decided once, "
                        "on the player's own cards")
    from .analysis.banked import strategy_of

    strategy = strategy_of(get_game(args.game))
    if not streets:
        play = strategy.play_for(args.cards)
    else:
        community = args.community or ""
        if community.strip() and args.wagered is None and strategy.path_wagered(args.cards, community) is None:
            raise GameError(f"the strategy folds {args.cards} before this point, so say how much is in: --wagered "
                            "UNITS (ante included: 2 to 4 before the turn card, 3 to 7 before the river card)")
        play = strategy.play_for(args.cards, community, args.wagered)
    if args.json:
        _print_json({"game": args.game, "cards": args.cards, "community": args.community, "wagered": args.wagered,
                     "play": play})
    else:
        print(play)
    return 0


def register_strategy(p: argparse.ArgumentParser) -> None:
    """The ``strategy`` command. Refused input (cards, an amount that cannot be wagered at this
    point, an option that does not apply to the game) is one line on stderr and exit code 2."""
    p.add_argument("game", choices=BANKED_GAMES)
    p.add_argument("cards", help="the player's cards, e.g. 'As Ad 9c 6h 3s'")
    p.add_argument("--community", help="NH Hold'em: community cards already shown (none, one or two)")
    p.add_argument("--wagered", type=_units, metavar="UNITS",
                   help="NH Hold'em: units of ante already wagered, ante included (default: what the strategy "
                        "itself would have bet)")
    _json_option(p, "strategy")
    p.set_defaults(func=_cmd_strategy)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line on stderr (no usage block) and exit code 2;
    its subcommands' parsers are of this class too, named ``gamelib <command>``."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def _cmd_settle(args: argparse.Namespace) -> int:
    wagers: dict[str, int] = {}
    for item in args.wager:
        key, eq, amount = item.partition("=")
        if not eq:
            raise GameError(f"a wager is KEY=DOLLARS (whole dollars), such as ante=5, not {shown(item)}")
        if key.strip() in wagers:
            raise GameError(f"the {shown(key.strip(), 30)} wager is given twice; give each wager once")
        wagers[key.strip()] = parse_dollars(amount, f"the {shown(key.strip(), 30)} wager")
    cards = {k: getattr(args, k) for k in _dealt_groups() if getattr(args, k)}
    settlement = get_game(args.game).settle(wagers=wagers, **cards)
    if args.json:
        from .json_output import settlement_json

        _print_json(settlement_json(args.game, settlement))
    else:
        print(settlement)
    return 0


def _dealt_groups() -> list[str]:
    """Every card group a banked game deals (``player``, ``dealer``, ``hole``...), one option each."""
    return list(dict.fromkeys(g for k in BANKED_GAMES for g in banked_game(k).declaration.deal))


def register_settle(p: argparse.ArgumentParser) -> None:
    """The ``settle`` command."""
    p.add_argument("game", choices=BANKED_GAMES)
    p.add_argument("--wager", action="append", required=True, metavar="KEY=DOLLARS",
                   help="a wager and its whole dollars, once per wager, e.g. --wager ante=5 --wager play=5 "
                        "(keys: " + "; ".join(f"{k}: " + ", ".join(w.key for w in banked_game(k).declaration.wagers)
                                              for k in BANKED_GAMES) + "); a decision wager left out or 0 is a fold")
    for group in _dealt_groups():
        games = [k for k in BANKED_GAMES if group in banked_game(k).declaration.deal]
        sizes = sorted({banked_game(k).declaration.deal[group] for k in games})
        p.add_argument(f"--{group}", metavar="CARDS",
                       help=f"the {group} cards ({' or '.join(map(str, sizes))} cards, e.g. 'As Kd 9c'), "
                            f"in {', '.join(games)}")
    _json_option(p, "settle")
    p.set_defaults(func=_cmd_settle)


def _cmd_odds(args: argparse.Namespace) -> int:
    from .analysis.odds import ProgressBar, odds

    discards: list[str | None] = [None] * len(args.hands)
    for item in args.discard or []:
        seat, eq, cards = item.partition("=")
        seat = seat.strip()
        if (not eq or not (seat.isascii() and seat.isdigit()) or len(seat) > 3
                or not 0 <= int(seat) < len(args.hands)):
            raise GameError(f"--discard is SEAT=CARDS (a seat from 0 to {len(args.hands) - 1}; CARDS empty or "
                            f"'pat' to stand pat), such as 0=Kh, not {shown(item)}")
        if discards[int(seat)] is not None:
            raise GameError(f"--discard for seat {seat} is given twice; give each seat's draw once")
        discards[int(seat)] = cards
    boards = args.board or []
    where: dict[str, object] = {"boards": boards} if len(boards) > 1 else {"board": boards[0]} if boards else {}
    if args.budget is not None:
        where["budget"] = args.budget
    result = odds(args.game, args.hands, dead=args.dead,
                  discards=discards if any(d is not None for d in discards) else None,
                  draws_to_come=args.draws_to_come, samples=args.samples, seed=args.seed,
                  progress=None if args.quiet else ProgressBar(sys.stderr), **where)  # type: ignore[arg-type]
    if args.json:
        from .json_output import odds_json

        _print_json(odds_json(args.game, result))
    else:
        print(result.text())
    return 0


def register_odds(p: argparse.ArgumentParser) -> None:
    """The ``odds`` command (its help shows the calculator's default numbers)."""
    from .analysis.odds import AUTO_DECISIONS, AUTO_SAMPLES, DEFAULT_BUDGET, DEFAULT_SAMPLES

    p.add_argument("game", choices=POT_GAMES)
    p.add_argument("hands", nargs="+", help="each player's known cards, e.g. 'As Ad 2c 3d 4h', or 'random'; in "
                   "a stud game the cards dealt so far, which say the street (five cards: fifth street); the "
                   "answer names the street it stands on")
    p.add_argument("--board", action="append", help="the board's known cards (give it twice for two boards)")
    p.add_argument("--dead", help="cards out of play (seen folded, burnt face up)")
    p.add_argument("--discard", action="append", metavar="SEAT=CARDS",
                   help="a draw declared for the next draw, e.g. 0=Kh, or 1=pat (others: the automatic player, "
                   "which decides a known hand's draw from its cards before the deal)")
    p.add_argument("--draws-to-come", type=_whole, help="draws still to come, the declared one included (default 1 "
                   "with --discard, else 0)")
    p.add_argument("--budget", type=_whole, help=f"enumerate every deal up to this many (default {DEFAULT_BUDGET:,}), "
                   "else sample")
    p.add_argument("--samples", type=_whole, help=f"deals sampled when over budget (default {DEFAULT_SAMPLES:,}, or "
                   f"{AUTO_SAMPLES:,} when the automatic player draws deal by deal, fewer once it has decided "
                   f"{AUTO_DECISIONS:,} hands)")
    p.add_argument("--seed", type=_whole, default=0, help="the seed of a sampled answer (default %(default)s)")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    _json_option(p, "odds")
    p.set_defaults(func=_cmd_odds)


def _cmd_schema(args: argparse.Namespace) -> int:
    _print_json(SCHEMAS[args.for_command])
    return 0


def register_schema(p: argparse.ArgumentParser) -> None:
    """The ``schema`` command: the JSON Schema of a command's ``--json`` output."""
    p.add_argument("for_command", metavar="COMMAND", choices=sorted(SCHEMAS),
                   help="one of " + ", ".join(sorted(SCHEMAS)))
    p.set_defaults(func=_cmd_schema)


#: The largest hand record ``replay`` reads (a real record is a few KB).
MAX_RECORD_BYTES = 1 << 20


def _cmd_replay(args: argparse.Namespace) -> int:
    from .handhistory import check
    from .handhistory.report import as_json, text

    try:
        with open(args.file, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)  # never a whole /dev/zero
    except OSError as e:
        raise GameError(f"cannot read the hand record {shown(args.file)}: {e.strerror}") from None
    except ValueError:  # a NUL in the name
        raise GameError(f"{shown(args.file)} is not a file name (it holds a NUL character)") from None
    if len(data) > MAX_RECORD_BYTES:
        raise GameError(f"{shown(args.file)} is over {MAX_RECORD_BYTES:,} bytes: a hand record is a few KB of text")
    rp = check(data)
    print(json.dumps(as_json(rp), indent=1) if args.json else text(rp))
    return 0


def register_replay(p: argparse.ArgumentParser) -> None:
    """The ``replay`` command: a hand record (PHH) replayed and checked (``gamelib.handhistory``)."""
    p.add_argument("file", help="the hand record, a .phh file")
    _json_option(p, "replay")
    p.set_defaults(func=_cmd_replay)


class Command(NamedTuple):
    """A command of the command line: its one-line help, and the function that adds its arguments
    and options to its parser (``register_<name>``)."""

    help: str
    register: Callable[[argparse.ArgumentParser], None]


#: Every command, by name, in the order ``--help`` lists them.
COMMANDS: dict[str, Command] = {
    "analyze": Command("exact analysis of a banked game (outcome tables, house edge, strategy)", register_analyze),
    "design": Command("the pay tables nearest a target house edge", register_design),
    "strategy": Command("the right play for a hand (derived from the exact analysis)", register_strategy),
    "settle": Command("settle one hand of a banked game", register_settle),
    "odds": Command("each player's chances in a pot game (exact, or sampled when too many deals)", register_odds),
    "schema": Command("the JSON Schema of a command's --json output", register_schema),
    "replay": Command("replay a hand record (PHH) through the rules, checking every action", register_replay),
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser. Given the command line (``argv``), only the command it names gets its
    arguments and options (the others are listed with their help, so that ``--help`` and an
    unknown command still name them all): a command's options may read the games' declarations,
    and ``odds`` has no need of the banked games'. Without ``argv``, every command gets its own.

    >>> sorted(build_parser()._subparsers._group_actions[0].choices)
    ['analyze', 'design', 'odds', 'replay', 'schema', 'settle', 'strategy']
    >>> chosen = build_parser(["odds", "--help"])._subparsers._group_actions[0].choices
    >>> len(chosen["odds"]._actions) > 1, len(chosen["settle"]._actions)
    (True, 1)
    """
    # Refused input is always one line on stderr and exit code 2, usage errors included.
    parser = OneLineParser(prog="gamelib", description="Casino poker games: rules engine and analyses.")
    parser.add_argument("--version", action="version", version=f"gamelib {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    asked = None if argv is None else next((a for a in argv if not a.startswith("-")), None)
    for name, command in COMMANDS.items():
        p = sub.add_parser(name, help=command.help)
        if argv is None or name == asked:
            command.register(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 with a message for refused input).

    A reader that stops reading (``python -m gamelib analyze crazy4 | head``) ends the command
    quietly: what is left unprinted goes nowhere, with no traceback.
    """
    args = build_parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
    try:
        return int(args.func(args))
    except GameError as e:
        print(f"gamelib: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # stdout's reader has gone: send the rest to /dev/null so the interpreter's final flush
        # raises nothing either (the recipe in Python's signal documentation)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("gamelib: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
