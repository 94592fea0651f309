"""The puzzle trainer (``kwwidgets.trainer``): its Glicko-2 rating agrees with the ``glicko2``
library (itself checked against Glickman's worked example), the rating file survives a round
trip and a corrupt file is kept, the next puzzle is near the rating and of the chosen theme, no
answer shows before a choice, and both kinds of puzzle (hand-made for every game, mined) are
served."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import glicko2
import ipywidgets as w
import pytest

from kwwidgets import trainer as tr
from kwwidgets.trainer import (
    PuzzleTrainer,
    Rating,
    Record,
    TrainerPuzzle,
    builtin_puzzles,
    difficulty_rating,
    from_mined,
    load_record,
    mined_puzzles,
    pick,
    plain_question,
    record_from_dict,
)
from solvers.automobiles.puzzles import load_puzzles as automobiles_puzzles
from solvers.formel1.puzzles import load_puzzles as formel1_puzzles
from solvers.kraftwagen.puzzles import load_puzzles as kraftwagen_puzzles

GAMES = ("kraftwagen", "formel1", "automobiles")


def trainer(tmp_path: Path, name: str = "trainer.json", **kwargs: Any) -> PuzzleTrainer:
    kwargs.setdefault("seed", 3)
    kwargs.setdefault("mined", False)
    return PuzzleTrainer(rating_file=tmp_path / name, **kwargs)


def wrong_key(p: TrainerPuzzle) -> str:
    return next(c.key for c in p.choices if c.key not in p.right)


def shown_text(t: PuzzleTrainer) -> str:
    """Everything the trainer shows but the board: its HTML, the buttons' words and tooltips."""
    htmls = [t.rating_line, t.message, t.text, t.outcome, t.history]
    parts = [h.value for h in htmls]
    for b in t.buttons.children:
        assert isinstance(b, w.Button)
        parts += [b.description, b.tooltip or ""]
    return "\n".join(parts)


# --- the rating --------------------------------------------------------------------------------
def test_the_library_reproduces_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): a 1500 player (RD 200, volatility
    # 0.06, tau 0.5) beats a 1400 (RD 30), loses to a 1550 (RD 100) and a 1700 (RD 300): 1464.06,
    # RD 151.52, volatility 0.05999.
    player = glicko2.Player(rating=1500, rd=200, vol=0.06)
    player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert round(player.rating, 2) == 1464.05 or round(player.rating, 2) == 1464.06
    assert abs(player.rating - 1464.06) < 0.01
    assert abs(player.rd - 151.52) < 0.01
    assert abs(player.vol - 0.05999) < 0.00001
    # And the trainer's one-game period is the library's update.
    after = Rating(1500, 200, 0.06).after(1400, True, 30)
    alone = glicko2.Player(rating=1500, rd=200, vol=0.06)
    alone.update_player([1400], [30], [1])
    assert (after.rating, after.rd, after.vol) == (alone.rating, alone.rd, alone.vol)


def test_the_trainers_rating_agrees_with_the_library_on_a_fixed_history(tmp_path: Path) -> None:
    # A fixed history: these puzzles, answered right or wrong in this order.
    history = [("kraftwagen:two_moves", True), ("formel1:jump_bid", False),
               ("automobiles:redline_line", True), ("kraftwagen:undercut", True),
               ("formel1:four_way_endgame", False), ("automobiles:draft_to_save_wear", True),
               ("kraftwagen:keep_the_turn", False)]
    difficulty = {f"kraftwagen:{p.name}": p.difficulty for p in kraftwagen_puzzles()}
    difficulty |= {f"formel1:{p.name}": p.difficulty for p in formel1_puzzles()}
    difficulty |= {f"automobiles:{p.name}": p.difficulty for p in automobiles_puzzles()}
    t = trainer(tmp_path)
    library = glicko2.Player()  # 1500, RD 350, volatility 0.06
    for puzzle_id, right in history:
        p = t.show(puzzle_id)
        assert p.rating == 1500 + 150 * (difficulty[puzzle_id] - 3)
        result = t.choose(sorted(p.right)[0] if right else wrong_key(p))
        assert result.right is right
        library.update_player([p.rating], [100], [1 if right else 0])  # the puzzle's RD: 100
        # The trainer starts each period from the stored rating, the library from its own
        # internal scale: the two agree to the last few bits of a float.
        assert (t.rating.rating, t.rating.rd, t.rating.vol) == pytest.approx(
            (library.rating, library.rd, library.vol), rel=1e-12, abs=1e-12)
    saved = json.loads((tmp_path / "trainer.json").read_text("utf-8"))
    assert (saved["player"]["rating"], saved["player"]["rd"], saved["player"]["vol"]) == \
        pytest.approx((library.rating, library.rd, library.vol), rel=1e-12, abs=1e-12)
    assert Rating(**saved["player"]) == t.rating
    assert [(a["puzzle"], a["right"]) for a in saved["history"]] == history


def test_difficulty_gives_the_rating_150_points_a_step_around_1500() -> None:
    assert [difficulty_rating(d) for d in range(1, 6)] == [1200, 1350, 1500, 1650, 1800]
    for bad in (0, 6, True, 2.5):
        with pytest.raises(ValueError, match="difficulty"):
            difficulty_rating(bad)  # type: ignore[arg-type]


# --- the rating file ---------------------------------------------------------------------------
def test_the_rating_and_history_survive_a_round_trip(tmp_path: Path) -> None:
    t = trainer(tmp_path)
    for right in (True, False, True):
        p = t.puzzle
        assert p is not None
        t.choose(sorted(p.right)[0] if right else wrong_key(p))
        t.next_puzzle()
    again = trainer(tmp_path, seed=9)
    assert again.record == t.record and again.rating == t.rating
    assert len(again.record.history) == 3
    assert record_from_dict(json.loads(json.dumps(t.record.to_dict()))) == t.record
    assert "3 puzzles answered, 2 right" in again.rating_line.value
    assert "<svg" in again.history.value
    assert again.message.value == ""  # a good file says nothing


def test_the_default_file_may_be_named_by_the_environment(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(tr.FILE_ENV, raising=False)
    assert tr.default_file() == Path.home() / ".kraftwagen-lab" / "trainer.json"
    monkeypatch.setenv(tr.FILE_ENV, str(tmp_path / "class" / "me.json"))
    t = PuzzleTrainer(seed=0, mined=False)
    assert t.path == tmp_path / "class" / "me.json"
    p = t.puzzle
    assert p is not None
    t.choose(sorted(p.right)[0])
    assert load_record(tmp_path / "class" / "me.json")[0] == t.record  # its folder made


def test_a_corrupt_file_is_kept_and_a_fresh_rating_starts(tmp_path: Path) -> None:
    path = tmp_path / "trainer.json"
    path.write_text("{not json", "utf-8")
    t = trainer(tmp_path)
    assert t.rating == Rating() and t.record.history == ()
    assert "could not be read" in t.message.value and "trainer.unreadable.json" in t.message.value
    assert (tmp_path / "trainer.unreadable.json").read_text("utf-8") == "{not json"
    assert path.read_text("utf-8") == "{not json"  # untouched until the first answer
    p = t.puzzle
    assert p is not None
    t.choose(sorted(p.right)[0])
    assert load_record(path)[0] == t.record
    assert (tmp_path / "trainer.unreadable.json").read_text("utf-8") == "{not json"


def test_a_corrupt_file_that_cannot_be_copied_is_never_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "trainer.json"
    path.write_text("{not json", "utf-8")

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tr.shutil, "copy2", refuse)
    t = trainer(tmp_path)
    assert "left alone" in t.message.value and "in memory only" in t.message.value
    p = t.puzzle
    assert p is not None
    t.choose(sorted(p.right)[0])
    assert path.read_text("utf-8") == "{not json"  # as the message promised
    assert len(t.record.history) == 1 and "in memory only" in t.message.value


def test_a_file_with_a_bad_field_names_it_and_never_overwrites_an_earlier_copy(
        tmp_path: Path) -> None:
    path = tmp_path / "trainer.json"
    (tmp_path / "trainer.unreadable.json").write_text("an earlier copy", "utf-8")
    bad = Record().to_dict()
    bad["player"]["rd"] = -5
    path.write_text(json.dumps(bad), "utf-8")
    record, message = load_record(path)
    assert record == Record()
    assert "rd must be a positive number" in message and "trainer.unreadable-1.json" in message
    assert (tmp_path / "trainer.unreadable.json").read_text("utf-8") == "an earlier copy"
    assert json.loads((tmp_path / "trainer.unreadable-1.json").read_text("utf-8")) == bad
    for field, value, words in (("format", "other", "not a trainer file"),
                                ("version", 2, "version must be 1"),
                                ("history", [{"puzzle": 3}], "puzzle must be text")):
        data = Record().to_dict() | {field: value}
        with pytest.raises(ValueError, match=words):
            record_from_dict(data)


# --- choosing the next puzzle ------------------------------------------------------------------
def test_the_next_puzzle_is_among_the_nearest_to_the_rating() -> None:
    puzzles = builtin_puzzles()
    for rating in (1100.0, 1500.0, 1720.0, 2100.0):
        gaps = sorted(abs(p.rating - rating) for p in puzzles)
        for seed in range(5):
            p = pick(puzzles, rating, Record(), random.Random(seed))
            assert p is not None and abs(p.rating - rating) <= gaps[tr.NEAREST - 1]
        nearest = pick(puzzles, rating, Record(), random.Random(0), nearest=1)
        assert nearest is not None and abs(nearest.rating - rating) == gaps[0]
    # The same seed draws the same puzzles.
    assert [pick(puzzles, 1500.0, Record(), random.Random(7)) for _ in range(2)] == \
        [pick(puzzles, 1500.0, Record(), random.Random(7)) for _ in range(2)]


def test_solved_puzzles_are_not_served_and_wrong_ones_come_back_last() -> None:
    puzzles = [p for p in builtin_puzzles(["formel1"]) if "auction" in p.themes]
    assert len(puzzles) == 4

    def attempt(p: TrainerPuzzle, right: bool) -> tr.Attempt:
        return tr.Attempt(p.id, p.game, p.rating, 100.0, "x", right, 1500.0, 300.0, 0.06, "")

    solved, wrong = puzzles[0], puzzles[1]
    record = Record(history=(attempt(solved, True), attempt(wrong, False)))
    served = {pick(puzzles, 1500.0, record, random.Random(s)) for s in range(20)}
    assert {p.id for p in served if p is not None} == {p.id for p in puzzles[2:]}
    assert None not in served  # the puzzles never tried come first
    record = Record(history=record.history + tuple(attempt(p, True) for p in puzzles[2:]))
    p = pick(puzzles, 1500.0, record, random.Random(0))
    assert p is not None and p.id == wrong.id  # tried but wrong: back once the rest are done
    record = Record(history=record.history + (attempt(wrong, True),))
    assert pick(puzzles, 1500.0, record, random.Random(0)) is None


def test_a_theme_keeps_the_puzzles_to_it(tmp_path: Path) -> None:
    t = trainer(tmp_path, theme="auction")
    assert t.puzzle is not None and "auction" in t.puzzle.themes
    assert t.theme_list.value == "auction"
    t.theme_list.value = "wear"  # the list calls set_theme
    assert t.theme == "wear" and t.puzzle is not None and "wear" in t.puzzle.themes
    p = t.set_theme("pricing")
    assert p is not None and p.game == "kraftwagen" and "pricing" in p.themes
    assert t.theme_list.value == "pricing"
    for _ in range(8):
        p = t.next_puzzle()
        assert p is not None and "pricing" in p.themes
    with pytest.raises(ValueError, match="theme must be one of .*not 'chess'"):
        t.set_theme("chess")
    assert t.theme == "pricing" and t.puzzle is p
    with pytest.raises(ValueError, match="theme"):
        trainer(tmp_path, theme="chess")
    t.set_theme(None)
    assert t.theme is None and t.theme_list.value == ""


def test_every_puzzle_of_a_theme_solved_says_so(tmp_path: Path) -> None:
    t = trainer(tmp_path, theme="wear")
    for _ in range(2):
        p = t.puzzle
        assert p is not None
        t.choose(sorted(p.right)[0])
        t.next_puzzle()
    assert t.puzzle is None and "solved every puzzle of the theme wear" in t.message.value
    assert t.buttons.children == () or list(t.buttons.children) == []
    with pytest.raises(ValueError, match="no puzzle is shown"):
        t.choose("pit stop")


# --- what is shown -----------------------------------------------------------------------------
def test_no_answer_is_shown_before_a_choice(tmp_path: Path) -> None:
    t = trainer(tmp_path)
    for p in t.puzzles:
        assert t.show(p.id) is p and t.puzzle is p
        text = shown_text(t)
        assert t.outcome.value == ""
        assert p.proof not in text and "Why not this?" not in text
        assert "The answer:" not in text and "Right." not in text
        assert "kw-alternatives" not in text and "prove" not in text.lower()
        # No choice's value where the words are long enough to tell ("at best 10 units, 5
        # wear, value 3", "$390K"); a bare number could be anything on the page.
        said = p.question + p.story + " ".join(c.label for c in p.choices)
        for c in p.choices:
            if len(c.value_text) >= 4 and c.value_text not in said:
                assert c.value_text not in text
        # The choices in the game's order (prices rising), never best first.
        labels = [b.description for b in t.buttons.children]
        assert labels == [c.label for c in p.choices]
        if p.themes == ("pricing",):
            prices = [int(c.key.split()[1]) for c in p.choices]
            assert prices == sorted(prices)
        else:
            state = p.state()
            ids = [state.resolve(c.key) for c in p.choices]
            assert ids == sorted(ids)
        assert all(not b.disabled and b.button_style == "" for b in t.buttons.children)
        assert "<svg" in t.board.value


def test_a_right_answer_raises_the_rating_and_shows_the_proof(tmp_path: Path) -> None:
    t = trainer(tmp_path)
    p = t.show("formel1:jump_bid")
    right = next(b for b, c in zip(t.buttons.children, p.choices, strict=True)
                 if c.key in p.right)
    assert isinstance(right, w.Button) and right.description == "Bid $40K"
    right.click()  # the button calls choose
    result = t.result
    assert result is not None and result.right and result.choice == "bid 40"
    assert result.after.rating > result.before.rating and t.rating == result.after
    assert "Right." in t.outcome.value and "Backward induction proved it" in t.outcome.value
    assert "Why not this?" in t.outcome.value and "synthetic valuations" in t.outcome.value
    assert all(b.disabled for b in t.buttons.children)
    assert right.button_style == "success"
    # A second choice on the same puzzle changes nothing.
    again = t.choose(wrong_key(p))
    assert again == result and len(t.record.history) == 1
    assert "already" in t.message.value or "answered this puzzle" in t.message.value


def test_a_wrong_answer_lowers_the_rating_and_names_the_answer(tmp_path: Path) -> None:
    t = trainer(tmp_path)
    p = t.show("automobiles:pit_stop")
    result = t.choose("end actions")
    assert not result.right and result.after.rating < result.before.rating
    assert "Not the best." in t.outcome.value
    assert "The answer: <b>Pit stop</b>" in t.outcome.value
    assert "You chose End actions" in t.outcome.value
    chosen = next(b for b, c in zip(t.buttons.children, p.choices, strict=True)
                  if c.key == "end actions")
    assert chosen.button_style == "danger"
    assert t.record.history[-1].choice == "end actions" and not t.record.history[-1].right


def test_an_unknown_choice_or_puzzle_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    t = trainer(tmp_path)
    p = t.show("kraftwagen:undercut")
    with pytest.raises(ValueError, match="choice must be one of .*'price 8'.*not 'price 99'"):
        t.choose("price 99")
    assert t.result is None and t.record == Record() and t.puzzle is p
    assert not (tmp_path / "trainer.json").exists()
    with pytest.raises(ValueError, match="puzzle_id"):
        t.show("kraftwagen:no_such_puzzle")
    assert t.puzzle is p
    with pytest.raises(ValueError, match="games must name"):
        trainer(tmp_path, games=("chess",))


def test_rule_codes_leave_the_sentences_for_a_small_link() -> None:
    text, codes = plain_question("Is a pit stop (AU-13: no action, no buying) better? "
                                 "Fuel Injection (AU-60) doubles. At RA1's synthetic costs.")
    assert codes == ("AU-13", "AU-60", "RA1")
    assert text == ("Is a pit stop (no action, no buying) better? Fuel Injection doubles. "
                    "At the synthetic costs.")
    for p in builtin_puzzles():
        assert not tr._RULE_ANY.search(p.question + p.story), p.id
    t_html = tr._puzzle_html(next(p for p in builtin_puzzles() if p.rules))
    assert 'class="kw-rule"' in t_html


# --- both kinds of puzzle ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_games_hand_made_puzzles_are_served(game: str, tmp_path: Path) -> None:
    t = trainer(tmp_path, games=(game,))
    loaders: dict[str, Any] = {"kraftwagen": kraftwagen_puzzles, "formel1": formel1_puzzles,
                               "automobiles": automobiles_puzzles}
    assert {p.name for p in t.puzzles} == {p.name for p in loaders[game]()}
    assert t.puzzle is not None and t.puzzle.game == game and t.puzzle.kind == "hand-made"
    for p in t.puzzles:
        assert p.right and p.right <= {c.key for c in p.choices} and len(p.choices) >= 2


def _mined_like(game: str = "formel1") -> Any:
    """A mined puzzle as ``solvers.mining`` makes one, on a hand-made puzzle's position."""
    from solvers.mining import MinedPuzzle

    source = next(p for p in formel1_puzzles() if p.name == "which_card")
    state = source.state()
    ranked = sorted(((state.resolve(a), v) for a, v in source.table), key=lambda x: -x[1])
    best = ranked[0][1]
    return MinedPuzzle(
        name="formel1-m001", game=game, position=source.position,
        player=state.current_player, question="Which card now? (AU-13 is no rule of it.)",
        answer=ranked[0][0], answer_label="Red 6 / Green 5 / Black 4 / Yellow 3 / Blue 2 / "
        "Orange 1", margin=best - ranked[1][1], unit="prize money in $1K",
        proof="Proven by the race search (synthetic test puzzle).",
        why_not=tuple({"action": a, "label": f"card {a}", "value": v, "loss": best - v}
                      for a, v in ranked[1:]),
        plausible={"bot": "greedy", "action": ranked[1][0], "label": "card 2",
                   "loss": best - ranked[1][1]},
        source={"seed": 1, "players": 4, "bots": ["greedy", "random", "greedy", "random"]},
        themes=("card", "mined_theme"), rating=1730, solved_by={}, effort={"nodes": 5})


def ranked_second(mined: Any) -> int:
    return int(mined.plausible["action"])


def test_a_mined_puzzle_is_adapted_and_served(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import solvers.mining

    mined = _mined_like()
    p = from_mined(mined)
    assert p.kind == "mined" and p.rating == 1730 and p.right == {str(mined.answer)}
    assert [int(c.key) for c in p.choices] == sorted(int(c.key) for c in p.choices)
    assert p.choice(str(mined.answer)).value == 390.0 and "AU-13" not in p.question
    monkeypatch.setattr(solvers.mining, "load_mined",
                        lambda game: (mined,) if game == "formel1" else ())
    t = trainer(tmp_path, games=("formel1",), mined=True, theme="mined_theme")
    assert t.mined_message == "" and t.puzzle is not None and t.puzzle.id == p.id
    assert "mined from played games" in t.text.value and p.proof not in shown_text(t)
    result = t.choose(str(mined.answer))
    assert result.right and "synthetic test puzzle" in t.outcome.value
    greedy = next(c.label for c in p.choices if c.key == str(ranked_second(mined)))
    assert f"The greedy bot would play {greedy}, 90 less." in t.outcome.value
    assert "A position from a 4-player game between bots (greedy and random), seeded 1." in \
        t.text.value
    assert t.record.history[-1].puzzle == "formel1:mined:formel1-m001"


def test_the_shipped_mined_puzzles_are_adapted_and_served(tmp_path: Path) -> None:
    from solvers.mining import load_mined, shipped_path

    found, message = mined_puzzles(GAMES)
    assert (message == "") == bool(found)
    for game in GAMES:
        try:
            shipped = shipped_path(game).is_file()
        except ImportError:  # no miner for this game yet: nothing of it is served
            shipped = False
        ours = [p for p in found if p.game == game]
        assert len(ours) == (len(load_mined(game)) if shipped else 0)
        if not ours:
            continue
        for p in ours:
            assert p.kind == "mined" and len(p.right) == 1 and len(p.choices) >= 2
        t = trainer(tmp_path, f"{game}.json", games=(game,), mined=True)
        for p in ours[:: max(1, len(ours) // 8)]:  # a few, easiest to hardest
            assert t.show(p.id) == p and "<svg" in t.board.value
            text = shown_text(t)
            assert p.proof not in text and "The answer:" not in text
            assert "mined from played games" in text
        for theme in sorted({x for q in ours for x in q.themes}):  # a mined theme keeps to it
            served = t.set_theme(theme)
            assert served is not None and theme in served.themes
        shown = t.puzzle
        assert shown is not None
        result = t.choose(sorted(shown.right)[0])
        assert result.right and t.record.history[-1].puzzle == shown.id


def test_a_corrupt_file_and_no_miner_are_both_said(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "solvers.mining", None)
    (tmp_path / "trainer.json").write_text("[]", "utf-8")
    t = trainer(tmp_path, mined=True)
    assert "could not be read (not a trainer file" in t.message.value
    assert "No mined puzzles installed" in t.message.value
    assert 'data-kind="error"' in t.message.value


def test_without_the_miner_the_trainer_says_so_and_serves_the_hand_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "solvers.mining", None)  # the import fails
    assert mined_puzzles(GAMES) == ((), tr.NO_MINED)
    t = trainer(tmp_path, mined=True)
    assert t.mined_message == tr.NO_MINED and "No mined puzzles installed" in t.message.value
    assert t.puzzle is not None and t.puzzle.kind == "hand-made"
