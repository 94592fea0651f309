"""Mined puzzles (``solvers.mining``): every shipped answer legal in the core, a sample of them
proven again, the greedy bot's move really another, mining reproducible, a tampered puzzle
caught by ``check``, the rating's direction."""

from __future__ import annotations

import dataclasses
import json

import pytest

from solvers import mining

GAMES = mining.GAMES


@pytest.fixture(scope="module", params=GAMES)
def shipped(request: pytest.FixtureRequest) -> tuple[mining.MinedPuzzle, ...]:
    """One game's shipped mined puzzles."""
    return mining.load_mined(request.param)


def test_every_game_ships_mined_puzzles(shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    assert len(shipped) >= 100, f"{len(shipped)} mined puzzles shipped, fewer than 100"
    names = [p.name for p in shipped]
    assert len(set(names)) == len(names)
    ratings = [p.rating for p in shipped]
    assert ratings == sorted(ratings)  # easiest first
    assert ratings[0] < 1300 and ratings[-1] >= 1800  # easy to very hard (docs/puzzles.md)


def test_every_answer_replays_through_the_core(shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    for p in shipped:
        state = p.state()
        assert state.current_player == p.player, p.name
        legal = set(state.legal_action_ids())
        assert p.answer in legal, p.name
        assert {int(w["action"]) for w in p.why_not} == legal - {p.answer}, p.name
        after = state.clone()
        after.apply(p.answer)  # raises on an illegal action
        assert mining.label(p.game, state, p.answer) == p.answer_label


def test_every_answer_beats_the_rest_by_the_margin(
        shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    for p in shipped:
        rules = mining.adapter(p.game)
        assert p.margin >= rules.MARGIN - 1e-9, p.name
        losses = [float(w["loss"]) for w in p.why_not]
        assert min(losses) == pytest.approx(p.margin), p.name
        assert p.plausible["bot"] == "greedy" and p.plausible["loss"] > 0, p.name
        assert set(p.solved_by) == {spec for spec, _ in rules.LADDER}, p.name
        assert p.solved_by["greedy"] is False, p.name


def test_the_greedy_move_really_differs_from_the_answer(
        shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    for p in shipped:
        greedy = mining.greedy_choice(p.game, p.state())
        assert greedy == p.plausible["action"] != p.answer, p.name


def _sample(puzzles: tuple[mining.MinedPuzzle, ...]) -> list[mining.MinedPuzzle]:
    """The easiest, a middle and the hardest puzzle."""
    picks = {0, len(puzzles) // 2, len(puzzles) - 1}
    return [puzzles[i] for i in sorted(picks)]


def test_a_sample_is_proven_again(shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    for p in _sample(shipped):
        assert mining.check(p) is None, p.name


def test_check_catches_a_tampered_answer(shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    p = shipped[0]
    other = p.why_not[0]
    tampered = dataclasses.replace(p, answer=int(other["action"]),
                                   answer_label=str(other["label"]))
    why = mining.check(tampered)
    assert why is not None and "proven best" in why
    wider = dataclasses.replace(p, margin=p.margin + 1)
    assert "margin" in (mining.check(wider) or "")
    illegal = dataclasses.replace(p, answer=10**6)
    assert "not legal" in (mining.check(illegal) or "")


def test_a_puzzle_round_trips_through_its_file(shipped: tuple[mining.MinedPuzzle, ...]) -> None:
    text = mining.to_json(shipped[0].game, list(shipped[:3]), "test")
    assert mining.read_mined(text) == tuple(shipped[:3])
    with pytest.raises(mining.MiningError, match="not a"):
        mining.read_mined(json.dumps({"format": "other"}))
    with pytest.raises(mining.MiningError, match="not JSON"):
        mining.read_mined("{")


def test_mining_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    from solvers.automobiles import mine as rules

    monkeypatch.setattr(rules, "MAX_PER_GAME", 1)  # a tiny run: the first puzzle of one race
    monkeypatch.setattr(rules, "LADDER", (("random", 800), ("greedy", 1200)))

    def run() -> list[dict[str, object]]:
        out = []
        for p in mining.mine("automobiles", 1, 1):
            data = p.to_dict()
            data["effort"] = data["effort"]["nodes"]  # the seconds are measured, not mined
            out.append(data)
        return out

    first = run()
    assert first and first == run()
    assert first[0]["source"]["seed"] == 10_000  # type: ignore[index]


def test_the_rating_rises_as_fewer_bots_solve() -> None:
    ladder = (("random", 800), ("greedy", 1200), ("mcts:30", 1300), ("mcts:150", 1500),
              ("best:300", 1800))
    specs = [s for s, _ in ladder]
    ratings = [mining.rating_of({s: i < k for i, s in enumerate(specs)}, ladder)
               for k in range(len(specs), -1, -1)]
    assert ratings == sorted(ratings) and ratings[0] < ratings[-1]
    assert mining.RATING_RANGE[0] <= ratings[0] and ratings[-1] <= mining.RATING_RANGE[1]


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(mining.MiningError, match="no game 'chess'"):
        mining.mine("chess", 1, 0)
