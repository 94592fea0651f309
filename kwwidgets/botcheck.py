"""'Test my bot': a participant's bot file, started from the game's template and tried against
the built-in bots before the class tournament (any game).

``BotCheck(game)`` shows the file's name, a button that copies the game's template there
(``workshop/bots/<game>/example.py``; never over an existing file) and a button that plays it
(``solvers.tournament.check_bot``: one game from every seat against the greedy and random bots,
the bot in its own process with the tournament's limits) and says in plain words how it did and
the first rule it broke.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import ipywidgets as w

from kwwidgets.common import button, message_widget, say
from solvers.tournament import check_bot

#: the templates, in the checkout the lab is installed from (``pip install -e``)
TEMPLATES = Path(__file__).resolve().parents[1] / "workshop" / "bots"


def template(game: str) -> Path:
    """The template bot of ``game``."""
    return TEMPLATES / game / "example.py"


class BotCheck:
    """The 'test my bot' box for ``game`` and the file at ``path`` (module docstring)."""

    def __init__(self, game: str, path: str | Path = "my_bots/my_bot.py",
                 move_seconds: float = 1.0, sub_game: str = "") -> None:
        self.game = game
        self.move_seconds = move_seconds
        #: the part of the game the bot plays alone ("": all of it; ``sub_games``)
        self.sub_game = sub_game
        self.name = w.Text(value=str(path), description="Your bot:",
                           layout=w.Layout(width="420px"))
        self.message = message_widget()
        self.report = w.HTML()
        self.out = w.Output()
        self.widget = w.VBox([
            self.name,
            w.HBox([button("Start from the example", "kw-bot-start", self.start, self.out),
                    button("Test my bot", "kw-bot-test", self.check, self.out)]),
            self.message, self.report, self.out])
        self.widget.add_class("kw-botcheck")

    @property
    def path(self) -> Path:
        """The bot file the box is about."""
        return Path(self.name.value.strip())

    def start(self) -> Path:
        """Copy the game's template to the file, unless the file exists; say which."""
        if self.path.exists():
            say(self.message, f"{self.path} already exists: it was left as it is.")
            return self.path
        self.path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(template(self.game), self.path)
        say(self.message, f"{self.path} is ready: open it, change choose(state), then test it.",
            "ok")
        return self.path

    def check(self) -> list[str]:
        """Play the bot (``check_bot``) and show what happened; the lines shown."""
        if not self.path.is_file():
            say(self.message, f"There is no file {self.path} yet: press 'Start from the "
                              f"example' first.", "error")
            return []
        say(self.message, "Playing a game from every seat...")
        lines = check_bot(str(self.path), self.game, move_seconds=self.move_seconds,
                          sub_game=self.sub_game)
        broke = lines[-1].startswith("It broke a rule") or lines[0].startswith("Your bot could")
        say(self.message, "Done." if not broke else "Done: your bot broke a rule.",
            "error" if broke else "ok")
        self.report.value = "".join(f"<p style='margin: 2px 0'>{_escape(line)}</p>"
                                    for line in lines)
        return lines

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _escape(text: str) -> str:
    import html

    from kwwidgets.common import escape_dollars

    return escape_dollars(html.escape(text))


__all__ = ["TEMPLATES", "BotCheck", "template"]
