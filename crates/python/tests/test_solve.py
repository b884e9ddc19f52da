"""Solving: lengths against a student's breadth-first search, the CLI's statistics, limits,
cancellation, comparisons, analyses and counts."""

import json
import os
import signal
import subprocess
import threading
import time

import pytest

import blockslide
from blockslide import Puzzle
from blockslide.aima import Problem

from conftest import ROOT, breadth_first_graph_search, count_reachable, saved


def test_acceptance_klotski_in_81_moves():
    # Klotski's shortest solution in the move metric is the published 81 moves (Gardner);
    # the acceptance command prints it.
    solution = saved("klotski").solve(algorithm="bfs", metric="move")
    assert (solution.length, solution.optimal, solution.status) == (81, True, "solved")


@pytest.mark.parametrize("algorithm", ["bfs", "ucs", "astar", "iddfs", "idastar", "bibfs"])
def test_optimal_algorithms_find_the_students_bfs_length(eight, algorithm):
    expected = len(breadth_first_graph_search(Problem(eight)).solution())
    solution = eight.solve(algorithm=algorithm)
    assert solution.length == expected
    assert solution.optimal


def test_solution_moves_replay_to_the_goal(two_ls):
    solution = two_ls.solve(algorithm="astar", metric="slide")
    states = solution.states
    assert len(states) == solution.length + 1
    assert states[0] == two_ls and states[-1].is_solved
    position = two_ls
    for move, following in zip(solution.moves, states[1:]):
        position = position.apply(move)
        assert position == following
    assert blockslide.check(two_ls, solution.moves, metric="slide").optimal


def test_defaults_are_the_clis(eight):
    solution = eight.solve()
    assert solution.algorithm == "astar"
    assert solution.metric == eight.metric


CLI = os.environ.get("BLOCKSLIDE_CLI")


@pytest.mark.skipif(not CLI, reason="set BLOCKSLIDE_CLI to the blockslide binary (.ci/run does)")
def test_stats_are_exactly_the_clis_json():
    path = str(ROOT / "saved_puzzles" / "two-ls-meet.ron")
    cli = json.loads(
        subprocess.run(
            [CLI, "solve", path, "--algorithm", "bfs", "--metric", "slide", "--threads", "1", "--json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    solution = Puzzle.load(path).solve(algorithm="bfs", metric="slide", threads=1)
    report = solution.report
    assert set(report) <= set(cli)
    for key in ("expanded", "generated", "max_frontier", "duplicates", "depth", "length", "moves"):
        assert report[key] == cli[key], key
    assert set(solution.stats) == set(report) - {
        "algorithm", "heuristic", "length", "metric", "moves", "notes", "optimal", "puzzle",
        "puzzle_type", "status", "steps",
    }
    assert {"expanded", "generated", "max_frontier", "seconds"} <= set(solution.stats)


def test_limits_stop_a_search(eight):
    far = Puzzle.tiles([8, 6, 7, 2, 5, 4, 3, 0, 1])
    solution = far.solve(algorithm="bfs", max_nodes=100)
    assert solution.status == "node-limit"
    assert solution.length is None
    assert solution.stats["expanded"] <= 100
    with pytest.raises(ValueError, match="unknown algorithm"):
        eight.solve(algorithm="telepathy")
    with pytest.raises(ValueError, match="metric"):
        eight.solve(metric="leaps")


def test_keyboard_interrupt_cancels_a_long_search():
    # The first of Korf's 15-puzzles is far beyond breadth-first search's reach.
    korf = saved("fifteen-korf-1")
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        korf.solve(algorithm="bfs", threads=1)
    waited = time.perf_counter() - start
    timer.join()
    # The search stopped soon after the signal (the bound is loose: the test proves the
    # cancel, docs/performance.md measures how fast it is).
    assert waited < 5


def test_compare_gives_a_row_per_algorithm(eight):
    rows = blockslide.compare(eight, ["bfs", "dfs", "astar", "greedy"])
    assert [r["algorithm"] for r in rows] == ["bfs", "dfs", "astar", "greedy"]
    by = {r["algorithm"]: r for r in rows}
    assert by["bfs"]["length"] == by["astar"]["length"]
    assert by["astar"]["expanded"] <= by["bfs"]["expanded"]
    assert all({"expanded", "generated", "max_frontier", "seconds", "status"} <= set(r) for r in rows)
    bad = blockslide.compare(eight, ["bibfs", "nonsense"])
    assert bad[1]["status"] == "not-applicable" and "unknown algorithm" in bad[1]["error"]


def test_count_matches_a_walk_of_the_states():
    two_by_three = saved("two-by-three")
    counted = two_by_three.count()
    assert counted["states"] == count_reachable(Problem(two_by_three))
    assert sum(counted["per_depth"]) == counted["states"]
    assert counted["complete"]


def test_analyze_finds_the_hardest_start():
    two_by_three = saved("two-by-three")
    report = two_by_three.analyze()
    assert report["complete"]
    assert report["component"] == count_reachable(Problem(two_by_three))
    hardest = report["hardest"]
    assert hardest["distance"] == len(report["histogram"]) - 1
    # The hardest start, solved on its own, needs exactly that many moves.
    start = Puzzle.from_rows(hardest["board"], goal=two_by_three.goal)
    assert start.solve(algorithm="bfs").length == hardest["distance"]


def test_heuristics_list_what_applies(eight, two_ls):
    names = [h["name"] for h in eight.heuristics()]
    assert "manhattan" in names and "misplaced" in names
    assert all({"name", "admissible", "applicable"} <= set(h) for h in two_ls.heuristics())
    assert "bfs" in blockslide.algorithms()
