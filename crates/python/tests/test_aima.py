"""The student's own search on Blockslide's puzzles: AIMA's Problem, check, and Recorder."""

import pytest

import blockslide
from blockslide import Puzzle
from blockslide.aima import Problem

from conftest import Node, breadth_first_graph_search, saved


def astar_search(problem):
    """A* graph search as the seed notebooks write it (f = g + h, ties first in)."""
    import heapq
    import itertools

    counter = itertools.count()
    node = Node(problem.initial)
    frontier = [(problem.h(node), next(counter), node)]
    best = {node.state: 0}
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if problem.goal_test(node.state):
            return node
        if node.path_cost > best.get(node.state, float("inf")):
            continue
        for child in node.expand(problem):
            if child.path_cost < best.get(child.state, float("inf")):
                best[child.state] = child.path_cost
                heapq.heappush(frontier, (child.path_cost + problem.h(child), next(counter), child))
    return None


@pytest.mark.parametrize("name,metric", [("eight-14", None), ("two-ls-meet", "step"), ("two-ls-meet", "slide")])
def test_students_bfs_finds_the_engines_optimal_length(name, metric):
    puzzle = saved(name)
    goal = breadth_first_graph_search(Problem(puzzle, metric=metric))
    engine = puzzle.solve(algorithm="bfs", metric=metric)
    assert engine.optimal
    assert len(goal.solution()) == engine.length
    # The student's path is a real solution of the puzzle: check replays it on the model.
    verdict = blockslide.check(puzzle, goal.solution(), metric=metric)
    assert verdict.legal and verdict.solves and verdict.optimal


def test_students_astar_with_a_builtin_heuristic(eight):
    problem = Problem(eight, heuristic="manhattan")
    assert problem.h(Node(problem.initial)) > 0
    goal = astar_search(problem)
    assert goal.path_cost == eight.solve(algorithm="bfs").length
    assert problem.h(goal) == 0
    assert problem.value(goal.state) == 0


def test_states_are_hashable_and_merge_lookalike_pieces(two_ls):
    problem = Problem(two_ls, metric="step")
    start = problem.initial
    assert hash(start) == hash(problem.initial) and start == problem.initial
    # Every move and its undo lead back to the start.
    for action in problem.actions(start):
        child = problem.result(start, action)
        assert child != start
        back = {"up": "down", "down": "up", "left": "right", "right": "left"}[action.direction]
        assert problem.result(child, (action.piece, back, 1)) == start
    assert problem.path_cost(3, start, None, start) == 4
    with pytest.raises(ValueError, match="not a legal move"):
        problem.result(start, ("1", "up", 1))


def test_actions_are_the_puzzles_moves_in_the_engines_order(eight):
    problem = Problem(eight)
    assert [m.as_tuple() for m in problem.actions(problem.initial)] == [m.as_tuple() for m in eight.moves()]
    # Tile puzzles: the blank moves up, down, left, right, so the tiles above, below, left
    # and right of it move towards it in that order.
    assert [m.direction for m in problem.actions(problem.initial)] == ["down", "up", "right", "left"]
    assert problem.position(problem.initial) == eight


def test_check_names_the_first_illegal_move(eight):
    solution = eight.solve()
    moves = [m.as_tuple() for m in solution.moves]
    assert blockslide.check(eight, moves).optimal
    wrong = moves[:3] + [("1", "up", 1)] + moves[3:]
    verdict = blockslide.check(eight, wrong)
    assert not verdict.legal and not verdict.optimal
    assert verdict.first_illegal == 3
    assert "1" in verdict.message and "cannot move up" in verdict.message
    assert not verdict


def test_check_tells_a_long_way_round_from_the_shortest(eight):
    moves = list(eight.solve().moves)
    first = moves[0]
    back = {"up": "down", "down": "up", "left": "right", "right": "left"}[first.direction]
    detour = [first, (first.piece, back, 1)] + moves
    verdict = blockslide.check(eight, detour)
    assert verdict.legal and verdict.solves and not verdict.optimal
    assert verdict.length == len(moves) + 2 and verdict.optimal_length == len(moves)
    short = blockslide.check(eight, moves[:-1])
    assert short.legal and not short.solves and short.first_illegal is None


def test_check_refuses_a_long_step_in_the_step_metric(eight):
    verdict = blockslide.check(eight, [("5", "left", 2)])
    assert verdict.first_illegal == 0 and "step metric" in verdict.message


def test_recorder_writes_a_trace_the_core_reads_back(tmp_path, eight):
    problem = Problem(eight)
    recorder = blockslide.Recorder(problem, algorithm="bfs")
    calls = {"actions": 0}
    original = problem.actions

    def counted(state):
        calls["actions"] += 1
        return original(state)

    problem.actions = counted
    goal = breadth_first_graph_search(recorder)
    path = tmp_path / "student.jsonl"
    recorder.save(str(path))
    read = blockslide.read_trace(eight, "bfs", str(path))
    assert read["expanded"] == calls["actions"]
    assert read["goal"] and read["path_length"] == len(goal.solution())
    # One line an event, after the line naming the search.
    assert read["events"] == len(recorder) == len(path.read_text().splitlines()) - 1
    lines = path.read_text().splitlines()
    import json

    first = json.loads(lines[1])
    assert first["event"] == "root" and first["board"] == eight.board
    # The app's reader, which needs nothing but the file, reads the same search.
    summary = recorder.summary()
    assert {key: summary[key] for key in read} == read


def test_a_recorded_trace_names_its_search_and_reads_as_the_app_reads_it(tmp_path, two_ls):
    """A student's BFS, recorded and saved, is read by the core's reader the app's File >
    Open trace... uses, with nothing but the file: the puzzle, the algorithm and the metric
    come from its first line."""
    import json

    problem = Problem(two_ls, metric="slide", heuristic="goal-distance")
    recorder = blockslide.Recorder(problem, algorithm="bfs")
    goal = breadth_first_graph_search(recorder)
    path = tmp_path / "student.jsonl"
    recorder.save(str(path))
    search = json.loads(path.read_text().splitlines()[0])
    assert search["event"] == "search" and search["version"] == 1
    # BFS orders its frontier by no heuristic: the file names none.
    assert "heuristic" not in search
    read = blockslide.read_trace_file(str(path))
    assert read["algorithm"] == "bfs" and read["metric"] == "slide" and read["heuristic"] is None
    assert read["puzzle"].to_ron() == two_ls.to_ron()
    assert read["goal"] and read["path_length"] == len(goal.solution())
    assert read["expanded"] == sum(1 for line in path.read_text().splitlines() if '"expanded"' in line)
    # An informed search's file names its heuristic.
    greedy = blockslide.Recorder(problem, algorithm="greedy")
    greedy.record_expand(problem.initial)
    assert blockslide.read_trace_file(greedy.text())["heuristic"] == "goal-distance"


def test_a_trace_file_is_refused_at_its_line_and_column(tmp_path, eight):
    recorder = blockslide.Recorder(Problem(eight), algorithm="bfs")
    breadth_first_graph_search(recorder)
    lines = recorder.text().splitlines()
    lines[2] = lines[2][:9] + "}" + lines[2][9:]
    with pytest.raises(ValueError, match="line 3, column 10: expected value$"):
        blockslide.read_trace_file("\n".join(lines) + "\n")
    # Events without the line naming the search: the app could not tell what was searched.
    with pytest.raises(ValueError, match="line 2: a trace file starts with a `search` line"):
        blockslide.read_trace_file("\n" + "\n".join(recorder.text().splitlines()[1:]) + "\n")


def test_recorder_explicit_calls(eight):
    problem = Problem(eight)
    recorder = blockslide.Recorder(problem, algorithm="bfs")
    recorder.record_expand(problem.initial)
    for action in problem.actions(problem.initial):
        recorder.record_push(problem.result(problem.initial, action))
    summary = recorder.summary()
    assert summary["expanded"] == 1 and summary["generated"] == len(eight.moves())


def test_read_trace_refuses_a_broken_file(eight):
    with pytest.raises(ValueError, match="line 1"):
        blockslide.read_trace(eight, "bfs", '{"event": "warp"}\n')


def test_space_is_the_engines_state_space(two_ls):
    space = blockslide.Space(two_ls, "move", "goal-distance")
    assert (space.metric, space.heuristic) == ("move", "goal-distance")
    start = space.start()
    assert space.position(start) == two_ls
    assert space.estimate(start) > 0
    assert not space.is_goal(start)
    # Breadth-first from the start: the goal's depth is the engine's optimal length, and
    # the estimate never exceeds the true distance there (the heuristic is admissible).
    from collections import deque

    depth, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        if space.is_goal(state):
            break
        for move in space.moves(state):
            child = space.apply(state, move)
            if child not in depth:
                depth[child] = depth[state] + 1
                queue.append(child)
    assert depth[state] == two_ls.solve(algorithm="bfs", metric="move").length
    assert space.estimate(start) <= depth[state]
    assert "<svg" in space.svg(state)
    with pytest.raises(ValueError, match="unknown heuristic"):
        blockslide.Space(two_ls, None, "telepathy")


def test_bar_chart_draws_one_bar_per_value():
    import xml.etree.ElementTree as ET

    chart = blockslide.bar_chart(["a", "b", "c"], [1, 10, 100], title="t", log=True)
    svg = ET.fromstring(chart._repr_svg_())
    bars = [r for r in svg.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == "#4e79a7"]
    widths = [float(r.get("width")) for r in bars]
    assert len(bars) == 3 and widths == sorted(widths) and widths[0] > 0
    with pytest.raises(ValueError):
        blockslide.bar_chart(["a"], [1, 2])


CLI = __import__("os").environ.get("BLOCKSLIDE_CLI")


@pytest.mark.skipif(not CLI, reason="set BLOCKSLIDE_CLI to the blockslide binary (.ci/run does)")
@pytest.mark.parametrize("name", ["eight-14", "two-ls-meet"])
def test_a_students_bfs_records_the_engines_own_steps(tmp_path, name):
    """Blockslide's BFS, traced by the CLI, and the student's, recorded, take the same steps
    in the same order (the engine's move order) until the student's search stops at the goal
    it generates."""
    import json
    import subprocess

    from conftest import ROOT

    engine_file = tmp_path / "engine.jsonl"
    subprocess.run(
        [CLI, "solve", str(ROOT / "saved_puzzles" / f"{name}.ron"), "--algorithm", "bfs",
         "--metric", "step", "--threads", "1", "--trace", str(engine_file)],
        capture_output=True,
    )
    engine = [json.loads(line) for line in engine_file.read_text().splitlines()]
    recorder = blockslide.Recorder(Problem(saved(name), metric="step"), algorithm="bfs")
    breadth_first_graph_search(recorder)
    student = [json.loads(line) for line in recorder.text().splitlines()]
    assert student[-1]["event"] == "goal"
    steps = lambda lines: [(l["event"], l.get("fate"), l.get("move"), l.get("board")) for l in lines]
    # Every event before the student's goal is the engine's, which goes on expanding.
    assert steps(student[:-1]) == steps(engine[: len(student) - 1])
    assert sum(1 for l in student if l["event"] == "expanded") > 1000
