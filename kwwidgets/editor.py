"""Position editor: load and save position JSON, or pick a built-in puzzle, and see the board.

Works on any registered game. Positions are read with ``gamecore.game.read_position``, the game
taken from the file's ``game`` field (Kraftwagen for files written before it existed), and
written with the state's ``to_json`` (docs/position-format.md), so every check and every error
message is the game's rules core's: a malformed position shows its ``PositionError`` (the field
at fault) and the previous position stays. The board and the decision come from the game's view
(``kwwidgets.views``). The built-in puzzles are Kraftwagen positions
(``solvers.kraftwagen.puzzles``): choosing one switches the editor to Kraftwagen.
"""

from __future__ import annotations

import base64
import errno
import html
import os
from pathlib import Path
from typing import Any

import ipywidgets as w

from gamecore.errors import PositionError
from gamecore.game import Game, read_position
from kwwidgets.common import board_widget, button, message_widget, say, show_svg
from kwwidgets.views import view_for
from solvers.kraftwagen.puzzles import PuzzleError, load_puzzles, puzzle_named


class PositionEditor:
    """Load a position from JSON text, an uploaded file or a built-in puzzle; save it again.

    ``.state`` is the position shown, a position of ``.game`` (``game``, a registered game's
    name: a new game of its most players, seed 0, unless ``state``, a position of that game, is
    given). The methods ``load_json``, ``load_puzzle`` and ``save`` are what the buttons call;
    each returns True on success and otherwise shows a message and changes nothing. A loaded
    position may be of another game: the editor then shows that game.
    """

    def __init__(self, state: Any = None, game: str | Game = "kraftwagen") -> None:
        self.view_of = view_for(game)
        if state is not None:
            self.view_of.check(state)
        self.state = state if state is not None else \
            self.view_of.new_game(self.view_of.game.max_players, 0)
        self.out = w.Output()
        self.message = message_widget()
        self.board = board_widget()
        self.decision = w.HTML()
        self.text = w.Textarea(layout=w.Layout(width="100%", height="160px"))
        self.text.add_class("kw-json")
        self.load_button = button("Load JSON", "kw-load", self._load_text, self.out,
                                  "read the position written above")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Upload")
        self.upload.add_class("kw-upload")
        self.upload.observe(self._on_upload, names="value")
        self.puzzles = w.Dropdown(
            options=[("(choose a puzzle)", "")] + [(f"{p.title} ({p.kind}, difficulty "
                                                   f"{p.difficulty})", p.name)
                                                  for p in load_puzzles()],
            value="", layout=w.Layout(width="auto"))
        self.puzzles.add_class("kw-puzzle-select")
        self.puzzles.observe(self._on_puzzle, names="value")
        self.path = w.Text(value="position.json", description="save to",
                           layout=w.Layout(width="320px"))
        self.save_button = button("Save", "kw-save", self._save_path, self.out,
                                  "write the position to the file named")
        self.overwrite = w.Checkbox(value=False, description="overwrite", indent=False,
                                    layout=w.Layout(width="auto"))
        self.overwrite.add_class("kw-overwrite")
        self.download = w.HTML()
        self.download.add_class("kw-download")
        self.view = w.VBox([
            w.HBox([self.puzzles, self.upload]), self.text,
            w.HBox([self.load_button, self.path, self.overwrite, self.save_button,
                    self.download]),
            self.message, self.decision, self.board, self.out])
        self.view.add_class("kw-editor")
        self._show()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    # --- public actions ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game of the position shown (its registered description)."""
        return self.view_of.game

    def load_json(self, text: str) -> bool:
        """Show the position written in ``text`` (of any registered game, named by its ``game``
        field); a bad one shows the error and keeps the old."""
        try:
            game, state = read_position(text)
        except PositionError as exc:
            say(self.message, f"Not loaded: {exc}", "error")
            return False
        other = game.name != self.game.name
        self._use(game.name, state)
        say(self.message, f"Position loaded ({game.title})." if other else "Position loaded.",
            "ok")
        self._show()
        return True

    def _use(self, game: str, state: Any) -> None:
        if game != self.game.name:
            self.view_of = view_for(game)
        self.state = state

    def load_puzzle(self, name: str) -> bool:
        """Show the position of the built-in puzzle ``name`` (see solvers.kraftwagen.puzzles)."""
        try:
            puzzle = puzzle_named(name)
        except PuzzleError as exc:
            say(self.message, str(exc), "error")
            return False
        self._use("kraftwagen", puzzle.state())
        say(self.message, f"Puzzle {puzzle.title!r}: {puzzle.question}", "ok")
        self._show()
        return True

    def save(self, path: str | Path, overwrite: bool = False) -> bool:
        """Write the position's JSON to ``path``; False, with a message, when the file exists
        (unless ``overwrite``), when ``path`` is a symbolic link (never followed, so a link
        cannot redirect the write elsewhere), or when the OS refuses."""
        target = Path(path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | (os.O_TRUNC if overwrite else os.O_EXCL)
        try:
            if target.is_symlink():
                raise OSError(errno.ELOOP, "it is a symbolic link, which is never followed")
            fd = os.open(target, flags, 0o644)
        except FileExistsError:
            say(self.message, f"Not saved: {path} exists (tick 'overwrite' to replace it).",
                "error")
            return False
        except OSError as exc:
            reason = ("it is a symbolic link, which is never followed"
                      if exc.errno == errno.ELOOP else exc.strerror or str(exc))
            say(self.message, f"Not saved: {path}: {reason}.", "error")
            return False
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(self.state.to_json(indent=2) + "\n")
        say(self.message, f"Saved to {path}.", "ok")
        return True

    def to_json(self) -> str:
        """The position shown, as JSON text."""
        return self.state.to_json(indent=2)

    # --- callbacks and drawing --------------------------------------------------------------------
    def _load_text(self) -> None:
        self.load_json(self.text.value)

    def _save_path(self) -> None:
        self.save(self.path.value, overwrite=self.overwrite.value)

    def _on_upload(self, change: dict[str, Any]) -> None:
        with self.out:
            files = change["new"]
            if not files:
                return
            content = bytes(files[0]["content"])
            self.upload.value = ()  # so that the same file can be uploaded again
            try:
                text = content.decode("utf-8")
            except UnicodeDecodeError:
                say(self.message, "Not loaded: the file is not UTF-8 text.", "error")
                return
            self.load_json(text)

    def _on_puzzle(self, change: dict[str, Any]) -> None:
        with self.out:
            if change["new"]:
                self.load_puzzle(change["new"])

    def _show(self) -> None:
        text = self.to_json()
        self.text.value = text
        show_svg(self.board, self.view_of.board(self.state))
        self.decision.value = f"<b>{html.escape(self.view_of.decision(self.state))}</b>"
        # A download link carrying the JSON itself: works without a server-side file.
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (f'<a download="position.json" href="data:application/json;'
                               f'base64,{data}">download JSON</a>')
