"""The widget module without a browser (unit tests of the widgets).

Buttons are pressed with ``ipywidgets.Button.click()``, which runs the same handlers a browser
click runs. The reference for every state change is kwcore itself: applying the matching action
(or the recorded moves) with the checked ``State.apply`` on a copy.
"""

from __future__ import annotations

import datetime
import html
import random
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

import kwcore
from kwcore.actions import ACTIONS
from kwcore.events import Achievement
from kwcore.render import decision_words, describe
from kwcore.state import State
from kwcore.svg import board_svg
from kwwidgets import PlayWidget, PositionEditor, Stepper
from kwwidgets.kraftwagen.labels import action_label, log_groups
from kwwidgets.kraftwagen.plots import (
    LABEL_WIDTH,
    MAX_NODES,
    decision_graph_figure,
    decision_table,
    decision_table_html,
    price_curve_figure,
)
from kwwidgets.kraftwagen.pricing import PricingLab
from kwwidgets.kraftwagen.puzzle import PuzzleWidget
from kwwidgets.kraftwagen.view import clashing_notes, recent_marks
from kwwidgets.play import LOG_GROUPS, SIDE_BY_SIDE_PX, SIDE_PANEL_PX
from solvers.kraftwagen import pricing
from solvers.kraftwagen.puzzles import load_puzzles, puzzle_named
from solvers.kraftwagen.tempo import tempo_graph
from tests.kwwidgets.kraftwagen.test_tour import notes_covering


# --- helpers --------------------------------------------------------------------------------------
def walk(widget: w.Widget) -> Iterator[w.Widget]:
    """Every widget inside ``widget``, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def with_class(view: w.Widget, css: str) -> list[w.Widget]:
    return [x for x in walk(view) if css in getattr(x, "_dom_classes", ())]


def action_controls(play: PlayWidget) -> list[tuple[int, w.Widget, w.Dropdown | None]]:
    """(action id, the button that takes it, the list to set first or None) for every action
    offered; a button's action is read from its tooltip, which ends with the action's text
    form in brackets."""
    out: list[tuple[int, w.Widget, w.Dropdown | None]] = []
    for row in play.actions.children:
        select = next((x for x in row.children if isinstance(x, w.Dropdown)), None)
        for b in (x for x in row.children if "kw-action" in x._dom_classes):
            if select is None:
                aid = kwcore.action_from_text(b.tooltip.rsplit("[", 1)[1].rstrip("]")).id
                assert b.description.startswith(action_label(ACTIONS[aid]))
                out.append((aid, b, None))
            else:
                out += [(aid, b, select) for _, aid in select.options]
    return out


def shown_log(play: PlayWidget) -> list[tuple[str, list[str]]]:
    """The log as the widget shows it: (heading, lines) per group, top to bottom."""
    text = play.log.value
    out = []
    for head, body in re.findall(r"<h5>(.*?)</h5><div>(.*?)</div>", text):
        out.append((html.unescape(head), [html.unescape(x) for x in body.split("<br>")]))
    return out


def press(button: w.Button, select: w.Dropdown | None = None, aid: int | None = None) -> None:
    if select is not None:
        select.value = aid
    button.click()


def message(widget: PlayWidget | PositionEditor | PricingLab | PuzzleWidget) -> str:
    return str(widget.message.value)


def positions() -> list[State]:
    """Positions of one random 4-company game with different decisions pending."""
    rng = random.Random(3)
    s = kwcore.new_game(4, 3)
    seen: dict[str, State] = {}
    while not s.is_terminal() and len(seen) < 12:
        seen.setdefault(s.decision(), s.clone(history=False))
        s.apply(rng.choice(s.legal_action_ids()))
    return list(seen.values())


# --- play: buttons --------------------------------------------------------------------------------
@pytest.mark.parametrize("start", positions(), ids=lambda s: s.decision())
def test_each_action_button_applies_exactly_that_action(start: State) -> None:
    probe = PlayWidget(state=start.clone(history=False), bots=None)
    controls = action_controls(probe)
    assert sorted(aid for aid, _, _ in controls) == sorted(start.legal_action_ids())
    for aid, _, _ in controls:
        play = PlayWidget(state=start.clone(history=False), bots=None)
        b, select = next((b, sel) for a, b, sel in action_controls(play) if a == aid)
        press(b, select, aid)
        expected = start.clone(history=False)
        expected.apply(aid)
        assert play.state == expected, str(ACTIONS[aid])
        assert play.moves == [aid]


def test_a_large_group_becomes_a_list_that_applies_the_chosen_action() -> None:
    start = puzzle_named("extra_mechanic").state()  # 11 action tiles to pick from
    play = PlayWidget(state=start.clone(history=False), bots=None)
    assert not with_class(play.actions, "kw-action-select")  # 11 buttons fit
    play.many = 5
    play.redraw()
    assert len(with_class(play.actions, "kw-action-select")) == 1
    controls = action_controls(play)
    assert sorted(a for a, _, _ in controls) == sorted(start.legal_action_ids())
    aid, b, select = controls[-1]
    assert select is not None
    press(b, select, aid)
    expected = start.clone(history=False)
    expected.apply(aid)
    assert play.state == expected


def test_the_board_log_and_decision_show_the_state() -> None:
    play = PlayWidget(players=3, seed=4, bots=None)
    assert play.board.value.endswith(board_svg(play.state, 0))
    assert with_class(play.view, "kw-board") == [play.board]
    aid = play.state.legal_action_ids()[0]
    play.click(aid)
    assert play.board.value.endswith(board_svg(play.state, 0))
    groups = shown_log(play)
    lines = [line for _, group in groups for line in group]
    assert lines == play.state.log()[-len(lines):]  # in time order, the newest last
    assert groups == [(g.heading, list(g.lines))
                      for g in log_groups(play.state.cfg, play.state.events)[-LOG_GROUPS:]]
    assert "kw-log" in play.log._dom_classes
    assert html.unescape(play.decision.value) == f"<b>{decision_words(play.state)}</b>"


@pytest.mark.parametrize("bad", [10_000, -1, "pick Nowhere", "fly away", True, 2.5])
def test_an_invalid_click_shows_a_message_and_changes_nothing(bad: object) -> None:
    play = PlayWidget(players=4, seed=2)
    before, moves = play.state.clone(), list(play.moves)
    assert play.click(bad) is False  # type: ignore[arg-type]
    assert play.state == before and play.moves == moves
    assert 'data-kind="error"' in message(play)


def test_an_illegal_action_names_the_rule() -> None:
    play = PlayWidget(players=4, seed=2, bots=None)
    illegal = next(a for a in ACTIONS if type(a).__name__ == "PickTile")
    assert play.state.decision() == "choose_start"
    before = play.state.clone()
    assert play.click(illegal.id) is False
    assert "not a choice now" in message(play) and play.state == before


# --- play: bots, undo, hint, new game -------------------------------------------------------------
def test_bots_move_after_the_human_until_the_human_decides_again() -> None:
    play = PlayWidget(players=4, seed=1, human=2, bots="greedy")
    assert play.state.current_player == 2  # the bots before company 2 have moved already
    opening = list(play.moves)
    start = kwcore.new_game(4, 1)
    for aid in opening:
        assert start.current_player != 2
        start.apply(aid)
    assert start == play.state
    for _ in range(3):
        before = play.state.clone(history=False)
        n = len(play.moves)
        assert play.click(play.state.legal_action_ids()[0])
        replay = before.clone(history=False)
        for i, aid in enumerate(play.moves[n:]):
            assert (replay.current_player == 2) == (i == 0)  # only the first move is ours
            replay.apply(aid)
        assert replay == play.state
        assert play.state.current_player == 2 or play.state.is_terminal()
    assert len(play.moves) > len(opening) + 3  # the bots did move
    assert "Your move" in play.status.value


def test_undo_takes_back_the_bots_replies_too() -> None:
    play = PlayWidget(players=4, seed=5, human=0, bots="greedy")
    first, opening = play.state.clone(), list(play.moves)
    play.click(play.state.legal_action_ids()[-1])
    second = play.state.clone()
    assert len(play.moves) > 1
    play.click(play.state.legal_action_ids()[0])
    with_class(play.view, "kw-undo")[0].click()
    assert play.state == second
    assert play.undo() is True
    assert play.state == first and play.moves == opening
    assert play.undo() is False and play.state == first
    assert "Nothing to undo" in message(play)


def test_hint_returns_a_legal_action_and_says_whether_it_is_proven() -> None:
    play = PlayWidget(state=puzzle_named("extra_mechanic").state(), bots=None)
    before = play.state.clone()
    aid = play.hint()
    assert aid is not None and aid in play.state.legal_action_ids()
    assert play.state == before
    hint = play.last_hint
    assert hint is not None and hint.action_id == aid
    assert action_label(ACTIONS[aid]) in html.unescape(message(play))
    if hint.proven:
        assert "Proven" in hint.text
    else:
        assert "not proven" in hint.text.lower() or "at most" in hint.text
    with_class(play.view, "kw-hint")[0].click()
    assert play.last_hint is not None and play.last_hint.action_id in play.state.legal


def test_no_hint_when_the_game_is_over() -> None:
    s = kwcore.new_game(2, 0)
    rng = random.Random(0)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_action_ids()))
    play = PlayWidget(state=s, bots=None)
    assert play.hint() is None and "not your decision" in message(play)


def test_new_game_and_its_bad_settings() -> None:
    play = PlayWidget(players=4, seed=0, human=1, bots="random")
    assert play.new_game(3, 7) is True
    fresh = kwcore.new_game(3, 7)
    for aid in play.moves:
        fresh.apply(aid)
    assert play.state == fresh and play.state.players == 3
    before = play.state.clone()
    for players, seed in ((5, 0), (3, -2), (1, 1)):
        assert play.new_game(players, seed) is False
        assert play.state == before and 'data-kind="error"' in message(play)
    play.seed_input.value = -3
    with_class(play.view, "kw-new")[0].click()
    assert play.state == before


def test_new_game_keeps_the_human_in_the_game() -> None:
    play = PlayWidget(players=4, seed=0, human=3, bots="greedy")
    before = play.state.clone()
    assert play.new_game(2, 0) is False
    assert "human" in message(play) and play.state == before


@pytest.mark.parametrize("kwargs", [
    {"players": 7}, {"human": 4}, {"human": -1}, {"bots": "smart"}, {"bots": {0: "greedy"}},
    {"bots": {9: "greedy"}}, {"bots": 3}, {"seed": -1}, {"state": "not a state"},
])
def test_bad_constructor_arguments_raise_value_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        PlayWidget(**kwargs)  # type: ignore[arg-type]


def test_a_game_can_be_played_to_the_end_with_clicks() -> None:
    play = PlayWidget(players=2, seed=9, bots="random")
    rng = random.Random(1)
    while not play.state.is_terminal():
        assert play.click(rng.choice(play.state.legal_action_ids()))
    assert play.state.outcome() is not None
    assert play.summary is not None and play.summary.game_over  # the last round's scoring
    assert play.actions.children == () and "Game over" in play.status.value
    assert play.dismiss() is True and play.summary is None
    assert play.actions.children == () and "Game over" in play.status.value
    assert play.click(0) is False and "over" in message(play)


def test_kraftwagen_named_is_the_default_game_with_its_own_words_hint_and_summary() -> None:
    # PlayWidget(game="kraftwagen") keeps Kraftwagen's extras; other games lack them.
    default = PlayWidget(players=3, seed=2, bots="greedy")
    named = PlayWidget(players=3, seed=2, bots="greedy", game="kraftwagen")
    assert named.game is kwcore.GAME and named.state == default.state
    shown = [(b.description, b.tooltip) for b in with_class(named.actions, "kw-action")]
    assert shown == [(b.description, b.tooltip) for b in with_class(default.actions, "kw-action")]
    for aid, b, _ in action_controls(named):
        assert b.description.startswith(action_label(ACTIONS[aid]))
        assert b.description != str(ACTIONS[aid])  # plain words, not the text form
    assert named.hint_button.layout.display != "none"
    assert shown_log(named) == shown_log(default) and shown_log(named)[0][0] == "Setup"


# --- play: readable words, the scoring summary, the hint highlight ------------------------------
RULE_CODE = re.compile(r"seed JP|seed FR|seed FAQ|RULINGS")


@pytest.mark.parametrize("start", positions(), ids=lambda s: s.decision())
def test_buttons_carry_plain_labels_and_tooltips(start: State) -> None:
    play = PlayWidget(state=start.clone(history=False), bots=None)
    for aid, b, select in action_controls(play):
        if select is None:
            assert b.description.startswith(action_label(ACTIONS[aid]))
            assert not RULE_CODE.search(b.tooltip), b.tooltip
        else:
            labels = dict((a, lab) for lab, a in select.options)
            assert labels[aid] == action_label(ACTIONS[aid])


def test_a_refused_click_names_no_rule_code() -> None:
    play = PlayWidget(players=4, seed=2, bots=None)
    before = play.state.clone()
    with pytest.raises(kwcore.IllegalActionError, match=RULE_CODE.pattern):
        play.state.clone().apply("pick Hire")  # the API error cites the rule...
    assert play.click("pick Hire") is False
    assert "not a choice now" in message(play) and not RULE_CODE.search(message(play))
    assert play.state == before  # ...the player's message does not, and nothing changed


def to_the_end_of_round_one(play: PlayWidget) -> int:
    """Click the first legal action until a click ends round 1; the events before that click."""
    while True:
        n = len(play.state.events)
        assert play.click(play.state.legal_action_ids()[0])
        if play.summary is not None:
            return n


def test_the_click_that_ends_a_round_pauses_on_its_scoring_summary() -> None:
    play = PlayWidget(players=3, seed=2, human=0, bots="greedy")
    n = to_the_end_of_round_one(play)
    s, summary = play.state, play.summary
    assert summary is not None and summary.round == 1 and not summary.game_over
    start = next(i for i, e in enumerate(s.events) if e.kind == "scoring")
    end = next(i for i, e in enumerate(s.events) if e.kind == "round" and e.values() == (2,))
    assert n <= end  # the round ended during this click
    window = s.events[start + 1:end]
    sales = [describe(s.cfg, e) for e in window if e.kind in ("sale", "no_sale", "unsold")]
    assert [x for x in summary.sales if not x.startswith("Buick")] == sales
    assert all(x in summary.grand_prix for x in
               [describe(s.cfg, e) for e in window if e.kind == "gp_place"])
    before = s.history[next(i for i, h in enumerate(s.history) if len(h.events) > start) - 1]
    gained = [a.reputation - b.reputation for a, b in zip(
        s.history[next(i for i, h in enumerate(s.history) if len(h.events) > end)].companies
        if any(len(h.events) > end for h in s.history) else s.companies,
        before.companies, strict=True)]
    scored_before = [sum(e.points for e in s.events[len(before.events):start]
                         if isinstance(e, Achievement) and e.company == p) for p in range(3)]
    assert [g - b for g, b in zip(gained, scored_before, strict=True)] == list(summary.gains)
    assert summary.next_step == "Round 2 begins."
    # While the summary is open the decision's buttons are hidden; Continue brings them back.
    assert play.scoring_box.layout.display == "flex" and play.actions.children == ()
    assert "Round 1 scoring" in play.scoring.value and "Grand Prix" in play.scoring.value
    assert "is scored" in play.status.value
    with_class(play.view, "kw-dismiss")[0].click()
    assert play.summary is None and play.scoring_box.layout.display == "none"
    assert play.actions.children and "Your move" in play.status.value
    assert play.dismiss() is False


def test_the_panel_sits_below_or_beside_the_board_never_pinned_over_it() -> None:
    """The board and the decision panel form one block no taller than the window (the board
    scrolls in its own box); nothing pins the panel over the board, and a wide notebook puts
    it beside the board. A summary may take more of the block while it is read."""
    play = PlayWidget(players=3, seed=2, human=0, bots="greedy")
    assert play.main.children == (play.board, play.panel) and play.main in play.view.children
    css = play.view.children[0].value
    assert "sticky" not in css and "position: fixed" not in css
    main = re.search(r"\.kw-play \.kw-main \{([^}]*)\}", css)
    assert main and "flex-direction: column" in main.group(1)
    assert re.search(r"max-height: max\(\d+px, calc\(100vh - \d+px\)\)", main.group(1))
    board = re.search(r"\.kw-main > \.kw-board \{([^}]*)\}", css)
    assert board and "overflow: auto" in board.group(1)
    wide = css.split(f"@container (min-width: {SIDE_BY_SIDE_PX}px)")[1]
    assert "flex-direction: row" in wide and f"flex: 0 0 {SIDE_PANEL_PX}px" in wide
    assert "kw-reading" not in play.panel._dom_classes
    to_the_end_of_round_one(play)
    assert "kw-reading" in play.panel._dom_classes  # the summary may take more height
    play.dismiss()
    assert "kw-reading" not in play.panel._dom_classes


def test_the_clashing_notes_are_the_ones_a_plain_check_finds_on_real_boards() -> None:
    """The play widget's clash check (each text's box worked out once) flags the same notes,
    against the same texts and shapes, as the plain check of the tests, on the boards of the
    bots' moves with every note drawn, clashing or not."""
    play = PlayWidget(players=4, seed=3, human=0, bots="greedy")
    flagged = 0
    for _ in range(30):
        if play.state.is_terminal():
            break
        play.dismiss()
        before = play.state.clone()
        assert play.click(play.state.legal_action_ids()[0])
        marks = recent_marks(play.state, play.state.events[len(before.events):])
        try:
            svg = board_svg(play.state, highlight=marks)
        except ValueError:  # a mark that left the board: the widget draws no outline then
            continue
        found = [(note, "shape" if what.startswith("a shape at") else what)
                 for note, what in clashing_notes(svg)]
        assert found == notes_covering(svg)
        flagged += len(found)
    assert flagged  # the boards had clashes to find


def test_the_notes_on_what_the_others_did_cover_no_label_of_the_board() -> None:
    """After each click the board outlines the bots' moves ("Red took" on a tile); a note whose
    label would hide a text of the board ("Action chain", "HEAD") is left out, the outline
    kept."""
    play = PlayWidget(players=4, seed=0, human=0, bots="greedy")
    notes = outlines = 0
    for _ in range(30):
        if play.state.is_terminal():
            break
        play.dismiss()
        assert play.click(play.state.legal_action_ids()[0])
        svg = play.board.value[play.board.value.index("<svg"):]
        assert notes_covering(svg) == [], notes_covering(svg)
        notes += svg.count("kw-highlight-note")
        outlines += svg.count('class="kw-highlight"')
    assert notes > 0 and outlines > notes  # some notes fit and are kept, some were left out


def test_undo_closes_the_summary_and_the_next_click_replaces_it() -> None:
    play = PlayWidget(players=2, seed=3, human=0, bots="greedy")
    to_the_end_of_round_one(play)
    assert play.undo() and play.summary is None
    assert play.scoring_box.layout.display == "none"
    to_the_end_of_round_one(play)
    assert play.click(play.state.legal_action_ids()[0])  # a click dismisses it: play goes on
    assert play.summary is None or play.summary.round == 2


def test_a_hint_highlights_the_suggested_button_and_says_why() -> None:
    play = PlayWidget(state=puzzle_named("extra_mechanic").state(), bots=None)
    aid = play.hint()
    assert aid is not None and play.last_hint is not None
    marked = with_class(play.actions, "kw-suggested")
    assert len(marked) == 1
    b = marked[0]
    assert b.tooltip.endswith(f"[{ACTIONS[aid]}]")
    text = html.unescape(message(play))
    assert action_label(ACTIONS[aid]) in text and "reputation" in text
    assert not RULE_CODE.search(text)
    assert play.click(aid)
    assert not with_class(play.actions, "kw-suggested")  # the hint was for the last decision


# --- position editor ------------------------------------------------------------------------------
def test_editor_round_trips_json() -> None:
    state = kwcore.new_game(3, 11)
    for aid in state.legal_action_ids()[:1]:
        state.apply(aid)
    ed = PositionEditor()
    ed.text.value = state.to_json()
    with_class(ed.view, "kw-load")[0].click()
    assert ed.state == state
    assert kwcore.from_json(ed.to_json()) == state
    assert ed.text.value == ed.to_json()
    assert ed.board.value.endswith(board_svg(state))


@pytest.mark.parametrize("bad", ["", "{", "[]", '{"format": "chess"}', "null"])
def test_editor_rejects_bad_json_and_keeps_the_position(bad: str) -> None:
    ed = PositionEditor()
    before = ed.state.clone()
    with pytest.raises(kwcore.PositionError) as info:
        kwcore.from_json(bad)
    assert ed.load_json(bad) is False
    assert ed.state == before
    assert info.value.field in message(ed) and 'data-kind="error"' in message(ed)


def test_editor_rejects_an_inconsistent_position_naming_the_field() -> None:
    import json

    data = json.loads(kwcore.new_game(4, 0).to_json())
    data["round"] = 99
    ed = PositionEditor()
    before = ed.state.clone()
    assert ed.load_json(json.dumps(data)) is False
    assert "round" in message(ed) and ed.state == before


EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def test_editor_loads_puzzles_saves_and_uploads(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    ed = PositionEditor()
    ed.puzzles.value = "sold_twice"
    assert ed.state == puzzle_named("sold_twice").state()
    assert ed.load_puzzle("no_such_puzzle") is False and "no puzzle named" in message(ed)
    assert ed.state == puzzle_named("sold_twice").state()
    assert ed.save(folder / "p.json") is True
    assert kwcore.from_json((folder / "p.json").read_text()) == ed.state
    assert ed.save(folder / "missing" / "p.json") is False and "Not saved" in message(ed)
    other = kwcore.new_game(2, 1)
    ed.upload.value = ({"name": "x.json", "type": "application/json", "size": 1,
                        "content": memoryview(other.to_json().encode()), "last_modified": EPOCH},)
    assert ed.state == other and ed.upload.value == ()  # ready for the next file
    kept = ed.state.clone()
    ed.upload.value = ({"name": "y.json", "type": "application/json", "size": 1,
                        "content": memoryview(b"\xff\xfe"), "last_modified": EPOCH},)
    assert ed.state == kept and "UTF-8" in message(ed)


# --- stepper --------------------------------------------------------------------------------------
def test_stepper_steps_forward_and_back() -> None:
    a = kwcore.new_game(4, 0)
    b = a.clone()
    b.apply(b.legal_action_ids()[0])
    scenes = [("**First** step", a), ("Second step", b), ("Third", kwcore.new_game(2, 1))]
    st = Stepper(scenes)
    nxt, back = with_class(st.view, "kw-next")[0], with_class(st.view, "kw-back")[0]
    assert st.index == 0 and "<strong>First</strong>" in st.caption.value
    assert back.disabled and not nxt.disabled and st.back() is False
    nxt.click()
    assert st.index == 1 and board_svg(b) in st.board.value and st.state is b
    nxt.click()
    assert st.index == 2 and nxt.disabled and st.next() is False
    back.click()
    assert st.index == 1 and "Second step" in st.caption.value
    assert "2 of 3" in st.position.value


@pytest.mark.parametrize("scenes", [[], [("caption only",)], [(1, kwcore.new_game(2, 0))],
                                    [("text", "not a state")]])
def test_stepper_rejects_bad_scenes(scenes: list[object]) -> None:
    with pytest.raises(ValueError):
        Stepper(scenes)  # type: ignore[arg-type]


# --- puzzles --------------------------------------------------------------------------------------
def test_puzzle_line_scored_against_the_stored_proven_answer() -> None:
    p = puzzle_named("extra_mechanic")
    answer = p.answer
    pz = PuzzleWidget("extra_mechanic")
    assert p.question[:30] in pz.text.value
    for step in answer["principal_variation"]:
        if step["company"] == "Green" and pz.play.state.current_player == 0:
            assert pz.play.click(step["action"]), message(pz.play)
    check = pz.check()
    assert check.proven and check.optimum == answer["value"]
    assert check.user_value == answer["value"]  # the stored proven line reaches the optimum
    assert check.first == answer["best"]
    table = {row[0]: row[1] for row in check.rows}
    assert table == {a["action"]: a["value"] for a in answer["alternatives"]}
    assert "(your choice)" in pz.result.value


def test_puzzle_worse_line_falls_short() -> None:
    p = puzzle_named("extra_mechanic")
    pz = PuzzleWidget("extra_mechanic")
    worst = p.answer["alternatives"][-1]
    assert pz.play.click(worst["action"])
    rng = random.Random(0)
    check = pz.check()
    while check.user_value is None:
        assert pz.play.click(rng.choice(pz.play.state.legal_action_ids()))
        check = pz.check()
    assert check.user_value <= worst["value"] < check.optimum
    assert "short of the best" in check.text


def test_pricing_puzzle_checks_the_users_car() -> None:
    p = puzzle_named("sold_twice")
    pz = PuzzleWidget("sold_twice")
    assert pz.check().user_value is None  # nothing tried yet
    for text in p.answer["actions"]:
        assert pz.play.click(text), message(pz.play)
    check = pz.check()
    assert check.optimum == p.answer["value"] and check.user_value == p.answer["value"]
    price = p.answer["car"]["price"]
    assert check.first == f"a car at price {price}"
    assert max(v for _, v, _ in check.rows) == p.answer["value"]
    pz.play.undo()
    pz.play.undo()
    assert pz.play.click("car price 6")  # a cheaper car, and with the token: the curve at 6
    assert pz.play.click("invest Ford in car 5")
    assert pz.check().user_value == pz.curve[6] < p.answer["value"]


def test_unknown_puzzle_raises() -> None:
    with pytest.raises(ValueError, match="no puzzle named"):
        PuzzleWidget("nope")


def test_the_puzzle_log_heads_its_turns_with_the_puzzles_own_round() -> None:
    pz = PuzzleWidget("two_moves")
    assert pz.start.round == 3
    assert pz.play.click(pz.play.state.legal_action_ids()[0]), message(pz.play)
    headings = re.findall(r"<h5>([^<]*)</h5>", pz.play.log.value)
    assert headings and all(h.startswith("Round 3") for h in headings if h != "Setup")


def test_the_puzzle_solution_draws_its_table_and_the_answer_edge_behind_the_button() -> None:
    from kwwidgets.kraftwagen.puzzle import answer
    from kwwidgets.solutions import show

    puzzle = puzzle_named("two_moves")
    solution = answer(puzzle)
    best = solution.values["solution"].best.removeprefix("pick ")
    best = next(t.title for t in puzzle.state().cfg.tiles if t.name == best)  # as on the board
    shown = solution.html()
    assert "<table>" in shown and "|---" not in shown  # a drawn table, not raw pipes
    assert solution.figure is not None
    assert f"the answer, {best}" in solution.figure.axes[0].title.get_text()
    green = [ln for ln in solution.figure.axes[0].lines if ln.get_color() == "tab:green"]
    assert len(green) == 1
    box = show(solution)
    assert box.body.value == ""  # nothing of it before the button
    box.reveal()
    assert "<svg" in box.body.value and "<table>" in box.body.value


def test_the_decision_graph_before_the_answer_draws_every_edge_alike() -> None:
    state = puzzle_named("two_moves").state()
    plain = decision_graph_figure(state, 1, again=False)
    assert {ln.get_linewidth() for ln in plain.axes[0].lines} == {0.7}
    assert "thick" not in plain.axes[0].title.get_text()
    marked = decision_graph_figure(state, 1)
    assert max(ln.get_linewidth() for ln in marked.axes[0].lines) > 2  # the default keeps it


# --- plots and the pricing lab --------------------------------------------------------------------
def label_boxes(fig: Figure) -> list[tuple[str, Bbox]]:
    """Every text of the figure's axes with its drawn extent (pixels)."""
    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    return [(x.get_text(), x.get_window_extent(renderer)) for x in fig.axes[0].texts
            if len(x.get_text()) > 1]


def test_decision_graph_figure_draws_every_pick_with_labels_that_do_not_overlap() -> None:
    state = puzzle_named("extra_mechanic").state()
    fig = decision_graph_figure(state, 1)
    g = tempo_graph(state, 1)
    boxes = label_boxes(fig)
    labels = {text for text, _ in boxes}
    title = {tile.name: tile.title for tile in state.cfg.tiles}  # as the board names them
    picks = {f"{title[d['tile']]} \u2192 {d['next']}" for _, _, d in g.edges(data=True)}
    assert picks <= labels and len(picks) == len(state.cfg.tiles)
    assert not any("GrandPrix" in text for text in labels)  # the board's words, not the core's
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            assert not box.overlaps(other), (a, b)
    # Every edge leaves a node from after the end of the node's label.
    to_data = fig.axes[0].transData.inverted()
    for text, box in boxes:
        if "\u2192" in text:
            (right, _), = to_data.transform([(box.x1, 0)])
            node = round(right - 0.5)  # the column the label belongs to
            assert right < node + LABEL_WIDTH, (text, right)
    for depth in (0, 9, True):
        with pytest.raises(ValueError):
            decision_graph_figure(state, depth)


def test_a_deep_decision_graph_is_capped_and_says_how_much_is_left_out() -> None:
    state = puzzle_named("extra_mechanic").state()
    g = tempo_graph(state, 2)
    second = sum(1 for _, d in g.nodes(data=True) if d["depth"] == 2)
    assert second > MAX_NODES
    boxes = label_boxes(decision_graph_figure(state, 2))
    assert sum(1 for text, _ in boxes if "\u2192" in text) == len(state.cfg.tiles) + MAX_NODES
    assert f"... and {second - MAX_NODES} more chains" in {text for text, _ in boxes}
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            assert not box.overlaps(other), (a, b)


def test_the_decision_table_follows_the_chain_two_picks_ahead() -> None:
    state = puzzle_named("two_moves").state()
    g = tempo_graph(state, 2)
    root = next(n for n, d in g.nodes(data=True) if d["depth"] == 0)
    rows = decision_table(state)
    title = {tile.name: tile.title for tile in state.cfg.tiles}  # the names the board shows
    assert [r[0] for r in rows] == [title[d["tile"]] for _, _, d in g.out_edges(root, data=True)]
    for (tile, actions, nxt, again), (_, child, d) in zip(rows, g.out_edges(root, data=True),
                                                          strict=True):
        assert (tile, actions, nxt) == (title[d["tile"]], d["actions"], d["next"])
        assert set(again) == {title[e["tile"]] for _, _, e in g.out_edges(child, data=True)
                              if e["next"] == nxt}
    shown = decision_table_html(state)
    assert "<table" in shown and "Grand Prix + Attract" in shown
    assert not re.search(r"GrandPrix|\w\+\w", shown)  # no name of the rules core's


def test_price_curve_figure_plots_the_given_curve() -> None:
    state = puzzle_named("sold_twice").state()
    curve = {6: 12, 8: 16, 11: 22, 12: 24}
    ax = price_curve_figure(state, curve).axes[0]
    assert [b.get_height() for b in ax.containers[0]] == [12, 16, 22, 24]


def test_pricing_lab_what_if_controls() -> None:
    state = puzzle_named("undercut").state()
    lab = PricingLab(state)
    plan = lab.solve()
    assert plan is not None and plan.proven
    assert plan.value == pricing.solve(state).value == puzzle_named("undercut").answer["value"]
    assert lab.curve and plan.value >= max(lab.curve.values())
    best = plan.car.price if plan.car else None
    assert best is not None and lab.curve[best] == plan.value
    lab.price_boxes[best].value = False  # that price marker is gone: the next best price
    again = lab.solve()
    assert again is not None and best not in lab.curve
    assert again.value == max([*lab.curve.values(), 0]) <= plan.value
    assert "<svg" in lab.plot.value
    for box in lab.buyer_boxes.values():
        box.value = False
    s = lab.what_if()
    assert all(b < 0 for b in s.active)
    assert sum(s.stacks) == sum(state.stacks) + sum(1 for b in state.active if b >= 0)
    assert lab.what_if(investments=False).companies[0].investors == ()


def test_pricing_lab_needs_a_market_step() -> None:
    with pytest.raises(pricing.PricingError):
        PricingLab(kwcore.new_game(4, 0))


def test_the_puzzle_picker_switches_puzzles_and_the_answer_stays_hidden() -> None:
    pz = PuzzleWidget("two_moves")
    picker = with_class(pz.view, "kw-puzzle-picker")[0]
    assert isinstance(picker, w.Dropdown)
    assert [v for _, v in picker.options] == [p.name for p in load_puzzles()]
    answer = puzzle_named("two_moves").answer
    shown = " ".join(str(getattr(x, "value", "")) for x in walk(pz.view)
                     if isinstance(x, w.HTML))
    assert answer["best"] not in shown and pz.result.value == ""  # nothing given away
    picker.value = "sold_twice"
    assert pz.puzzle.name == "sold_twice" and pz.play.state == puzzle_named("sold_twice").state()
    assert pz.play.view in pz.view.children and pz.result.value == ""
    assert pz.check().optimum == puzzle_named("sold_twice").answer["value"]
    assert pz.result.value
    assert pz.load("no_such_puzzle") is False and "no puzzle named" in message(pz)
    assert pz.puzzle.name == "sold_twice" and picker.value == "sold_twice"
    assert pz.load("two_moves") and picker.value == "two_moves" and pz.result.value == ""


def test_the_notebook_answer_is_solved_at_once_and_shown_only_when_asked() -> None:
    from kwwidgets.kraftwagen.puzzle import answer
    from kwwidgets.solutions import show

    p = puzzle_named("two_moves")
    box = show(answer(p))
    assert box.body.value == ""
    box.reveal()
    text = html.unescape(box.body.value)
    assert p.answer["best"] in text and "proven optimal" in text
    assert all(a["action"] in text for a in p.answer["alternatives"])


def test_a_pricing_result_greys_out_on_a_change_and_the_board_shows_the_what_if() -> None:
    state = puzzle_named("undercut").state()
    lab = PricingLab(state)
    assert lab.board.value.endswith(board_svg(lab.what_if()))
    lab.price_boxes[min(lab.price_boxes)].value = False  # before any result: nothing to grey
    assert not lab.stale and "kw-stale" not in lab.results._dom_classes
    assert lab.board.value.endswith(board_svg(lab.what_if()))
    assert lab.board.value != PricingLab(state).board.value  # the marker is off the board
    with_class(lab.view, "kw-solve")[0].click()
    assert lab.plan is not None and not lab.stale
    first_sp = min(lab.buyer_boxes)
    lab.buyer_boxes[first_sp].value = False
    assert lab.stale and "kw-stale" in lab.results._dom_classes
    assert "press Solve" in message(lab)
    assert lab.board.value.endswith(board_svg(lab.what_if()))
    assert lab.what_if().active[first_sp] < 0
    lab.solve()
    assert not lab.stale and "kw-stale" not in lab.results._dom_classes


def _watch(widget: w.HTML) -> list[str]:
    """Every value ``widget`` is given from now on, in order."""
    seen: list[str] = []
    widget.observe(lambda change: seen.append(change["new"]), "value")
    return seen


def _click_first(play: PlayWidget) -> None:
    if play.summary is not None:
        play.dismiss()
    play.click(play.state.legal_action_ids()[0])


def test_fast_bots_reply_with_no_thinking_line_and_the_board_is_drawn_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kwwidgets.play.SHOW_THINKING_AFTER", 5.0)
    play = PlayWidget(players=4, seed=0, human=0, bots="greedy")
    statuses = _watch(play.status)
    _click_first(play)  # no bot has been timed yet: each is shown thinking once
    assert sum("thinking" in s for s in statuses) == 3
    replied = 0
    for _ in range(6):
        if play.summary is not None:
            play.dismiss()  # a redraw of its own, before the click
        boards, statuses = _watch(play.board), _watch(play.status)
        moves = len(play.moves)
        _click_first(play)
        replied += len(play.moves) - moves - 1
        # one redraw, after the bots' replies: the human's move and theirs drawn together
        assert boards == [play.board.value]
        assert not any("thinking" in s for s in statuses)
    assert replied, "the bots replied to some click"


def test_a_slow_bot_is_shown_thinking_after_the_humans_move_is_drawn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kwwidgets.play.SHOW_THINKING_AFTER", 0.0)
    seen: list[tuple[str, str]] = []

    class Slow(kwcore.bots.GreedyBot):
        name = "slow"

        def choose(self, state: State) -> int:
            seen.append((play.board.value, play.status.value))
            return super().choose(state)

    play = PlayWidget(players=3, seed=0, human=0, bots={1: Slow(0), 2: "greedy"})
    checked = 0
    for _ in range(3):
        seen.clear()
        if play.summary is not None:
            play.dismiss()
        before = play.board.value
        _click_first(play)
        if not seen:
            continue  # the human moves again before seat 1
        board, status = seen[0]
        assert board != before, "the human's move is on the board while the bot thinks"
        assert "thinking" in status and "slow bot" in status
        checked += 1
    assert checked, "seat 1 never moved"
