"""Each game's tournament cap is its own length bound, so no game between built-in bots that
ends is abandoned (an Automobiles race takes thousands of decisions: every cube drawn)."""

from __future__ import annotations

import pytest

from gamecore.game import find
from solvers import tournament
from solvers.tournament import ABANDONED, decision_cap, report_lines, run_tournament

GAMES = ("kraftwagen", "formel1", "automobiles")


@pytest.mark.parametrize("game", GAMES)
def test_a_tournament_of_random_bots_at_the_most_players_finishes_every_game(game: str) -> None:
    players = find(game).max_players
    result = run_tournament(["random"], players, seed=1, players=players, progress=False,
                            game=game)
    assert len(result.games) == players
    assert result.abandoned == 0, [g.decisions for g in result.games]
    assert all(g.reason != ABANDONED and g.winners for g in result.games)
    cap = decision_cap(find(game), players)
    assert max(g.decisions for g in result.games) < cap
    assert f"abandoned after {cap:,} decisions" in " ".join(report_lines(result))


@pytest.mark.parametrize("game", GAMES)
def test_each_games_cap_is_its_own_length_bound(game: str) -> None:
    described = find(game)
    bound = described.length_bound(described.max_players)
    assert bound is not None and decision_cap(described, described.max_players) == bound


def test_the_caps_are_the_openspiel_games_lengths() -> None:
    import pyspiel  # a dependency of the project (pyproject.toml)
    for game in GAMES:
        __import__(f"{'kwcore' if game == 'kraftwagen' else game}.openspiel")
        described = find(game)
        loaded = pyspiel.load_game(f"python_{game}", {"players": described.max_players})
        assert loaded.max_game_length() == decision_cap(described, described.max_players)


def test_a_cap_set_for_every_game_overrides_the_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament, "MAX_DECISIONS", 7)
    assert all(decision_cap(find(game), 2) == 7 for game in GAMES)
