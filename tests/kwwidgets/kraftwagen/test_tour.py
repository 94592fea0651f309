"""The rules tour (kwwidgets.kraftwagen.tour): each section shows what its rule text says, on the
board.

The expected numbers come from the rule text (docs/rules.md, the "Example" paragraphs, the
Preparation phase, the action texts and RULINGS), not from the tour's own output.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import kwcore
from kwcore import rules
from kwcore.config import BODY, ENGINE
from kwwidgets import Step, Stepper
from kwwidgets.kraftwagen import tour
from tests.support.builders import chain_names, co, pref

NS = "{http://www.w3.org/2000/svg}"
ALL = {title: build() for title, build in tour.SECTIONS.items()}


def _states(scenes: list[Step]) -> list[kwcore.State]:
    return [s for _, s in scenes]


def _root(scene: Step) -> ET.Element:
    return ET.fromstring(scene.svg())


def _highlighted(scene: Step) -> set[str]:
    return {el.attrib["data-highlight"] for el in _root(scene).iter()
            if "kw-highlight" in el.attrib.get("class", "").split()}


# --- every section ------------------------------------------------------------------------------
@pytest.mark.parametrize("title", list(tour.SECTIONS))
def test_every_section_has_captioned_scenes_that_draw_and_survive_json(title: str) -> None:
    """A scene between decisions (scoring, with a banner) is a picture, not a position file;
    every other scene is a position that survives JSON."""
    scenes = ALL[title]
    assert len(scenes) >= 2, title
    for scene in scenes:
        caption, state = scene
        assert caption.strip(), title
        assert state._repr_svg_().startswith("<svg")
        if scene.stress.get("banner") is None:
            assert kwcore.from_json(state.to_json()) == state


#: A rule link in a caption (``rule_link``'s Markdown): its anchor on the rules page.
RULE_LINK = re.compile(r'\[rules?\]\(\.\./docs/rules\.md#(k\d+) "([^"]+)"\)')
RULES_PAGE = (Path(__file__).resolve().parents[3] / "docs" / "rules.md").read_text("utf-8")


@pytest.mark.parametrize("title", list(tour.SECTIONS))
def test_each_section_cites_its_rules_in_the_docstring_and_not_in_captions(title: str) -> None:
    """Rule codes stay in the docstrings; a caption names a rule only by a small link after
    the sentence it backs (the ids in the link's tooltip), never in its words."""
    doc = tour.SECTIONS[title].__doc__ or ""
    assert re.search(r"seed JP: \w|RULINGS K\d+", doc), title
    for caption, _ in ALL[title]:
        words = RULE_LINK.sub("", caption)
        assert not re.search(r"RULINGS|seed JP|\bK\d+\b|\]\(", words), caption
        for link in re.finditer(r"\S*\s*" + RULE_LINK.pattern, caption):
            before = link.group(0).split("[rule")[0].strip()
            assert before == "" or before[-1] in ".:)", caption  # after a sentence, not in it


def test_the_sections_that_state_a_rule_link_it_and_every_link_reaches_its_ruling() -> None:
    links = [m for scenes in ALL.values() for caption, _ in scenes
             for m in RULE_LINK.finditer(caption)]
    assert len(links) >= 40
    for anchor, ids in ((m.group(1), m.group(2)) for m in links):
        assert f'<a id="{anchor}"></a>' in RULES_PAGE, anchor
        assert ids.split(", ")[0].lower() == anchor
    linked = {title for title, scenes in ALL.items()
              if any(RULE_LINK.search(caption) for caption, _ in scenes)}
    assert linked == set(ALL), set(ALL) - linked


def test_a_stepper_draws_a_captions_rule_link_small_and_raised_after_its_sentence() -> None:
    st = Stepper(ALL["The Grand Prix"])
    st.go(2)
    shown = st.caption.value
    assert re.search(r'space 3</strong>\.\u00a0<sup class="kw-rule"[^>]*><a href="\.\./docs/'
                     r'rules\.md#k10" title="K10" target="_blank"[^>]*>rule</a></sup>',
                     shown), shown
    assert "[rule]" not in shown and "&lt;" not in shown


@pytest.mark.parametrize("title", list(tour.SECTIONS))
def test_each_step_outlines_what_its_caption_talks_about(title: str) -> None:
    """Every scene has highlights, drawn with the class kw-highlight; from one step to the
    next the outlined elements or the position change (the browser test relies on it)."""
    previous: tuple[set[str], str] | None = None
    for scene in ALL[title]:
        drawn = _highlighted(scene)
        assert scene.highlight and drawn == set(scene.highlight), scene.caption
        now = (drawn, scene.state.to_json())
        assert now != previous, scene.caption
        previous = now


def _text_box(el: ET.Element) -> tuple[float, float, float, float]:
    """A drawn text's box, estimated as the board estimates it (Helvetica: 0.55 em a letter,
    0.6 em in bold; from the baseline 0.72 em up and 0.22 em down): left, top, right, bottom."""
    size = float(el.attrib.get("font-size", 12))
    width = (0.6 if el.attrib.get("font-weight") == "bold" else 0.55) * size * len(el.text or "")
    anchor = el.attrib.get("text-anchor", "start")
    x, y = float(el.attrib["x"]), float(el.attrib["y"])
    left = x - {"middle": width / 2, "end": width}.get(anchor, 0.0)
    return left, y - 0.72 * size, left + width, y + 0.22 * size


def covered_texts(scene: Step) -> list[tuple[str, str]]:
    """(a highlight's note, a text of the board its label covers, or a shape drawn over it)
    for every such pair."""
    return notes_covering(scene.svg())


def _box(el: ET.Element) -> tuple[float, float, float, float] | None:
    a = el.attrib
    if el.tag == NS + "rect":
        return (float(a["x"]), float(a["y"]), float(a["x"]) + float(a["width"]),
                float(a["y"]) + float(a["height"]))
    if el.tag == NS + "circle":
        r = float(a["r"])
        return float(a["cx"]) - r, float(a["cy"]) - r, float(a["cx"]) + r, float(a["cy"]) + r
    return None


def notes_covering(svg: str) -> list[tuple[str, str]]:
    """(a highlight's note, a text its label covers or "shape": a rectangle or circle drawn
    after it over part of it) on a drawn board (SVG text)."""
    drawn = list(ET.fromstring(svg).iter())
    out = []
    for i, el in enumerate(drawn):
        if el.tag != NS + "rect" or "kw-highlight-note" not in el.attrib.get("class", ""):
            continue
        own = drawn[i + 1]  # the note's words follow its label
        label = _box(el)
        assert label is not None
        for j, other in enumerate(drawn):
            box = _text_box(other) if other.tag == NS + "text" and (other.text or "").strip() \
                else _box(other) if j > i + 1 else None
            if other is own or box is None:
                continue
            holds = box[0] <= label[0] and box[1] <= label[1] and box[2] >= label[2] and \
                box[3] >= label[3]  # a panel around the whole label hides nothing of it
            if min(label[2], box[2]) - max(label[0], box[0]) > 1 and \
                    min(label[3], box[3]) - max(label[1], box[1]) > 1 and not (
                    other.tag != NS + "text" and holds):
                out.append((str(own.text), str(other.text) if other.tag == NS + "text"
                            else "shape"))
    return out


def test_a_highlights_note_covers_no_label_of_the_board_at_any_step() -> None:
    """A note's white label hides what lies under it ("Action chain", the legend, a company's
    lines), and a tile drawn after it hides the note: in every step of the tour a note lies
    where no text of the board is drawn and no later shape covers it."""
    covering = {f"{title}, step {i + 1}": covered_texts(scene)
                for title, scenes in ALL.items() for i, scene in enumerate(scenes)}
    assert {k: v for k, v in covering.items() if v} == {}
    notes = sum(bool(note) for scenes in ALL.values() for scene in scenes
                for note in scene.highlight.values())
    assert notes >= 40  # the notes that fit are kept


def test_the_check_sees_a_note_over_a_label() -> None:
    s = kwcore.new_game(players=4, seed=0)
    tail = s.cfg.companies[s.start_order[-1]]  # its marker sits under the "TAIL" label
    scene = Step("the tail", s, highlight={f"marker:{tail}": "a note over the tail label"})
    assert ("a note over the tail label", "TAIL \u25b6") in covered_texts(scene)


def test_scenes_are_independent_copies() -> None:
    """Stepping through a section must not change the other scenes (each is its own copy)."""
    first, second = _states(tour.attract_buyer())[:2]
    before = second.to_json()
    first.apply("pick Attract")
    assert second.to_json() == before


def test_a_scoring_scene_says_scoring_on_the_board_not_whose_turn_it_is() -> None:
    """The board agrees with the caption: no "Green chooses an action tile" during scoring."""
    banners = [sc for title in ("Round scoring", "Sales and the investment token")
               for sc in ALL[title] if sc.stress.get("banner")]
    assert len(banners) >= 6
    for scene in banners:
        root = _root(scene)
        turn = next(el for el in root.iter() if el.attrib.get("data-turn"))
        words = "".join(turn.itertext())
        assert words.startswith("Scoring") and "chooses" not in words
        text = " ".join("".join(el.itertext()) for el in root.iter(NS + "text"))
        assert "to play" not in text and "plays" not in text


def test_the_car_being_placed_is_drawn_in_its_market_space_part_by_part() -> None:
    scenes = ALL["Placing a car"]
    building = [sc for sc in scenes if sc.state.decision().startswith("car_")]
    assert [sc.state.decision() for sc in building] == ["car_engine", "car_service",
                                                        "car_price"]
    expected = [["Body 4", "Engine ?"], ["Body 4", "Engine 4", "Service ?"],
                ["Body 4", "Engine 4", "Service 4 (1w+salesman)", "Price ?"]]
    for scene, parts in zip(building, expected, strict=True):
        root = _root(scene)
        car = next(el for el in root.iter() if el.attrib.get("data-building") == "Green")
        lines = ["".join(t.itertext()) for t in car.iter(NS + "text")]
        assert all(p in lines for p in parts), lines
        assert "slot:4" in _highlighted(scene)


# --- the worked examples of the seed -------------------------------------------------------------
def test_round_structure_prepares_round_1_and_2_with_their_price_markers() -> None:
    """seed JP: Preparation phase A, B; Game end 1: orange then purple markers, white 2 beside
    the body buyers and 1 beside the others, two face-up recruit tiles per kind, three rounds."""
    setup, round1, round2, end = _states(ALL["Round structure"])
    assert setup.decision() == "choose_start"
    assert round1.round == 1 and round1.chart == (1, 2, 3, 5, 6, 8, 9, 10)
    assert round1.whites[pref("body")] == (2,)
    assert all(round1.whites[pref(k)] == (1,) for k in ("engine", "service", "price"))
    assert all(len(row) == 2 for row in round1.face_up)
    assert round2.round == 2 and round2.chart == (2, 3, 5, 6, 8, 9, 11, 12)
    assert end.is_terminal() and end.round == 3


def test_turn_order_green_at_the_tail_plays_twice_in_a_row() -> None:
    """seed JP: Action phase, example (turn order); RULINGS K1, K2."""
    start, picked, again, second, ordered = _states(ALL["Turn order on the chain"])
    green = co(start, "Green")
    assert chain_names(start)[:2] == ["Green", "GrandPrix"]
    assert start.current_player == green
    assert picked.decision() == "team" and picked.picked == picked.cfg.tile_named("GrandPrix").index
    assert chain_names(again)[0] == "Green" and chain_names(again)[-1] == "GrandPrix"
    assert again.current_player == green and again.decision() == "choose_tile"
    assert second.current_player == green and second.decision() == "choose_action"
    assert second.picked == second.cfg.tile_named("GrandPrix+Attract").index
    assert ordered.decision() == "attract" and ordered.tile_left == (rules.GRAND_PRIX,)


def test_warm_up_start_tiles_in_reverse_turn_order() -> None:
    """seed JP: Warm-up (start tiles) 2-4."""
    first, body_track, body_move, done = _states(ALL["The warm-up: start tiles"])
    chooser = first.current_player
    assert first.start_order[-1] == done.current_player  # the tail chooses last, plays first
    c0, c1 = first.companies[chooser], body_track.companies[chooser]
    assert (c1.body_track, c1.canteen) == (2, c0.canteen + 1)
    mover = body_track.current_player
    length = body_move.cfg.circuit_length
    assert (BODY, 2) in body_move.companies[mover].workshops
    assert rules.space_of(length, body_move.companies[mover].progress) == 2
    assert done.decision() == "choose_tile" and done.start_offer == ()


def test_research_one_track_the_gap_of_2_and_the_engineer_token() -> None:
    """seed JP: Actions, Research; RULINGS K6."""
    s = _states(ALL["Research"])
    green = co(s[0], "Green")
    tracks = [(x.companies[green].body_track, x.companies[green].engine_track) for x in s]
    assert tracks == [(1, 1), (1, 1), (1, 2), (1, 3), (2, 3), (2, 2), (3, 3)]
    assert s[1].decision() == "research" and len(s[1].legal) == 2
    token_before, token_after = s[5].companies[green], s[6].companies[green]
    assert (token_before.engineer_tokens, token_after.engineer_tokens) == (1, 0)
    assert s[6].eng_supply == s[5].eng_supply  # the spent token goes to the box (Notes N1)


def test_building_takes_the_track_value_into_a_workshop_or_the_racing_car() -> None:
    """seed JP: Actions, Build body, Build engine; RULINGS K7."""
    empty, body, engine_choice, on_car, full, replaced = _states(ALL["Building bodies and "
                                                                     "engines"])
    g = co(empty, "Green")
    assert empty.companies[g].workshops == () and body.companies[g].workshops == ((BODY, 2),)
    assert engine_choice.decision() == "place" and engine_choice.pending[3] == 3
    assert on_car.companies[g].race_engine == 3
    assert on_car.companies[g].workshops == ((BODY, 2),)
    assert sorted(full.companies[g].workshops) == [(BODY, 1), (ENGINE, 1), (ENGINE, 2)]
    assert sorted(replaced.companies[g].workshops) == [(BODY, 1), (BODY, 3), (ENGINE, 2)]


def test_hire_one_worker_or_the_salesman_with_king_one_more() -> None:
    """seed JP: Actions, Hire worker; seed JP: Engineers, Riker, King; RULINGS K8."""
    start, hired, riker, choice, salesman = _states(ALL["Hire: workers and the salesman"])
    g = co(start, "Green")
    assert (start.companies[g].canteen, start.companies[g].supply) == (4, 8)
    assert (hired.companies[g].canteen, hired.companies[g].supply) == (5, 7)
    assert choice.decision() == "hire" and len(choice.legal) == 2
    after = salesman.companies[g]
    assert after.salesman == "canteen"
    assert after.canteen == riker.companies[g].canteen + 1  # King's extra worker


def test_attract_buyer_takes_the_white_2_and_fills_active_space_2() -> None:
    """seed JP: Actions, example (Attract buyer); RULINGS K9."""
    before, _, after = _states(ALL["Attracting a buyer"])
    green = co(before, "Green")
    assert before.whites[pref("body")] == (2,)
    assert before.active == (pref("engine"), -1, -1, -1)
    assert after.whites[pref("body")] == ()
    assert after.active[:2] == (pref("engine"), pref("body")) and after.active[2:] == (-1, -1)
    assert after.companies[green].reputation == before.companies[green].reputation + 2


def test_the_market_marker_falls_to_0_and_the_round_ends_after_the_turn() -> None:
    """seed JP: Action phase 1; RULINGS K3, K4."""
    full, dropped, next_round = _states(ALL["The market marker"])
    assert full.market_marker == 1 and -1 not in full.active
    assert dropped.market_marker == 0 and dropped.decision() == "market" and dropped.round == 1
    assert next_round.round == 2 and next_round.market_marker == 1


def test_grand_prix_engine_2_passes_blue_on_space_2_and_ends_on_space_3() -> None:
    """seed JP: Grand Prix 2, example (Grand Prix); RULINGS K10."""
    before, _, after = _states(ALL["The Grand Prix"])
    green, blue = co(before, "Green"), co(before, "Blue")
    length = before.cfg.circuit_length
    assert before.companies[green].race_engine == 2 and before.companies[green].progress == 0
    assert rules.space_of(length, before.companies[blue].progress) == 2
    assert rules.space_of(length, after.companies[green].progress) == 3
    assert after.companies[blue].progress == before.companies[blue].progress


def test_racing_team_two_full_spaces_add_2_and_the_first_lap_scores() -> None:
    """seed JP: Grand Prix 1-3; RULINGS K10, K23."""
    before, _, after = _states(ALL["The racing team"])
    g = co(before, "Green")
    length = before.cfg.circuit_length
    assert after.companies[g].team == 3 and after.companies[g].canteen == 1
    assert after.companies[g].progress == before.companies[g].progress + 1 + 2
    assert rules.laps_of(length, after.companies[g].progress) == 1
    first_lap = after.cfg.achievements.index(next(a for a in after.cfg.achievements
                                                  if a.name == "FirstLap"))
    assert after.achievements[first_lap] == g
    assert after.companies[g].reputation == 3


def test_recruit_gives_one_option_workers_a_move_or_a_tile() -> None:
    """seed JP: Actions, Recruit; seed JP: Engineers, Riker; RULINGS K11, K12."""
    start, two, moved, riker = _states(ALL["Recruit"])
    g, b, r = co(start, "Green"), co(start, "Blue"), co(start, "Red")
    assert two.companies[g].canteen == start.companies[g].canteen + 2
    assert moved.companies[b].progress == 3
    red = riker.companies[r]
    assert red.salesman == "canteen" and red.engineer_tokens == 1
    assert all(riker.companies[p].salesman == "box" for p in (g, b, co(start, "Orange")))


def test_engineers_bring_a_token_winton_markers_and_chevrolet_one_more_space() -> None:
    """seed JP: Engineers 1, 3, 5 (Winton, Chevrolet); RULINGS K10."""
    _, winton, chevrolet, raced = _states(ALL["Engineers"])
    g, b = co(winton, "Green"), co(winton, "Blue")
    assert winton.companies[g].tech == ("engine+1", "engine+2")
    assert winton.companies[g].engineer_tokens == 1
    assert len(chevrolet.companies[b].engineers) == 1
    assert chevrolet.companies[b].race_engine == 1 and raced.companies[b].progress == 1 + 1


def test_investors_put_a_token_on_an_own_car_and_join_the_track() -> None:
    """seed JP: Recruit tiles b1-b4; RULINGS K16."""
    _, recruited, invested = _states(ALL["Investors"])
    g = co(recruited, "Green")
    ford = recruited.cfg.recruit_named("Ford").index
    assert recruited.companies[g].investors == (ford,)
    car = invested.market[0]
    assert car is not None and car.owner == g and car.invested
    assert invested.investor_track == (ford,) and invested.companies[g].investors == ()


def test_benefits_sell_for_exactly_7_and_swap_a_buyer_for_its_white_marker() -> None:
    """seed JP: Immediate benefits; RULINGS K18, K19."""
    start, _, sold, _, swapped = _states(ALL["Immediate benefits"])
    g, b = co(start, "Green"), co(start, "Blue")
    assert sold.companies[g].reputation == start.companies[g].reputation + 7
    assert sold.market[0] is None and sold.market[1] is not None
    assert swapped.active[0] == pref("body")
    assert swapped.companies[b].reputation == start.companies[b].reputation + 2


def test_technology_one_marker_per_step_body_plus_2_and_a_kettering_swap() -> None:
    """seed JP: Placing a car 6; seed JP: Engineers, Packard, Kettering; RULINGS K5, K20."""
    s = _states(ALL["Technology markers and free actions"])
    g = co(s[0], "Green")
    assert s[1].packard[0] == 2 and "buyer+2" not in s[1].companies[g].tech
    assert s[1].tech_used and s[1].decision() == "choose_tile"
    assert s[2].decision() == "car_tech" and s[2].legal  # a new step: a marker is allowed
    car = s[3].market[0]
    assert car is not None and rules.body_value(car) == 5 and car.body == 3
    assert s[3].decision() == "after_market" and s[4].companies[g].investors
    before, after = s[5].market[0], s[6].market[0]
    assert before is not None and after is not None
    assert (before.engine, after.engine) == (2, 4)
    assert (ENGINE, 2) in s[6].companies[g].workshops


def test_an_achievement_scores_only_for_the_first_company() -> None:
    """seed JP: Achievements 2-4; RULINGS K23."""
    start, green, blue = _states(ALL["Achievements"])
    g, b = co(start, "Green"), co(start, "Blue")
    assert green.companies[g].reputation == 3
    assert (BODY, 3) in blue.companies[b].workshops and blue.companies[b].reputation == 0


def test_round_scoring_grand_prix_then_sales_as_the_engine_scores_the_round() -> None:
    """seed JP: Scoring phase A1-A4, B; RULINGS K21, K22: the steps shown on copies add up to
    what the real Buick choice does."""
    buick, race, gp, sold, next_round = _states(ALL["Round scoring"])
    names = buick.cfg.companies
    assert buick.decision() == "buick" and buick.current_player == names.index("Green")
    gains = [a - b for a, b in zip(gp.scores(), race.scores(), strict=True)]
    assert dict(zip(names, gains, strict=True)) == {"Green": 8, "Blue": 4, "Red": 2,
                                                   "Orange": 0}
    assert all(c.progress == 0 for c in gp.companies)
    assert next_round.round == 2
    assert next_round.scores() == sold.scores()


def test_sales_orange_6_green_8_on_the_lower_price_blue_10_and_the_token_returns() -> None:
    """seed JP: Scoring phase B, example (sales); RULINGS K14, K15, K16."""
    before, one, two, three, investors = _states(ALL["Sales and the investment token"])
    orange, green, blue = (co(before, n) for n in ("Orange", "Green", "Blue"))

    def gain(state: kwcore.State) -> list[int]:
        return [a - b for a, b in zip(state.scores(), before.scores(), strict=True)]

    assert gain(one)[orange] == 6 and sum(gain(one)) == 6
    assert gain(two)[green] == 8 and sum(gain(two)) == 14
    # The engine tie: Red's car has engine 4 too, at a higher price.
    assert sorted(car.engine for car in before.market if car and car.engine == 4) == [4, 4]
    green_cars = [car for car in two.market if car is not None and car.owner == green]
    assert len(green_cars) == 1 and not green_cars[0].invested  # the car stays, token gone
    assert two.inv_supply == before.inv_supply + 1
    assert gain(three)[blue] == 10 and sum(gain(three)) == 24
    # "another buyer or investor may buy it": the investor buys Green's car again.
    assert gain(investors)[green] == 16


def test_placing_a_car_body_4_engine_4_service_4_price_8_leaves_two_spaces() -> None:
    """seed JP: Placing a car, example; RULINGS K13."""
    scenes = _states(ALL["Placing a car"])
    before, after = scenes[0], scenes[-1]
    green = co(before, "Green")
    assert sum(car is not None for car in before.market) == 3
    new = [car for car in after.market if car is not None and car.owner == green]
    assert len(new) == 1
    car = new[0]
    assert (car.body, car.engine, car.price) == (4, 4, 8)
    assert car.workers == 1 and car.salesman
    assert rules.service_value(car, after.cfg.salesman_service) == 4
    assert sum(car is None for car in after.market) == 2
    assert 8 in before.chart and 8 not in after.chart


def test_two_players_two_start_tiles_3_buyer_spaces_marker_on_2_neutral_cars() -> None:
    """seed JP: Two players 2-5; RULINGS K30."""
    offer, started, _ = _states(ALL["Two players"])
    assert offer.players == 2 and len(offer.start_offer) == 2
    assert started.market_marker == 2 and len(started.active) == 3
    assert started.cfg.neutral_cars == (3, 6)
    root = _root(ALL["Two players"][2])
    assert sum(1 for el in root.iter() if el.attrib.get("data-car") == "neutral") == 2
    offered = [el.text for el in _root(ALL["Two players"][0]).iter()
               if el.attrib.get("data-start-offer")]
    assert len(offered) == 2  # the two start tiles on offer are drawn in the chain


def test_game_end_after_round_3_the_highest_reputation_wins() -> None:
    """seed JP: Game end 1-2; RULINGS K24."""
    last, end = _states(ALL["Game end"])
    assert last.round == 3 and last.chart == (3, 4, 6, 8, 10, 12, 14, 15)
    out = end.outcome()
    assert out is not None and end.round == 3
    assert all(end.scores()[w] == max(end.scores()) for w in out.winners)


# --- the stepper shows the highlights ------------------------------------------------------------
def test_stepper_shows_only_the_bands_of_the_highlights_unless_asked_for_the_whole_board() -> None:
    st = Stepper(ALL["Placing a car"])
    st.go(2)
    assert 'data-part="market"' in st.board.value and 'data-part="companies"' in st.board.value
    assert 'data-part="chain"' not in st.board.value
    st.show_whole(True)
    assert 'data-part="chain"' in st.board.value and st.whole_box.value
    st.whole_box.value = False
    assert 'data-part="chain"' not in st.board.value and not st.whole


def test_stepper_next_moves_the_highlight() -> None:
    st = Stepper(ALL["Attracting a buyer"])
    before = set(re.findall(r'data-highlight="([^"]+)"', st.board.value))
    assert st.next()
    after = set(re.findall(r'data-highlight="([^"]+)"', st.board.value))
    assert before == {"buyer:1", "stack:body"} and after == {"stacks"}
    assert st.back() and st.index == 0


def test_a_step_with_an_unknown_highlight_is_refused() -> None:
    with pytest.raises(ValueError, match="names no part"):
        Stepper([Step("caption", kwcore.new_game(2, 0), highlight={"nowhere": ""})])
