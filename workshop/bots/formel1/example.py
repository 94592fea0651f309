"""A Formel 1 bot for the workshop tournament: copy this file, rename it, improve `choose`.

Rules of the tournament: `choose(state)` gets the game as the player to move sees it (the other
players' hands are re-dealt at random: you never see them) and returns one of
`state.legal_action_ids()` within the time per move (1 s unless the teacher says otherwise). A
bot that raises, runs out of time or memory, or returns anything else loses that game. Useful on
`state`: `legal_action_ids()`, `current_player`, `clone()`, `apply(aid)`, `scores()` (each
player's money), `ACTIONS.from_id(aid)` (the action, printable: "pass", "bid 30", "play 4"...).
Try it: `kw tournament --game formel1 --bots-dir workshop/bots/formel1 --bots greedy --games 6
--players 3`.

This example bids at most $40K for a car, and otherwise looks one decision ahead: it tries each
action on a copy and keeps the one after which the lab's evaluation of its money and cars
(`formel1.bots.evaluate`) is highest. Ideas: value each car by your hand before bidding, hold
back a card that blocks a rival.
"""

from formel1.bots import evaluate


def choose(state):
    me = state.current_player
    legal = state.legal_action_ids()
    affordable = [a for a in legal if not _bid_above(state, a, 40)]
    best, best_value = None, None
    for aid in affordable or legal:
        after = state.clone()
        after.apply(aid)
        value = evaluate(after, me)
        if best_value is None or value > best_value:
            best, best_value = aid, value
    return best


def _bid_above(state, aid, limit):
    words = str(state.ACTIONS.from_id(aid)).split()
    return len(words) == 2 and words[0] == "bid" and int(words[1]) > limit
