"""Formel 1 as a whole game: prizes and several races (F1-30 .. F1-33, RF8), the money and the
winner, positions (F1 position format), observation, replay, boards, bots, seeded random games
and a golden playthrough."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any

import pytest

import formel1
import gamecore
from formel1 import rules
from formel1.config import OFF, config_for
from formel1.render import detail_log
from formel1.serialize import replay_from_json, replay_to_json
from formel1.svg import board_svg
from tests.formel1.test_positions import options, race
from tests.formel1.test_race import brute_force


def _play(s: formel1.State, seed: int, until: Any = None) -> formel1.State:
    rng = random.Random(seed)
    while not s.is_terminal() and not (until and until(s)):
        s.apply(rng.choice(s.legal_action_ids()))
    return s


def test_the_game_is_registered_as_formel1_on_import() -> None:
    game = gamecore.get("formel1")
    assert game is formel1.GAME and game.player_counts == range(2, 7)
    assert game.num_actions == formel1.NUM_ACTIONS
    assert str(formel1.parse_action(formel1.new_game(), "bid 30")) == "bid 30"


def test_prizes_go_to_the_owners_in_crossing_order() -> None:
    s = race({"Black": "61a", "Yellow": "3a"}, [["Black 5"], ["Green 10"]],
             owner=(0, 1, 0, 0, 1, 1))
    # Blue, Orange, Red, Green finished before (in colour order), then Black; Yellow did not
    assert [s.cfg.colours[c] for c in s.finished] == ["Blue", "Orange", "Red", "Green", "Black"]
    assert s.money == (200 + 200 + 150 + 30, 200 + 100 + 60)


def test_the_next_race_is_dealt_by_the_player_left_of_the_dealer() -> None:
    s = formel1.new_game(3, 5, races=2)
    dealer = s.dealer
    _play(s, 1, until=lambda st: st.race == 1)
    assert s.dealer == (dealer + 1) % 3 and s.phase == rules.AUCTION
    assert s.revealed and s.owner.count(OFF) >= 5  # the car cards are shuffled anew
    assert [len(h) for h in s.hands] == [16] * 3  # the cards are dealt anew
    assert f"Race 2: Player {s.dealer} deals." in detail_log(s)


def test_the_game_ends_after_its_races_and_most_money_wins() -> None:
    s = _play(formel1.new_game(4, 9, races=2), 3)
    outcome = s.outcome()
    assert outcome is not None and s.race == 2 and s.scores() == list(s.money)
    best = max(s.money)
    assert outcome.winners == tuple(p for p, m in enumerate(s.money) if m == best)
    s.money = (300, 300, 100, 0)
    shared = s.outcome()
    assert shared is not None and shared.winners == (0, 1) and shared.reason == "shared win"


def test_new_game_refuses_bad_settings_and_unbuilt_variants() -> None:
    for kwargs, match in (({"players": 7}, "players"), ({"races": 0}, "races"),
                          ({"track": "monaco"}, "track"), ({"variants": ("nocar",)}, "variant")):
        with pytest.raises(ValueError, match=match):
            formel1.new_game(**kwargs)  # type: ignore[arg-type]


# --- positions ---------------------------------------------------------------------------------
def _auction_position() -> dict[str, Any]:
    s = formel1.new_game(3, 4)
    return dict(json.loads(s.to_json()))


def _race_position() -> dict[str, Any]:
    s = _play(formel1.new_game(3, 4), 2, until=lambda st: st.phase == rules.RACE
              and st.card != OFF)
    return dict(json.loads(s.to_json()))


@pytest.mark.parametrize(("make", "field", "value", "match"), [
    (_auction_position, "game", "kraftwagen", "game: a formel1 file was expected"),
    (_auction_position, "extra", 1, "'extra' is not a field here"),
    (_auction_position, "money", [200, 200], "money: one entry per player"),
    (_auction_position, "phase", "lunch", "phase: 'lunch' is not one of"),
    (_auction_position, "turn", 2.5, "turn: .* is not of type 'integer'"),
    (_auction_position, "offer", None, "owner/5: a revealed car neither on offer nor passed"),
    (_auction_position, "high_bid", 50, "high_bid: a standing bid has a bidder"),
    (_auction_position, "dealer", None, "dealer"),
    (_auction_position, "starter", "White 10", "starter"),
    (_auction_position, "race", 3, "race"),
    (_race_position, "cars", ["10a", "10a", "3a", "3b", "3c", "4a"], "cars: two cars on one cell"),
    (_race_position, "cars", ["70a", None, None, None, None, None], "cars/0: 70a is not a cell"),
    (_race_position, "pending", None, "pending: a card in play waits"),
    (_race_position, "finished", ["Black"], "finished"),
    (_race_position, "card", "Switch Red-Green", "pending|card|step"),
])
def test_a_malformed_position_is_refused_naming_the_field(make: Any, field: str, value: Any,
                                                          match: str) -> None:
    data = make()
    data[field] = value
    with pytest.raises(gamecore.PositionError, match=match):
        formel1.from_json(json.dumps(data))


def test_a_hand_with_too_many_copies_of_a_card_is_refused() -> None:
    data = _auction_position()
    data["hands"][0] = sorted(["Black 10", "Black 10", *data["hands"][0][2:]],
                              key=[k.name for k in config_for(2).kinds].index)
    with pytest.raises(gamecore.PositionError, match="hands: more copies"):
        formel1.from_json(json.dumps(data))


def test_a_seeded_position_waiting_for_chance_is_refused() -> None:
    s = formel1.new_game(2, None, explicit_chance=True)
    data = json.loads(s.to_json())
    data["seed"] = 5
    with pytest.raises(gamecore.PositionError, match="seed: a seeded game never waits"):
        formel1.from_json(json.dumps(data))


def test_positions_round_trip_through_gamecores_loader() -> None:
    s = _play(formel1.new_game(5, 8, races=1), 8, until=lambda st: len(st.finished) >= 2)
    text = s.to_json()
    again = gamecore.load_position(text)
    assert again == s and again.to_json() == text and again.legal == s.legal


# --- hidden information ------------------------------------------------------------------------
def test_the_observation_hides_other_hands_removed_cards_the_starter_and_the_seed() -> None:
    s = formel1.new_game(5, 2)  # 5 players: a Starter and 2 removed cards (F1-05)
    view = s.observation(1)
    assert view["seed"] is None and view["draws"] is None and view["observer"] == 1
    assert view["hands"][1] == json.loads(s.to_json())["hands"][1]
    assert all(card is None for p in (0, 2, 3, 4) for card in view["hands"][p])
    assert [len(h) for h in view["hands"]] == [9] * 5
    assert view["removed"] == [None, None] and view["starter"] is None
    _play(s, 1, until=lambda st: st.phase == rules.RACE)
    assert s.observation(0)["starter"] == s.cfg.kinds[s.starter].name  # turned up (F1-18)


def test_the_log_names_no_hidden_card() -> None:
    s = _play(formel1.new_game(5, 2, races=1), 4, until=lambda st: st.phase == rules.RACE)
    deal_lines = [line for line in s.log() if "dealt" in line or "removed" in line]
    assert deal_lines and all("White" not in line and "10" not in line for line in deal_lines)


# --- replay, boards, bots ---------------------------------------------------------------------
def test_a_replay_file_replays_and_a_bad_one_names_the_action() -> None:
    s = formel1.new_game(3, 9, races=1)
    rng = random.Random(2)
    actions = []
    for _ in range(40):
        action = rng.choice(s.legal_actions())
        actions.append(str(action))
        s.apply(action)
    again = replay_from_json(replay_to_json(s, actions))
    assert again == s
    with pytest.raises(gamecore.PositionError, match="actions: cannot parse action 'fly'"):
        replay_from_json(replay_to_json(s, ["fly"]))


def test_the_text_board_counts_hands_and_says_the_data_is_synthetic() -> None:
    s = formel1.new_game(4, 3)
    text = str(s)
    assert "synthetic cards and track" in text and "Player 0 12 cards" in text
    assert "bids on" in text and "White 5" not in text


def test_the_svg_board_shows_the_viewers_hand_face_up_only() -> None:
    s = formel1.new_game(4, 3)
    table = s._repr_svg_()
    mine = board_svg(s, 2)  # the engine's board as Player 2 sees it (GAME.board adds a close-up)
    assert table.startswith("<svg") and table.rstrip().endswith("</svg>")
    assert "synthetic" in table and "12 cards" in table
    card = s.cfg.kinds[s.hands[2][0]].name
    assert card in mine and mine.count("12 cards") == 3


def test_a_long_hand_wraps_inside_the_svg_board_and_the_board_is_as_tall_as_its_lines() -> None:
    import re

    from formel1.svg import CHAR_PX

    s = formel1.new_game(6, 3)  # 6 players: the most lines; the viewer holds a full hand
    cfg = s.cfg
    svg = board_svg(s, 0)
    width, height = (float(v) for v in re.search(r'viewBox="0 0 (\S+) (\S+)"', svg).groups())
    texts = re.findall(r'<text x="(\d+)" y="(\d+)"( text-anchor="end")?[^>]*>([^<]*)</text>', svg)
    lines = [(int(x), int(y), body) for x, y, end, body in texts if not end]
    assert all(x + len(body) * CHAR_PX <= width for x, _, body in lines)
    hand = [body for _, _, body in lines if body.startswith("Player 0")][0]
    assert len(hand) < len("; ".join(cfg.kinds[k].name for k in s.hands[0]))  # wrapped
    for k in s.hands[0]:  # every card is still shown (its name may be on a wrapped line)
        assert cfg.kinds[k].name in " ".join(body for _, _, body in lines)
    bottom = max(y for _, y, _ in lines)
    assert bottom < height <= bottom + 16


def test_the_svg_board_shows_every_prize_and_the_cars_placed_so_far() -> None:
    s = race({"Black": "61b", "Yellow": "40a"}, [["Black 5", "Red 10", "Green 10"],
                                                 ["Red 10", "Green 10"]])
    chart = "Prize chart: 1. $200K Blue, 2. $150K Orange, 3. $100K Red, 4. $60K Green, "
    assert chart + "5. $30K -, 6. $10K -" in s._repr_svg_()
    s.apply("play Black 5")  # Black crosses the line fifth
    assert chart + "5. $30K Black, 6. $10K -" in s._repr_svg_()


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_the_bots_play_whole_games(name: str) -> None:
    bot = formel1.GAME.make_bot(name, 1)
    s = formel1.new_game(4, 2, races=1)
    while not s.is_terminal():
        s.apply(bot.choose(s))
    assert s.outcome() is not None


def test_the_greedy_bot_bids_within_a_cars_value_and_passes_beyond() -> None:
    from formel1.bots import GreedyBot, car_value

    s = formel1.new_game(3, 6)
    bot = GreedyBot(0)
    value = car_value(s, s.turn, s.offer)
    assert str(formel1.ACTIONS[bot.choose(s)]) == "bid 10"
    s.high_bid, s.high_bidder = value // 10 * 10, (s.turn + 1) % 3  # the next bid is above value
    s.legal = rules.legal_ids(s)
    assert str(formel1.ACTIONS[bot.choose(s)]) == "pass"


# --- many games --------------------------------------------------------------------------------
def test_200_seeded_random_races_keep_every_invariant() -> None:
    for seed in range(200):
        players = 2 + seed % 5
        s = formel1.new_game(players, seed, races=1)
        cfg = s.cfg
        rng = random.Random(seed)
        paid = 0
        while not s.is_terminal():
            if s.phase == rules.RACE and s.card == OFF and not paid:
                paid = players * cfg.starting_money - sum(s.money)
                assert min(Counter(s.owner)[p] for p in range(players)) >= 1  # F1-11
            if s.pending and s.pending[0] == rules.MOVE:
                car, n = s.pending[1], s.pending[2]
                blocked = rules.occupied(s, car)
                _, ends = brute_force(s.pos[car], blocked, n)
                assert len(options(s)) == len(ends) > 1
            s.apply_unchecked(rng.choice(s.legal))
        prizes = sum(cfg.prizes[:len(s.finished)])
        assert sum(s.money) == players * cfg.starting_money - paid + prizes


def test_a_golden_playthrough_is_unchanged() -> None:
    """Greedy bots, 4 players, seed 7, one race: the events, the log (a line a card) and the
    money as recorded."""
    bots = [formel1.GAME.make_bot("greedy", p) for p in range(4)]
    s = formel1.new_game(4, 7, races=1)
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    events = "\n".join(detail_log(s))
    assert tuple(detail_log(s)[:3]) == GOLDEN_START and tuple(detail_log(s)[-8:]) == GOLDEN_END
    assert s.money == GOLDEN_MONEY
    assert hashlib.sha256(events.encode()).hexdigest()[:16] == GOLDEN_LOG_SHA
    log = s.log()  # one line per card played
    assert len(log) == GOLDEN_LOG_LINES and log[-8] == GOLDEN_LAST_CARD
    assert hashlib.sha256("\n".join(log).encode()).hexdigest()[:16] == GOLDEN_CARD_LOG_SHA


GOLDEN_START = ("Race 1: Player 1 deals.", "The cards are dealt, 12 each.",
                "Black is revealed and takes grid slot 1.")
GOLDEN_END = ("Yellow crosses the finish line, place 6.",
              "Player 0 wins $200K with Red (place 1).",
              "Player 2 wins $150K with Orange (place 2).",
              "Player 3 wins $100K with Green (place 3).",
              "Player 2 wins $60K with Black (place 4).",
              "Player 1 wins $30K with Blue (place 5).",
              "Player 1 wins $10K with Yellow (place 6).",
              "The game is over.")
GOLDEN_MONEY = (310, 100, 230, 220)
#: The first 16 hex digits of the SHA-256 of all the events (255), one line per event.
GOLDEN_LOG_SHA = "d67a972937c00e51"
#: The log: one line per card played, and the same digest of it.
GOLDEN_LOG_LINES = 129
GOLDEN_LAST_CARD = "Player 2 plays Yellow 10: Yellow crosses the finish line in place 6."
GOLDEN_CARD_LOG_SHA = "108e2885539682b1"


def _mutations(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with one field replaced by a value of another field or a small odd value."""
    out = json.loads(json.dumps(data))
    field = rng.choice(sorted(k for k in out if k not in ("format", "version", "game")))
    pool: list[Any] = [None, 0, 1, -1, 7, True, "x", [], [0], {}, "finished", "12b",
                       *[v for k, v in data.items() if k != field]]
    value = out[field]
    if isinstance(value, list) and value and rng.random() < 0.5:
        value[rng.randrange(len(value))] = rng.choice(pool)
    else:
        out[field] = rng.choice(pool)
    return out


def test_any_mutated_position_loads_soundly_or_names_a_field() -> None:
    rng = random.Random(31)
    sources = [json.loads(st.to_json()) for st in _sample_positions()]
    refused = 0
    for i in range(1500):
        data = _mutations(sources[i % len(sources)], rng)
        try:
            state = formel1.from_json(json.dumps(data))
        except gamecore.PositionError as exc:
            refused += 1
            assert exc.field
            continue
        again = formel1.from_json(state.to_json())  # a loaded state is a sound state
        assert again == state and again.legal == rules.legal_ids(state)
        if not state.is_terminal():
            state.apply(state.legal_action_ids()[0])
    assert refused > 1000


def _sample_positions() -> list[formel1.State]:
    out = []
    for seed, players in ((1, 2), (2, 5), (3, 6)):
        s = formel1.new_game(players, seed, races=1)
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal():
            if step % 37 == 0:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_action_ids()))
            step += 1
        out.append(s)
    return out


VARIANT_GAMES = [
    ("standard", ()), ("standard", ("white321",)), ("new", ()), ("standard", ("no_car",)),
    ("standard", ("two_laps_discards",)), ("new", ("two_laps_double_deck", "white321")),
]


@pytest.mark.parametrize(("track", "variants"), VARIANT_GAMES)
def test_every_variant_keeps_the_protocol(track: str, variants: tuple[str, ...]) -> None:
    """Round trips, clones, undo, illegal actions and hidden paths on each variant (the shared
    conformance suite runs the default game)."""
    for players, explicit in ((2, False), (5, True)):
        rng = random.Random(players)
        s = formel1.new_game(players, None if explicit else players, races=1, track=track,
                             variants=variants, explicit_chance=explicit)
        step = 0
        while not s.is_terminal():
            legal = s.legal_action_ids()
            if step % 9 == 0:
                text = s.to_json()
                assert formel1.from_json(text).to_json() == text
                copy = s.clone()
                bad = next(a for a in range(formel1.NUM_ACTIONS) if a not in legal)
                with pytest.raises(gamecore.IllegalActionError):
                    s.apply(bad)
                s.apply(legal[0])
                s.undo()
                assert s.to_json() == text and copy == s
                view = s.observation(0)
                assert all(gamecore.game.lookup(view, p) is None
                           for p in formel1.GAME.hidden(s, 0))
            s.apply(rng.choice(legal))
            step += 1
        assert s.outcome() is not None


def _perft(s: formel1.State, depth: int) -> int:
    if depth == 0 or s.is_terminal():
        return 1
    return sum(_perft(s.child(a), depth - 1) for a in s.legal_action_ids())


def test_perft_counts_of_the_auction_and_the_race_are_unchanged() -> None:
    """Counts of legal action sequences (recorded when the rules were tested): the first car's
    bidding with 4 players, and the first turns of a 3-player race."""
    assert [_perft(formel1.new_game(4, 3), d) for d in (1, 2, 3)] == [21, 251, 2421]
    rng = random.Random(1)
    s = formel1.new_game(3, 5, races=1)
    while not (s.phase == rules.RACE and s.card == OFF):
        s.apply(rng.choice(s.legal_action_ids()))
    assert [_perft(s, d) for d in (1, 2, 3, 4)] == [14, 38, 303, 1427]
