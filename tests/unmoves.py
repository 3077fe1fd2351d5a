"""Un-moves (``TierRules.parents``) checked along random games: the helper of the games' tests."""

import random

import numpy as np


def check_un_moves_on_random_games(game, games, moves, seed):
    """Play ``games`` random games of ``game`` from its start (``moves`` moves at most, each
    avoiding a position that ends the game while it can), asserting at every position that each
    parent the un-moves list has a move to it and each child lists it among its parents; return
    how many positions were checked."""
    rules = game.compiled()
    tiers = rules.tiers
    out = np.zeros(tiers.max_parents, dtype=np.int64)

    def parents(code):
        return set(out[:tiers.parents(rules.params, code, out)].tolist())

    rng = random.Random(seed)
    seen = 0
    for _ in range(games):
        code = rules.index(game.start())
        for _ in range(moves):
            if rules.primitive_value(code) is not None:
                break
            children = [c for _, c in rules.children(code)]
            for parent in parents(code):
                assert code in [c for _, c in rules.children(parent)], rules.decode(parent)
            for c in children:
                assert code in parents(c), (rules.decode(code), rules.decode(c))
            going = [c for c in children if rules.primitive_value(c) is None]
            code = rng.choice(going or children)
            seen += 1
    return seen
