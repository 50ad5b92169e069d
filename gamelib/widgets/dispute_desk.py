"""The floor supervisor's dispute desk: a hand record replayed action by action, checked by the rules.

A record comes in three ways: pasted PHH text, an uploaded ``.phh`` file, or a hand entered by
hand (the game, the stakes and the stacks, then the actions one by one, each checked as it is
added); the shipped real hands (``gamelib.handhistory.published``) are offered as examples.
``DisputeDesk`` replays it (``gamelib.handhistory.replay``) and steps through it: before each
action, the pots and side pots (R7), who is to act and what he may do; at the end each pot's
award, portion by portion, with the ruling for every odd chip (R6). A record that breaks a
rule stops at that action, naming the rule and what was legal instead. The corrected record
(cut before the illegal action, or the record as replayed with its final stacks) downloads as a
``data:`` link.

The kernel is the judge of what the browser sends: a record is at most ``MAX_RECORD_BYTES`` of
UTF-8 text with at most ``MAX_PLAYERS`` players and ``MAX_ACTIONS`` actions, an upload is one
file, and whatever goes wrong reaches the page as one plain sentence (a refusal in the engine's
words, anything else as ``PLAIN``), never a traceback. The desk holds no rule of its own.

A desk given ``closed`` (the trainer app's: an exam open for that person, in any tab, as the
training records know it) asks it in the kernel before every click and every example or upload
the page sends: while it gives a reason, the desk shows "Dispute desk closed:" and that reason as
its message and does nothing else (an example chosen or a file uploaded is put back).

>>> desk = DisputeDesk()
>>> desk.load_text(published_text("wsop-2023-43-5-48-02-09-20")); desk.position, len(desk.replay.steps)
(0, 32)
>>> desk.end(); "award" in desk.view.value and "odd chip" in desk.view.value
True
"""

from __future__ import annotations

import html
import logging
import sys
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..engine.pots import Pot
from ..errors import GameError, shown
from ..games.pot import POT_DECLARATIONS, Structure
from ..games.vocabularies import StructureKind
from ..handhistory.published import published_names, published_text
from ..handhistory.record import HandRecord, loads, parse_action
from ..handhistory.replay import Replay, replay
from ..handhistory.report import award_lines
from ..handhistory.rules import continuation
from ..handhistory.variants import STRUCTURES, stake_fields
from ..trainer.export import data_uri
from . import controls
from .messages import badge, error_html

#: The most a pasted or uploaded record may be (64 KB of UTF-8), and the most players and actions.
MAX_RECORD_BYTES = 64 * 1024
MAX_PLAYERS = 10
MAX_ACTIONS = 1000
#: The longest action line or stacks line the hand-entry form takes.
MAX_LINE = 200
#: What the page reads when something other than a refusal went wrong.
PLAIN = "the desk could not do that; nothing was changed (the details are in the server's log)"

_log = logging.getLogger("gamelib.widgets.dispute_desk")
if not _log.handlers:  # the kernel's own stderr (the server's log), never the page
    _log.addHandler(logging.StreamHandler(sys.__stderr__))
    _log.propagate = False

_WIDE = {"description_width": "initial"}


def check_record_text(text: object) -> HandRecord:
    """A record as the browser sent it (text or bytes), checked for size and read.

    >>> check_record_text("x" * (MAX_RECORD_BYTES + 1))
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the record is 65,537 bytes; the desk reads records of at most 65,536 bytes (64 KB)
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
    elif isinstance(text, str):
        data = text.encode("utf-8", "replace")
    else:
        raise GameError(f"a record is PHH text, not {shown(type(text).__name__)}")
    if len(data) > MAX_RECORD_BYTES:
        raise GameError(f"the record is {len(data):,} bytes; the desk reads records of at most "
                        f"{MAX_RECORD_BYTES:,} bytes (64 KB)")
    try:
        body = data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError("the record is not UTF-8 text; a PHH record is a text (TOML) file") from None
    if not body.strip():
        raise GameError("the record is empty: paste or upload a PHH record, or enter a hand")
    record = loads(body)
    if record.player_count > MAX_PLAYERS:
        raise GameError(f"the record seats {record.player_count} players; the desk replays hands of 2 to "
                        f"{MAX_PLAYERS}")
    if len(record.actions) > MAX_ACTIONS:
        raise GameError(f"the record has {len(record.actions):,} actions; the desk replays at most {MAX_ACTIONS:,}")
    return record


def uploaded_bytes(value: object) -> bytes:
    """The content of one uploaded file as ipywidgets' ``FileUpload`` gives it (a tuple of
    dicts, or a dict by name in older versions), checked: one file, at most 64 KB.

    >>> uploaded_bytes(({"name": "a.phh", "size": 2, "content": memoryview(b"ab")},))
    b'ab'
    """
    files = (list(value.values()) if isinstance(value, Mapping)
             else list(value) if isinstance(value, (tuple, list)) else None)
    if not files:
        raise GameError("no file was uploaded; choose one .phh file")
    if len(files) != 1 or not isinstance(files[0], Mapping):
        raise GameError(f"upload one .phh file at a time, not {len(files)}")
    content = files[0].get("content")
    if not isinstance(content, (bytes, bytearray, memoryview)):
        raise GameError("the upload carried no file content; choose one .phh file")
    if len(content) > MAX_RECORD_BYTES:
        raise GameError(f"the file is {len(content):,} bytes; the desk reads records of at most "
                        f"{MAX_RECORD_BYTES:,} bytes (64 KB)")
    return bytes(content)


def corrected_record(rp: Replay) -> HandRecord:
    """The record to keep: cut before its illegal action (the ruling in ``_gamelib_ruling``), or
    as replayed, with the final stacks of the replay (R32).

    >>> rp = replay(published_text("wsop-2023-43-5-48-02-09-20").replace("'p1 cbr 500000'", "'p1 cbr 600000'"))
    >>> r = corrected_record(rp); len(r.actions), r.extra["_gamelib_ruling"][:30]
    (8, "action 9 'p1 cbr 600000': p1 r")
    """
    r = rp.record
    extra = {k: v for k, v in r.extra.items() if k not in ("finishing_stacks", "_gamelib_ruling")}
    actions = list(r.actions)
    v = rp.violation
    if v is not None and v.index is not None:
        actions = actions[:v.index]
        extra["_gamelib_ruling"] = f"action {v.index + 1} {r.actions[v.index]!r}: {v}"
    elif rp.finishing_stacks is not None and not rp.hand.unshown:
        extra["finishing_stacks"] = rp.finishing_stacks
    return HandRecord(r.variant, list(r.antes), r.blinds_or_straddles, r.bring_in, r.small_bet, r.big_bet,
                      r.min_bet, list(r.starting_stacks), actions, extra)


def _pots_html(pots: Sequence[Pot]) -> str:
    rows = "".join(f"<tr><td>{'main pot' if k == 0 else f'side pot {k}'}</td><td>{p.amount:,}</td>"
                   f"<td>{', '.join(f'p{s + 1}' for s in p.eligible)}</td></tr>"
                   for k, p in enumerate(pots))
    return ("<table class='gl-desk-pots'><tr><th>pot</th><th>chips</th><th>who may win it</th></tr>"
            f"{rows or '<tr><td>pot</td><td>0</td><td></td></tr>'}</table>")


def dispute_figures(text: str) -> dict[str, str]:
    """The figures of a replayed record for the book's prose (glued, never typed): an illegal
    record's action (``action``, ``text``), what it breaks (``words``, ``rule``) and what was
    legal (``legal``); a finished one's pot (``pot``), each portion's award (``portion0``,
    ``paid0``, ...), its odd-chip ruling (``odd-chip``) and the final stacks (``final``).

    >>> f = dispute_figures(published_text("wsop-2023-43-5-48-02-09-20"))
    >>> f["pot"], f["portion0"], f["paid0"]
    ('$4,825,000', 'high', 'p1 $2,412,500')
    """
    rp = replay(check_record_text(text))
    v = rp.violation
    if v is not None and v.index is not None:
        return {"action": str(v.index + 1), "text": rp.record.actions[v.index], "words": v.words, "rule": v.rule,
                "legal": v.continuation}
    out = {"final": ", ".join(f"p{s + 1} ${x:,}" for s, x in enumerate(rp.finishing_stacks or []))}
    award = rp.award()
    if award is not None:
        out["pot"] = f"${sum(p.amount for p in rp.pots()):,}"
        for k, line in enumerate(award.lines):
            out[f"portion{k}"] = line.portion
            out[f"paid{k}"] = ", ".join(f"p{s + 1} ${x:,}" for s, x in line.paid)
        notes = [n for line in award.lines for n in line.notes]
        out["odd-chip"] = notes[0] if notes else "no odd chip"
    return out


class DisputeDesk(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """The dispute desk (see the module docstring).

    >>> desk = DisputeDesk(); desk.paste.value = "variant = 1"; desk.load_button.click()
    >>> "Cannot read" in desk.message.value and "Traceback" not in desk.message.value
    True
    """

    def __init__(self, example: str | None = None, record: str | None = None,
                 closed: Callable[[], str | None] | None = None) -> None:
        #: Asked before every handler: a reason the desk is closed now, or None (None: always open).
        self.closed = closed
        self._putting_back = False  # a value the page sent is being put back: its observer does nothing
        self._closed_said = False  # the message is the notice that the desk is closed
        self.replay: Replay | None = None
        #: The hand being entered action by action (None: a record was pasted or uploaded).
        self.entered: HandRecord | None = None
        self.position = 0
        # a record pasted, uploaded or picked among the shipped real hands
        self.examples = widgets.Dropdown(options=[("(a real hand)", "")] + [(n, n) for n in published_names()],
                                         description="Example", style=_WIDE)
        self.paste = widgets.Textarea(placeholder='variant = "F7S/8"\nantes = [...]\n...', rows=8,
                                      layout=widgets.Layout(width="100%"))
        self.upload = widgets.FileUpload(accept=".phh,.toml,.txt", multiple=False, description="Upload .phh")
        self.load_button = controls.button("Replay this record", primary=True)
        # a hand entered action by action
        self.game = widgets.Dropdown(options=[(g.title, k) for k, g in POT_DECLARATIONS.items()], value="big-o",
                                     description="Game")
        self.kind = widgets.Dropdown(options=list(STRUCTURES), value="limit", description="Structure")
        self.ante = widgets.BoundedIntText(value=0, min=0, max=10**9, description="Ante", style=_WIDE)
        self.blind_or_bring_in = widgets.BoundedIntText(value=1, min=0, max=10**9,
                                                        description="Small blind or bring-in", style=_WIDE)
        self.big_blind = widgets.BoundedIntText(value=2, min=0, max=10**9, description="Big blind", style=_WIDE)
        self.small_bet = widgets.BoundedIntText(value=2, min=1, max=10**9,
                                                description="Small bet (minimum bet)", style=_WIDE)
        self.big_bet = widgets.BoundedIntText(value=4, min=1, max=10**9, description="Big bet", style=_WIDE)
        self.stacks = widgets.Text(value="100, 100, 100", description="Stacks, p1 first", style=_WIDE)
        self.start_button = controls.button("Start the hand")
        self.action = widgets.Text(placeholder="p1 cc, p2 cbr 8, d dh p1 ????, d db AhKd2c",
                                   description="Next action", style=_WIDE)
        self.add_button = controls.button("Add")
        self.undo_button = controls.button("Take back the last")
        # stepping through
        self.prev_button = controls.button("< Previous")
        self.next_button = controls.button("Next >")
        self.end_button = controls.button("Jump to the end")
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        self.download = widgets.HTML()

        on: list[tuple[widgets.Button, Callable[[], None]]] = [
            (self.load_button, self.load_pasted), (self.start_button, self.start_entry),
            (self.add_button, self.add_action), (self.undo_button, self.take_back),
            (self.prev_button, self.previous), (self.next_button, self.next), (self.end_button, self.end)]
        for button, act in on:
            button.on_click(self._guarded(act))
        self.upload.observe(self._loads(self.load_upload), names="value")
        self.examples.observe(self._loads(self.load_example), names="value")
        source = widgets.Tab(children=[
            widgets.VBox([self.examples, self.paste, controls.row([self.upload, self.load_button])]),
            widgets.VBox([self.game, self.kind, controls.row([self.ante, self.blind_or_bring_in, self.big_blind]),
                          controls.row([self.small_bet, self.big_bet]), self.stacks, self.start_button,
                          controls.row([self.action, self.add_button, self.undo_button])])])
        source.set_title(0, "Paste or upload a record")
        source.set_title(1, "Enter a hand")
        super().__init__([source, self.message, controls.row([self.prev_button, self.next_button, self.end_button]),
                          self.view, self.download, widgets.HTML(controls.STYLE)])  # legible tab titles
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.add_class("gl-dispute-desk")
        self.add_class("gl-readable")
        if example or record:
            self.paste.value = record or published_text(str(example))
            self.load_text(self.paste.value)

    # --- what the browser may trigger: every path is checked, and errors are one sentence -----
    def _say(self, what: str, sentence: object) -> None:
        self.message.value = error_html(what, " ".join(str(sentence).split())[:500])

    def _is_closed(self) -> bool:
        """Whether the desk is closed now (``closed``, asked in the kernel); if so, its reason is the
        message. A question that cannot be answered (the records out of reach) keeps the desk closed."""
        if self.closed is None:
            return False
        try:
            why = self.closed()
        except GameError as e:  # the records out of reach, in their own words
            why = str(e)
        except Exception:
            _log.exception("dispute desk: whether it is closed")
            why = PLAIN
        if why:
            self._say("Dispute desk closed", why)
        elif self._closed_said:  # open again: the notice goes
            self.message.value = ""
        self._closed_said = bool(why)
        return bool(why)

    def _safely(self, act: Callable[[], None]) -> Callable[..., None]:
        def run(*_: object) -> None:
            try:
                act()
            except GameError as e:
                self._say("Cannot read", e)
            except Exception:  # anything else: a plain sentence on the page, the traceback in the log
                _log.exception("dispute desk")
                self._say("Cannot do that", PLAIN)
        return run

    def _guarded(self, act: Callable[[], None]) -> Callable[..., None]:
        """A button's handler: refused while the desk is closed, its errors one sentence."""
        def run(*_: object) -> None:
            if not self._is_closed():
                self._safely(act)()
        return run

    def _loads(self, load: Callable[[object], None]) -> Callable[[Mapping[str, object]], None]:
        """An observer that loads the value the page set (an example chosen, a file uploaded);
        while the desk is closed that value is put back and nothing is loaded."""
        def run(change: Mapping[str, object]) -> None:
            if self._putting_back:
                return
            if not self._is_closed():
                self._safely(lambda: load(change["new"]))()
                return
            self._putting_back = True
            try:
                setattr(change["owner"], str(change["name"]), change["old"])
            finally:
                self._putting_back = False
        return run

    def load_text(self, text: object) -> None:
        """Replay a record given as text (checked: size, players, actions) and show its start."""
        record = check_record_text(text)
        self.entered = None
        self.show(replay(record))

    def load_pasted(self) -> None:
        """Replay the pasted record."""
        self.load_text(self.paste.value)

    def load_upload(self, value: object) -> None:
        """Replay an uploaded file (one, at most 64 KB), showing its text in the paste box."""
        if not value:
            return
        data = uploaded_bytes(value)
        record = check_record_text(data)
        self.paste.value = data.decode("utf-8")
        self.entered = None
        self.show(replay(record))

    def load_example(self, name: object) -> None:
        """Replay one of the shipped real hands."""
        if not name:
            return
        if name not in published_names():
            raise GameError(f"{shown(name)} is not one of the shipped hands")
        self.paste.value = published_text(str(name))
        self.load_pasted()

    # --- a hand entered by hand ---------------------------------------------------------------
    def _entered(self, actions: list[str]) -> HandRecord:
        key = self.game.value
        if key not in POT_DECLARATIONS or self.kind.value not in STRUCTURES:
            raise GameError("choose a game and a structure from the lists")
        game = POT_DECLARATIONS[key]
        words = str(self.stacks.value)
        if len(words) > MAX_LINE:
            raise GameError(f"the stacks are at most {MAX_LINE} characters, such as '100, 80, 120'")
        try:
            stacks = [int(x) for x in words.replace(",", " ").split()]
        except ValueError:
            raise GameError(f"the stacks are whole chips separated by commas, such as '100, 80, 120', "
                            f"not {shown(words)}") from None
        if not 2 <= len(stacks) <= MAX_PLAYERS or min(stacks) < 1 or max(stacks) > 10**12:
            raise GameError(f"give 2 to {MAX_PLAYERS} stacks of 1 chip or more, p1 (left of the button) first")
        nums = {}
        for w in (self.ante, self.blind_or_bring_in, self.big_blind, self.small_bet, self.big_bet):
            v = w.value
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10**9:
                raise GameError(f"{w.description}: a whole number of chips from 0 to 1,000,000,000, not {shown(v)}")
            nums[w] = v
        kind = StructureKind(self.kind.value)
        small = nums[self.small_bet]
        big = nums[self.big_bet] if kind in (StructureKind.LIMIT, StructureKind.SPREAD) else small
        if game.is_stud:
            structure = Structure("entered", kind, small, big, ante=nums[self.ante],
                                  bring_in=nums[self.blind_or_bring_in])
        else:
            structure = Structure("entered", kind, small, big, small_blind=nums[self.blind_or_bring_in],
                                  big_blind=nums[self.big_blind], ante=nums[self.ante])
        f = stake_fields(game, structure, len(stacks))
        extra = {k: v for k, v in f.items() if k.startswith("_")}
        return HandRecord(f["variant"], f["antes"], f.get("blinds_or_straddles"), f.get("bring_in"),
                          f.get("small_bet"), f.get("big_bet"), f.get("min_bet"), stacks, actions, extra)

    def start_entry(self) -> None:
        """Start a hand from the game, stakes and stacks entered: the first deal is made with
        cards nobody named (``??``), unless an action typed next deals them."""
        self.entered = self._dealt(self._entered([]))
        self.show(replay(self.entered, fill_unseen=True), at_end=True)

    @staticmethod
    def _dealt(record: HandRecord) -> HandRecord:
        """``record`` with the deals it leaves out written in, as cards nobody saw (``??``) where
        the hand deals them (PHH's unknown cards)."""
        rp = replay(record, fill_unseen=True)
        counts: dict[int, dict[int | None, int]] = {}
        for i, seat, n in rp.hand.filled:  # one card at a time round the table: one line per player
            counts.setdefault(i, {})[seat] = counts.get(i, {}).get(seat, 0) + n
        after = {i: [f"d dh p{seat + 1} {'??' * n}" if seat is not None else f"d db {'??' * n}"
                     for seat, n in by_seat.items()] for i, by_seat in counts.items()}
        actions = list(after.get(-1, []))
        for i, a in enumerate(record.actions):
            actions += [a] + after.get(i, [])
        return HandRecord(record.variant, record.antes, record.blinds_or_straddles, record.bring_in, record.small_bet,
                          record.big_bet, record.min_bet, record.starting_stacks, actions, dict(record.extra))

    def add_action(self) -> None:
        """Add the action typed, if the rules allow it; an illegal one is refused, naming the rule."""
        if self.entered is None:
            raise GameError("start a hand first: the game, the stakes and the stacks, then Start the hand")
        text = str(self.action.value).strip()
        if not text or len(text) > MAX_LINE:
            raise GameError(f"type one action of at most {MAX_LINE} characters, such as 'p1 cc' or 'd dh p1 ????'")
        parse_action(text)
        actions = list(self.entered.actions)
        if len(actions) >= MAX_ACTIONS:
            raise GameError(f"a hand entered here has at most {MAX_ACTIONS} actions")
        record = self._dealt(self._with(actions + [text]))
        rp = replay(record, fill_unseen=True)
        mine = next(i for i in range(len(record.actions) - 1, -1, -1) if record.actions[i] == text)
        if rp.violation is not None and rp.violation.index is not None and rp.violation.index >= mine:
            raise GameError(f"{text!r} is not added: {rp.violation}")
        self.entered = record
        self.action.value = ""
        self.show(rp, at_end=True)

    def _with(self, actions: list[str]) -> HandRecord:
        assert self.entered is not None
        r = self.entered
        return HandRecord(r.variant, r.antes, r.blinds_or_straddles, r.bring_in, r.small_bet, r.big_bet, r.min_bet,
                          r.starting_stacks, actions, dict(r.extra))

    def take_back(self) -> None:
        """Remove the last action entered (and the unseen deals written after it)."""
        if self.entered is None or not self.entered.actions:
            raise GameError("there is no action to take back")
        actions = list(self.entered.actions)
        while actions and "??" in actions[-1] and actions[-1].startswith("d "):
            actions.pop()
        if actions:
            actions.pop()
        self.entered = self._dealt(self._with(actions))
        self.show(replay(self.entered, fill_unseen=True), at_end=True)

    # --- stepping through ---------------------------------------------------------------------
    def show(self, rp: Replay, at_end: bool = False) -> None:
        """Show a replay from its first action (or its end)."""
        self.replay = rp
        self.message.value = ""
        self.position = len(rp.steps) if at_end else 0
        self._render()

    def previous(self) -> None:
        """One action back."""
        self.position = max(0, self.position - 1)
        self._render()

    def next(self) -> None:
        """One action on."""
        if self.replay is not None:
            self.position = min(len(self.replay.steps), self.position + 1)
        self._render()

    def end(self) -> None:
        """To the end: the award, or the illegal action."""
        if self.replay is not None:
            self.position = len(self.replay.steps)
        self._render()

    def _render(self) -> None:
        rp = self.replay
        if rp is None:
            self.view.value = "<p>Paste, upload or enter a hand record to replay it.</p>"
            self.download.value = ""
            return
        k = self.position
        done = [e.text for st in rp.steps[:k] for e in st.events if e.text is not None]
        history = [e.text for e in rp.opening if e.text is not None] + done
        head = f"<p><b>{html.escape(rp.game.title)}</b>, {html.escape(rp.structure.name)}</p>"
        body = f"<pre class='gl-desk-history'>{html.escape(chr(10).join(history[-30:]))}</pre>"
        if k < len(rp.steps):
            st = rp.steps[k]
            now = (f"<p class='gl-desk-now'>Action {k + 1} of {len(rp.record.actions)}: "
                   f"<code>{html.escape(st.text)}</code> on {html.escape(st.street)}. Before it: "
                   + (f"p{st.to_act + 1} is to act and may: {html.escape(st.legal)}." if st.to_act is not None
                      else "nobody is to act.") + "</p>" + _pots_html(st.pots))
        else:
            now = self._end_html(rp)
        self.view.value = head + body + now
        fixed = corrected_record(rp)
        name = "record-cut-at-the-illegal-action.phh" if rp.violation is not None else "record-as-replayed.phh"
        self.download.value = (f'<a class="gl-desk-download" download="{name}" '
                               f'href="{data_uri(fixed.dumps().encode("utf-8"), "text/plain;charset=utf-8")}">'
                               f"Download the corrected record ({name})</a>")

    @staticmethod
    def _end_html(rp: Replay) -> str:
        v = rp.violation
        if v is not None:
            i = v.index or 0
            return (f"<p class='gl-desk-illegal'>{badge('illegal', good=False)} The record stops at action {i + 1}, "
                    f"<code>{html.escape(rp.record.actions[i])}</code>: {html.escape(v.words)}"
                    f"{': <b>' + html.escape(v.rule) + '</b>' if v.rule else ''}. "
                    f"What was legal: {html.escape(v.continuation)}.</p>" + _pots_html(rp.pots()))
        if not rp.hand.is_over:
            return (f"<p class='gl-desk-unfinished'>The record ends here, the hand unfinished: "
                    f"{html.escape(continuation(rp.hand))}.</p>" + _pots_html(rp.pots()))
        if rp.hand.unshown:
            who = ", ".join(f"p{s + 1}" for s in rp.hand.unshown)
            return (f"<p class='gl-desk-showdown'>The hand goes to the showdown, but the record does not show "
                    f"{who}'s cards yet: enter what each shows (such as <code>p1 sm As2d3h4c</code>) or that he "
                    f"mucks (<code>p1 sm</code>). No pot is awarded to a hand nobody saw.</p>" + _pots_html(rp.pots()))
        lines = award_lines(rp) or [f"  every other player folded: p{s + 1} wins the pot uncontested"
                                    for s in range(rp.hand.n) if not rp.hand.folded[s]]
        stacks = rp.finishing_stacks or []
        out = (f"<p class='gl-desk-award'>{badge('hand over')} The pots as awarded (R6, R7):</p>"
               f"<pre>{html.escape(chr(10).join(lines))}</pre>"
               f"<p>Final stacks: {html.escape(', '.join(f'p{s + 1} {x:,}' for s, x in enumerate(stacks)))}</p>")
        if rp.matches_record is False:
            rec = rp.record.finishing_stacks or []
            out += (f"<p>The record's own final stacks differ ({html.escape(', '.join(f'{x:,}' for x in rec))}): "
                    f"the hand is replayed under our rulings (R32).</p>")
        return out


__all__ = ["DisputeDesk", "MAX_ACTIONS", "MAX_PLAYERS", "MAX_RECORD_BYTES", "PLAIN", "check_record_text",
           "corrected_record", "dispute_figures", "uploaded_bytes"]
