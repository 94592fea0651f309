"""One plain name per thing, in everything a person reads, in all three games.

Seeded games of Kraftwagen, Formel 1 and Automobiles are played to their end; at each decision
the words a player reads are collected: the decision, every button's label and heading (the
widgets' view), the text board (``kw show``), the drawn board's text (every few decisions), and
at the end the whole log. None of them may name a thing by the machine's name that ``kw apply``
reads (``Move5b``, ``GrandPrix+Attract``, ``lightgrey``, ``C3``) or by a second name (a cube's
"4th gear"), and no button may show its action's text form. A thing named by a button is called
the same in the log line its action adds.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import automobiles
import kwcore
from automobiles import actions as au_actions
from gamecore import game as registry
from kwcore import actions as kw_actions
from kwcore.config import CAR_TECH
from kwwidgets.views import GameView, view_for

#: The seeded games: game, players, seed, options. Automobiles plays a short season with
#: sponsors and drivers, so that every kind of thing it names comes up.
GAMES: tuple[tuple[str, int, int, dict[str, Any]], ...] = (
    ("kraftwagen", 3, 1, {}),
    ("kraftwagen", 2, 2, {}),
    ("kraftwagen", 4, 3, {}),
    ("formel1", 3, 1, {"races": 1}),
    ("automobiles", 3, 1, {"laps": 1, "season": 3, "sponsors": True, "drivers": True}),
    ("automobiles", 4, 2, {"laps": 1, "season": 3, "sponsors": True, "drivers": True}),
)
#: The drawn board is read every this many decisions (drawing it every time is slow).
BOARD_EVERY = 15
#: A cube's names before it had one: the seed's gear numbers.
GEAR_NAMES = ("3rd gear", "4th gear", "5th gear", "6th gear")
#: A name no person writes: two words run together (``GrandPrix``), a word and a number
#: (``Move5b``, ``body+1``), words joined by "+" (``Body+Engine``).
NOT_WORDS = re.compile(r"[a-z][A-Z]|[A-Za-z]\d|\w\+")


@dataclass
class Read:
    """What a person reads in one seeded game, each text with where it was shown."""

    texts: list[tuple[str, str]] = field(default_factory=list)
    labels: list[tuple[str, str]] = field(default_factory=list)  # (label, text form)
    named: list[tuple[str, str, list[str]]] = field(default_factory=list)  # name, label, log


def _svg_words(svg: str) -> str:
    """The text an SVG shows: its text and title elements, without the markup."""
    return html.unescape("\n".join(re.findall(r">([^<>]+)<", svg)))


def _name_of(state: Any, action: Any) -> str | None:
    """The plain name of the component ``action`` names (a recruit tile, a tile, a start tile,
    a cube bought or taken, a sponsor taken), None for other actions."""
    if isinstance(action, kw_actions.Recruit):
        return _title(state.cfg.recruit[action.recruit])
    if isinstance(action, kw_actions.PickTile):
        return _title(state.cfg.tiles[action.tile])
    if isinstance(action, kw_actions.ChooseStart):
        return _title(state.cfg.start_tiles[action.start])
    if isinstance(action, au_actions.Buy | au_actions.Take):
        return str(state.cfg.cubes[action.cube].en)
    if isinstance(action, au_actions.TakeSponsor):
        return str(state.cfg.sponsors[action.sponsor].en)
    return None


def _title(spec: Any) -> str:
    """A Kraftwagen component's plain name (its name where it has none)."""
    return str(getattr(spec, "title", spec.name))


def play(name: str, players: int, seed: int, options: dict[str, Any]) -> Read:
    """Play the seeded game to its end by seeded random choices, reading all it shows."""
    game = registry.find(name)
    view: GameView = view_for(name)
    state = game.new_game(players, seed, **options)
    rng = random.Random(seed)
    read = Read()
    step = 0
    while not state.is_terminal():
        read.texts.append(("decision", view.decision(state)))
        read.texts.append(("kw show", game.text(state)))
        for heading, ids in view.groups(state).items():
            read.texts.append(("heading", heading))
            read.labels += [(view.label(state, i), str(view.action(state, i))) for i in ids]
        if step % BOARD_EVERY == 0:
            read.texts.append(("board", _svg_words(view.board(state))))
        chosen = rng.choice(state.legal_action_ids())
        action = view.action(state, chosen)
        thing = _name_of(state, action)
        label = view.label(state, chosen)
        before = len(game.log(state))
        state.apply(chosen)
        if thing is not None:
            read.named.append((thing, label, game.log(state)[before:]))
        step += 1
    read.texts.append(("kw show", game.text(state)))
    read.texts.append(("board", _svg_words(view.board(state))))
    read.texts += [("log", line) for line in game.log(state)]
    return read


def machine_names(name: str) -> list[str]:
    """The names only the machine uses for the things of game ``name``: every component name
    that is not its plain name, and a cube's other names."""
    if name == "kraftwagen":
        kw = kwcore.config_for(4)
        names = {t.name for t in kw.tiles} | {r.name for r in kw.recruit} \
            | {s.name for s in kw.start_tiles} | {a.name for a in kw.achievements}
        tech = {t for r in kw.recruit for t in r.tech} | set(CAR_TECH)
        return sorted(n for n in names | tech if NOT_WORDS.search(n))
    if name == "automobiles":
        au = automobiles.config_for(3)
        ids = {c.id for c in au.cubes if c.id != c.en} | {c.id for c in au.cards if c.id != c.en}
        return sorted(ids | {s.id for s in au.sponsors} | set(GEAR_NAMES))
    assert name == "formel1"  # its cards and cells have one name, the machine's too
    return []


def _pattern(names: list[str]) -> re.Pattern[str]:
    """A whole-word match of any of ``names`` (a name may hold "+": ``Body+Engine``)."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w+])(?:{alternatives})(?![\w+])")


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{g[1]}p-seed{g[2]}")
def game_read(request: pytest.FixtureRequest) -> tuple[str, Read]:
    name, players, seed, options = request.param
    return name, play(name, players, seed, options)


def _lines(read: Read) -> Iterator[tuple[str, str]]:
    for where, text in read.texts:
        for line in text.splitlines():
            yield where, line
    for label, _ in read.labels:
        yield "label", label


def test_no_machine_name_is_read_anywhere(game_read: tuple[str, Read]) -> None:
    name, read = game_read
    names = machine_names(name)
    if not names:  # Formel 1 names cards and cells as the machine does: nothing to find
        assert name == "formel1", f"{name} lists no machine names to look for"
        return
    pattern = _pattern(names)
    found = {(where, m.group(0), line) for where, line in _lines(read)
             for m in pattern.finditer(line)}
    assert not found, "\n".join(f"{w}: {n!r} in {line!r}" for w, n, line in sorted(found)[:20])


def test_no_button_shows_its_command(game_read: tuple[str, Read]) -> None:
    _, read = game_read
    assert read.labels
    raw = sorted({text for label, text in read.labels if label == text})
    assert not raw, f"buttons showing the text form kw apply reads: {raw[:20]}"


def test_a_before_a_vowel_is_an(game_read: tuple[str, Read]) -> None:
    _, read = game_read
    wrong = sorted({line for _, line in _lines(read) if re.search(r"\ba [aeio]\w", line)})
    assert not wrong, wrong[:10]


def test_a_thing_has_the_same_name_on_its_button_and_in_the_log(
        game_read: tuple[str, Read]) -> None:
    name, read = game_read
    if name == "formel1":  # its buttons name cards and cells, which the log names alike
        assert not machine_names(name)
        return
    assert read.named, "the seeded game took no action naming a component"
    for thing, label, lines in read.named:
        assert thing in label, (thing, label)
        assert any(thing in line for line in lines), (thing, lines)


def test_the_plain_names_are_one_per_thing() -> None:
    """Two different things never share a plain name (copies of one tile or card may)."""
    cfg = kwcore.config_for(4)
    for specs in (cfg.tiles, cfg.start_tiles, cfg.achievements):
        assert len({s.title for s in specs}) == len(specs)
    benefits: dict[str, object] = {}
    for r in cfg.recruit:
        assert benefits.setdefault(r.title, r.effect or r.name) == (r.effect or r.name), r.title
    au = automobiles.config_for(3)
    assert len({c.en for c in au.cubes}) == len(au.cubes)
    sponsors: dict[str, tuple[str, int, int, int]] = {}
    for s in au.sponsors:
        same = (s.letter, s.top, s.middle, s.bottom)
        assert sponsors.setdefault(s.en, same) == same, s.en


def test_the_kraftwagen_tour_and_the_chain_figures_use_the_boards_names() -> None:
    """The rules tour's captions, notes and banners, and the decision table and graph of the
    puzzles, name every tile as the board does ("Grand Prix + Attract")."""
    from kwwidgets.kraftwagen import tour
    from kwwidgets.kraftwagen.plots import decision_graph_figure, decision_table_html
    from solvers.kraftwagen.puzzles import puzzle_named

    link = re.compile(r"\[rules?\]\([^)]*\)")  # a rule link's target is no word read
    words = []
    for build in tour.SECTIONS.values():
        for step in build():
            stress = step.stress
            words += [link.sub("", step.caption), stress.get("banner") or "",
                      *(stress.get("highlight") or {}).values()]
    state = puzzle_named("two_moves").state()
    words.append(re.sub(r"<[^>]+>", " ", decision_table_html(state)))
    words += [t.get_text() for t in decision_graph_figure(state, 1, answer="GrandPrix").axes[0]
              .texts] + [decision_graph_figure(state, 1, answer="GrandPrix").axes[0].get_title()]
    found = [w for w in words if NOT_WORDS.search(w)]
    assert not found, found[:5]
    assert any("Grand Prix + Attract" in w for w in words)
