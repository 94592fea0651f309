"""Player-facing words: labels, tooltips, errors, the log.

Every action the engine can offer (``kwcore.actions.ACTIONS``) has a plain label and tooltip;
rule codes never reach the player; the log groups follow the event log in time order.
"""

from __future__ import annotations

import random
import re

import pytest

import kwcore
from kwcore.actions import ACTIONS, Action, Recruit, Reveal
from kwcore.render import describe
from kwwidgets.kraftwagen.labels import (
    action_label,
    action_tooltip,
    log_groups,
    plain,
    plain_steps,
    play_error,
    strip_rule_codes,
)

RULE_CODE = re.compile(r"seed JP|seed FR|seed FAQ|RULINGS|\bK\d+\b")
# A command's spelling: a name glued to a number or a second capital ("Move5b", "GrandPrix",
# "Body2+Move2"), a lower-case verb first ("do grandprix"), or a 0-based space.
COMMAND_SPELLING = re.compile(r"[A-Za-z][0-9]|[a-z][A-Z]|\+[A-Z]")


def test_every_action_has_a_plain_label() -> None:
    for a in ACTIONS:
        label = action_label(a)
        assert label and label[0].isupper(), str(a)
        assert not RULE_CODE.search(label), (str(a), label)
        assert not COMMAND_SPELLING.search(label), (str(a), label)
        assert label.lower() != str(a).lower() or " " not in str(a), (str(a), label)


@pytest.mark.parametrize(("text", "label"), [
    ("do grandprix", "Race: Grand Prix"),
    ("recruit Move5b", "Recruit: Move 5"),
    ("recruit Move5", "Recruit: Move 5"),
    ("pick GrandPrix+Attract", "Take tile: Grand Prix + Attract"),
    ("start Body2+Move2", "Start: Body 2 + move 2"),
    ("recruit Sell7", "Recruit: Sell a car for 7"),
    ("recruit Ford", "Recruit: Ford (investor)"),
    ("team 2 with salesman", "Racing team: add 2 workers + the salesman"),
    ("car workers 0 with salesman", "Car: the salesman"),
    ("car tech engine+2", "Car: engine +2 marker"),
    ("invest Ford in car 5", "Invest: Ford's token in car 5"),
    ("kettering car 2 price 8", "Kettering: car 2 price to 8"),
    ("buick none", "Buick: no extra buyer"),
    ("pass", "Place no car"),
])
def test_labels_read_as_plain_words(text: str, label: str) -> None:
    assert action_label(kwcore.action_from_text(text)) == label


def _twins(a: Action, b: Action) -> bool:
    """Two recruit tiles with the same effect (Move5 and Move5b): the same label is right."""
    if type(a) is not type(b) or not isinstance(a, Recruit | Reveal):
        return False
    cfg = kwcore.new_game(4, 0).cfg
    ra, rb = cfg.recruit[a.recruit], cfg.recruit[b.recruit]
    return ra.effect is not None and ra.effect == rb.effect


def test_labels_tell_different_actions_apart() -> None:
    by_label: dict[str, Action] = {}
    for a in ACTIONS:
        other = by_label.setdefault(action_label(a), a)
        assert other is a or _twins(other, a), (str(other), str(a), action_label(a))


def test_every_tooltip_says_what_the_action_does_and_its_command() -> None:
    for a in ACTIONS:
        tip = action_tooltip(a)
        assert tip.endswith(f"[{a}]"), tip
        assert not RULE_CODE.search(tip), tip
        assert len(tip) > len(str(a)) + 12, tip  # a sentence, not only the command


@pytest.mark.parametrize(("text", "plain"), [
    ("'pick Hire' is not a choice now: Green chooses a start tile (RULINGS K1)",
     "'pick Hire' is not a choice now: Green chooses a start tile"),
    ("no workers left (seed JP: Action phase A; RULINGS K8).", "no workers left."),
    ("a free action, RULINGS K5", "a free action"),
    ("ends there (seed JP: Placing a car, \"xx\") and more.", "ends there and more."),
    ("nothing to strip here.", "nothing to strip here."),
])
def test_rule_codes_are_stripped(text: str, plain: str) -> None:
    assert strip_rule_codes(text) == plain


def test_no_play_time_error_shows_a_rule_code() -> None:
    """Every illegal action in positions of a random game: the API error names the rule, the
    player's message does not."""
    rng = random.Random(5)
    s = kwcore.new_game(3, 5)
    codes = 0
    for _ in range(60):
        legal = set(s.legal_action_ids())
        for a in rng.sample(ACTIONS, 25):
            if a.id in legal:
                continue
            with pytest.raises(kwcore.IllegalActionError) as info:
                s.apply(a.id)
            codes += bool(RULE_CODE.search(str(info.value)))
            message = play_error(info.value)
            assert message and not RULE_CODE.search(message), message
        s.apply(rng.choice(sorted(legal)))
    assert codes > 0  # the API errors do cite rules: there was something to strip


def _played(players: int, seed: int) -> kwcore.State:
    rng = random.Random(seed)
    s = kwcore.new_game(players, seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_action_ids()))
    return s


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_the_log_groups_are_the_log_in_time_order_by_turn(players: int, seed: int) -> None:
    s = _played(players, seed)
    groups = log_groups(s.cfg, s.events)
    assert [line for g in groups for line in g.lines] == s.log()
    assert groups[0].heading == "Setup"
    turns = [e for e in s.events if e.kind == "turn"]
    scorings = [e for e in s.events if e.kind == "scoring"]
    assert len(groups) == 1 + len(turns) + len(scorings)
    for g in groups[1:]:
        first = g.lines[0]
        if g.heading.endswith("scoring"):
            assert first.startswith("Scoring phase of round")
        else:
            company = g.heading.split(" · ")[1].removesuffix("'s turn")
            assert first == f"{company}'s turn."
    rounds = [int(g.heading.split(" ")[1]) for g in groups[1:]]
    assert rounds == sorted(rounds) and rounds[-1] == s.cfg.rounds


def test_a_new_round_line_ends_the_scoring_group() -> None:
    s = _played(3, 4)
    groups = log_groups(s.cfg, s.events)
    scoring = next(g for g in groups if g.heading == "Round 1 · scoring")
    round_two = next(e for e in s.events if e.kind == "round" and e.values() == (2,))
    assert describe(s.cfg, round_two) in scoring.lines
    after = groups[groups.index(scoring) + 1]
    assert after.heading.startswith("Round 2 · ")


def test_a_line_of_actions_reads_as_labels_and_a_car_as_one_car() -> None:
    from solvers.kraftwagen.puzzles import puzzle_named

    p = puzzle_named("sold_twice")
    s = p.state()
    assert plain_steps(s, p.answer["actions"]) == \
        "Car: body 3, price 12, Invest: Ford's token in car 5"
    assert plain(s, "car body 3") == "Car: body 3"
    assert plain(s, "a car at price 8") == "a car at price 8"  # not an action: kept
    assert plain_steps(s, ["fly", "pass"]) == "fly, pass"  # from the first bad one on: text
    assert s == p.state()  # worded on a copy
