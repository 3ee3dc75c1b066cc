"""``perfect_play.openspiel`` inside OpenSpiel itself (``open-spiel`` 2.0.2 from the package
index): ``PerfectBot`` playing OpenSpiel's games against OpenSpiel's bots,
``PerfectEvaluator`` inside OpenSpiel's ``MCTSBot``, ``labels`` and the conversions.

Where the expectations come from: OpenSpiel's rules (its states, legal actions and returns);
OpenSpiel's own ``MinimaxSolver`` (every state's value); and ``openspiel_reference.Negamax``,
a plain minimax with a memo over OpenSpiel's states written in these tests, for plies and
best moves (checked against the solver on every state used here, and on every state of
these games by ``test_openspiel.py``). No code of the package is used to decide what is
right. The games are tic-tac-toe and Connect Four 4x4 (rows and columns of 4), from seeded
random reachable states: a bot never ends a game below the state's value for its
player; two PerfectBots end exactly at the value, in exactly the plies the minimax counts.
Connect Four 5x4 and 4x5 (the ``large-games`` feature) are draws, as John Tromp's pages
publish (``../shared/fixtures/connect-four-facts.md``): two PerfectBots draw there.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed")
numpy = pytest.importorskip("numpy")

import perfect_play  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, get_all_states, mcts  # noqa: E402
from open_spiel.python.algorithms.minimax_solver import MinimaxSolver  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402
from openspiel_reference import Negamax  # noqa: E402

from perfect_play import openspiel as ps  # noqa: E402

GAMES = ["tic_tac_toe", "connect_four(rows=4,columns=4)"]
NEGAMAX: dict[str, Negamax] = {game: Negamax() for game in GAMES}
SOLVED: dict[str, Any] = {}


def value(game_string: str, state: Any) -> list[float]:
    """Each player's return with perfect play from ``state``, as OpenSpiel's own
    ``MinimaxSolver`` computes it over every state (its value is the mover's), checked
    against the plain negamax whose plies and best moves the tests also use."""
    if game_string not in SOLVED:
        SOLVED[game_string] = MinimaxSolver(game_string).solve()
    mover_value = SOLVED[game_string][str(state)].value
    first = mover_value if state.current_player() == 0 else -mover_value
    returns = [first, 0.0 - first]
    assert returns == NEGAMAX[game_string].returns(state), str(state)
    return returns


def starts(game_string: str, count: int, seed: int) -> list[Any]:
    """``count`` seeded random states reachable from the start (the start among them),
    none finished: a random number of uniformly random moves from the start."""
    game = pyspiel.load_game(game_string)
    rng = random.Random(seed)
    found = [game.new_initial_state()]
    while len(found) < count:
        state = game.new_initial_state()
        for _ in range(rng.randrange(0, game.max_game_length())):
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
        if not state.is_terminal():
            found.append(state)
    return found


def play(state: Any, bots: list[Any], seed: int) -> list[float]:
    """Plays ``bots`` from a copy of ``state`` with OpenSpiel's ``evaluate_bots``."""
    return list(evaluate_bots.evaluate_bots(state.clone(), bots, numpy.random.RandomState(seed)))


def mcts_bot(game: Any, simulations: int, seed: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(seed))
    return mcts.MCTSBot(
        game, 2.0, simulations, evaluator, random_state=numpy.random.RandomState(seed)
    )


@pytest.mark.parametrize("game_string", GAMES)
@pytest.mark.parametrize("opponent", ["random", "mcts"])
def test_perfect_bot_never_ends_below_the_value(game_string: str, opponent: str) -> None:
    game = pyspiel.load_game(game_string)
    count = 60 if opponent == "random" else 20
    for i, state in enumerate(starts(game_string, count, seed=7)):
        expected = value(game_string, state)
        for seat in (0, 1):
            other = (
                uniform_random.UniformRandomBot(1 - seat, numpy.random.RandomState(i))
                if opponent == "random"
                else mcts_bot(game, 25, seed=i)
            )
            perfect = ps.PerfectBot(game, seat, seed=i)
            bots = [perfect, other] if seat == 0 else [other, perfect]
            returns = play(state, bots, seed=i)
            assert returns[seat] >= expected[seat], (str(state), seat, returns, expected)


@pytest.mark.parametrize("game_string", GAMES)
def test_two_perfect_bots_reach_the_value_in_the_plies(game_string: str) -> None:
    game = pyspiel.load_game(game_string)
    negamax = NEGAMAX[game_string]
    for i, state in enumerate(starts(game_string, 60, seed=11)):
        bots = [ps.PerfectBot(game, 0, seed=i), ps.PerfectBot(game, 1, seed=i + 1)]
        end = state.clone()
        returns = evaluate_bots.evaluate_bots(end, bots, numpy.random.RandomState(i))
        assert list(returns) == value(game_string, state), str(state)
        _, plies = negamax(state)
        assert len(end.history()) - len(state.history()) == plies, str(state)


@pytest.mark.parametrize("game_string", GAMES)
def test_mcts_with_the_evaluator_at_2_simulations_picks_only_best_moves(
    game_string: str,
) -> None:
    game = pyspiel.load_game(game_string)
    negamax = NEGAMAX[game_string]
    evaluator = ps.PerfectEvaluator(game)
    for i, state in enumerate(starts(game_string, 300, seed=13)):
        bot = mcts.MCTSBot(
            game,
            2.0,
            2,
            evaluator,
            random_state=numpy.random.RandomState(i),
            child_selection_fn=mcts.SearchNode.puct_value,
        )
        assert bot.step(state) in negamax.best(state), str(state)


@pytest.mark.parametrize("simulations", [2, 10, 100])
def test_mcts_with_the_evaluator_plays_perfectly(simulations: int) -> None:
    game = pyspiel.load_game("connect_four(rows=4,columns=4)")
    evaluator = ps.PerfectEvaluator(game)
    for i, state in enumerate(starts("connect_four(rows=4,columns=4)", 10, seed=17)):
        for seat in (0, 1):
            searcher = mcts.MCTSBot(
                game,
                2.0,
                simulations,
                evaluator,
                random_state=numpy.random.RandomState(i),
                child_selection_fn=mcts.SearchNode.puct_value,
            )
            other = uniform_random.UniformRandomBot(1 - seat, numpy.random.RandomState(i))
            bots = [searcher, other] if seat == 0 else [other, searcher]
            returns = play(state, bots, seed=i)
            assert returns[seat] >= value("connect_four(rows=4,columns=4)", state)[seat]


def test_the_evaluator_gives_exact_returns_and_the_best_moves_as_prior() -> None:
    game = pyspiel.load_game("tic_tac_toe")
    negamax = NEGAMAX["tic_tac_toe"]
    evaluator = ps.PerfectEvaluator(game)
    for state in starts("tic_tac_toe", 200, seed=19):
        assert list(evaluator.evaluate(state)) == negamax.returns(state)
        prior = dict(evaluator.prior(state))
        assert sorted(prior) == sorted(state.legal_actions())
        best = negamax.best(state)
        assert {a for a, p in prior.items() if p > 0} == best
        assert sum(prior.values()) == pytest.approx(1.0)


def all_states(game_string: str) -> list[Any]:
    game = pyspiel.load_game(game_string)
    states = get_all_states.get_all_states(
        game, depth_limit=-1, include_terminals=True, include_chance_states=False, to_string=str
    )
    return list(states.values())


@pytest.mark.parametrize("game_string", ["tic_tac_toe", "misere(game=tic_tac_toe())"])
def test_labels_of_every_state_agree_with_the_minimax(game_string: str) -> None:
    negamax = NEGAMAX.setdefault(game_string, Negamax())
    states = all_states(game_string)
    assert len(states) == 5478
    labels = ps.labels(states)
    actions = pyspiel.load_game(game_string).num_distinct_actions()
    assert labels.returns.shape == (5478, 2) and labels.returns.dtype == numpy.float64
    assert labels.best.shape == (5478, actions) and labels.best.dtype == numpy.bool_
    # Asked again in the same call, a state's labels are copied from its first time.
    twice = ps.labels(states + states[::-1])
    assert (twice.returns[:5478] == labels.returns).all()
    assert (twice.returns[5478:] == labels.returns[::-1]).all()
    assert (twice.plies[5478:] == labels.plies[::-1]).all()
    assert (twice.best[5478:] == labels.best[::-1]).all()
    for i, state in enumerate(states):
        assert list(labels.returns[i]) == negamax.returns(state), str(state)
        assert labels.plies[i] == negamax(state)[1], str(state)
        assert set(numpy.flatnonzero(labels.best[i])) == negamax.best(state), str(state)


def test_step_with_policy_is_uniform_over_the_best_moves() -> None:
    game = pyspiel.load_game("tic_tac_toe")
    negamax = NEGAMAX["tic_tac_toe"]
    for i, state in enumerate(starts("tic_tac_toe", 200, seed=23)):
        bot = ps.PerfectBot(game, state.current_player(), seed=i)
        policy, chosen = bot.step_with_policy(state)
        best = negamax.best(state)
        assert [a for a, _ in policy] == state.legal_actions()
        for a, p in policy:
            assert p == pytest.approx(1 / len(best) if a in best else 0.0)
        assert chosen in best


def test_the_levels_play_as_their_names_say() -> None:
    game = pyspiel.load_game("tic_tac_toe")
    negamax = NEGAMAX["tic_tac_toe"]
    states = starts("tic_tac_toe", 300, seed=29)
    for i, state in enumerate(states):
        legal = state.legal_actions()
        losing = {a for a in legal if negamax(state.child(a))[0] == "win"}
        safe = ps.PerfectBot(game, state.current_player(), level="safe", seed=i)
        if losing != set(legal):
            assert safe.step(state) not in losing, str(state)
        policy = dict(ps.PerfectBot(game, 0, level="random").step_with_policy(state)[0])
        assert all(p == pytest.approx(1 / len(legal)) for p in policy.values())
    # A seeded bot replays its moves; skill:0 plays like random, so it loses sometimes.
    first = [ps.PerfectBot(game, 0, level="skill:40", seed=5).step(s) for s in states]
    again = [ps.PerfectBot(game, 0, level="skill:40", seed=5).step(s) for s in states]
    assert first == again
    weak = ps.PerfectBot(game, 0, level="skill:0", seed=1)
    strong = ps.PerfectBot(game, 1, seed=1)
    results = [play(game.new_initial_state(), [weak, strong], seed=s)[0] for s in range(40)]
    assert min(results) == -1.0
    with pytest.raises(ValueError, match="the levels are perfect, safe"):
        ps.PerfectBot(game, 0, level="grandmaster")


def test_game_for_and_the_conversions() -> None:
    assert ps.game_for(pyspiel.load_game("tic_tac_toe")).name == "tictactoe"
    four = pyspiel.load_game("connect_four(columns=4,rows=4,x_in_row=4)")
    assert ps.game_for(four).name == "connect4-4x4"
    # OpenSpiel's default Connect Four is 7x6: our connect4-7x6, answered by search, whose
    # opening book says the centre column is the one winning first move (Allis 1988).
    seven = pyspiel.load_game("connect_four")
    ours = ps.game_for(seven)
    assert (ours.name, ours.answered_by) == ("connect4-7x6", "search")
    start = ours.probe(ps.position(seven.new_initial_state()))
    assert start is not None and start.best_moves == ("4",) and start.plies == 41
    with pytest.raises(ValueError, match="breakthrough"):
        ps.game_for(pyspiel.load_game("breakthrough"))
    for game_string in GAMES:
        game = pyspiel.load_game(game_string)
        ours = ps.game_for(game)
        for state in starts(game_string, 50, seed=31):
            text = ps.position(state)
            assert ours.probe(text) is not None
            moves = sorted(ps.move(state, a) for a in state.legal_actions())
            assert sorted(ours.moves(text)) == moves
            for a in state.legal_actions():
                mv = ps.move(state, a)
                assert ps.action(state, mv) == a
                child = state.child(a)
                assert ps.position(child).replace("/", "") == ours.play(text, mv).replace("/", "")
            for illegal in set(range(game.num_distinct_actions())) - set(state.legal_actions()):
                with pytest.raises(ValueError, match="not legal"):
                    ps.move(state, illegal)


@pytest.mark.parametrize("name", ["connect4-5x4", "connect4-4x5"])
def test_the_large_connect_fours_are_openspiel_games(name: str) -> None:
    if name not in {g.name for g in perfect_play.games()}:
        pytest.skip(f"{name} is built only with the large-games feature")
    ours = perfect_play.game(name)
    game = pyspiel.load_game(f"connect_four(columns={ours.width},rows={ours.height})")
    assert ps.game_for(game) == ours
    # Two PerfectBots from the start draw: both boards are draws with perfect play (John
    # Tromp's Connect Four pages, in ../shared/fixtures/connect-four-facts.md).
    state = game.new_initial_state()
    returns = play(state, [ps.PerfectBot(game, 0, seed=1), ps.PerfectBot(game, 1, seed=2)], 1)
    assert returns == [0.0, 0.0]


def test_importing_the_package_needs_no_openspiel() -> None:
    code = "import sys, perfect_play; assert 'pyspiel' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
    missing = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "try:\n    import perfect_play.openspiel\n"
        "except ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", missing], capture_output=True, text=True)
    assert "pip install ./python[openspiel]" in out.stdout, out.stdout + out.stderr
