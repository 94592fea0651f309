"""A Kraftwagen bot for the workshop tournament: copy this file, rename it, improve `choose`.

Rules of the tournament: `choose(state)` gets the game as the player to move sees it and
returns one of `state.legal_action_ids()` within the time per move (1 s unless the teacher says
otherwise). A bot that raises, runs out of time or memory, or returns anything else loses that
game. Useful on `state`: `legal_action_ids()`, `current_player`, `clone()`, `apply(aid)`,
`scores()` (each company's reputation), `ACTIONS.from_id(aid)` (the action, printable: "start
Body2+Move2", "price 4"...). Try it:
`kw tournament --bots-dir workshop/bots/kraftwagen --bots greedy --games 6 --players 3`.

This example looks one decision ahead: it tries each action on a copy and keeps the one after
which the lab's evaluation of its company (reputation plus what the round is expected to bring,
`kwcore.bots.evaluate`) is highest. That is the built-in greedy bot's idea: beat it. Ideas: look
at the rivals' positions too, or two decisions ahead, or price cars differently.
"""

from kwcore.bots import evaluate


def choose(state):
    me = state.current_player
    best, best_value = None, None
    for aid in state.legal_action_ids():
        after = state.clone()
        after.apply(aid)
        value = evaluate(after, me)
        if best_value is None or value > best_value:
            best, best_value = aid, value
    return best
