"""An Automobiles bot for the workshop tournament: copy this file, rename it, improve `choose`.

Rules of the tournament: `choose(state)` gets the race as the player to move sees it (the bag's
next draws are unknown to you) and returns one of `state.legal_action_ids()` within the time per
move (1 s unless the teacher says otherwise). A bot that raises, runs out of time or memory, or
returns anything else loses that race. Useful on `state`: `legal_action_ids()`,
`current_player`, `clone()`, `apply(aid)`, `scores()` (each car's distance),
`ACTIONS.from_id(aid)` (the action, printable: "buy white", "play darkgrey"...). Try it:
`kw tournament --game automobiles --bots-dir workshop/bots/automobiles --bots greedy --games 3
--players 3`.

This example plays exactly as the built-in greedy bot (furthest for the least wear; it buys the
dearest gear it can): change one thing and see whether it beats the original. Ideas: buy by
what the bag will draw (the lab's `solvers.automobiles.odds`), pit earlier, keep money back.
"""

from automobiles.bots import GreedyBot

_greedy = GreedyBot(seed=0)


def choose(state):
    choice = _greedy.choose(state)
    # Your change here: look at str(state.ACTIONS.from_id(choice)) and the other legal actions.
    return choice
