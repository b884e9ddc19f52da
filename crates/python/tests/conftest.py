"""Shared fixtures: the repository's puzzles, and a breadth-first search written as a student
writes one (AIMA's ``breadth_first_graph_search``), the oracle the engine is checked against."""

from collections import deque
from pathlib import Path

import pytest

import blockslide

ROOT = Path(__file__).resolve().parents[3]


def saved(name: str) -> blockslide.Puzzle:
    return blockslide.Puzzle.load(str(ROOT / "saved_puzzles" / f"{name}.ron"))


class Node:
    """AIMA's search-tree node, as the seed notebooks have it."""

    def __init__(self, state, parent=None, action=None, path_cost=0):
        self.state = state
        self.parent = parent
        self.action = action
        self.path_cost = path_cost
        self.depth = parent.depth + 1 if parent else 0

    def expand(self, problem):
        return [self.child_node(problem, a) for a in problem.actions(self.state)]

    def child_node(self, problem, action):
        nxt = problem.result(self.state, action)
        return Node(nxt, self, action, problem.path_cost(self.path_cost, self.state, action, nxt))

    def solution(self):
        return [node.action for node in self.path()[1:]]

    def path(self):
        node, back = self, []
        while node:
            back.append(node)
            node = node.parent
        return list(reversed(back))


def breadth_first_graph_search(problem):
    """AIMA's breadth-first graph search (3rd edition, figure 3.11)."""
    node = Node(problem.initial)
    if problem.goal_test(node.state):
        return node
    frontier = deque([node])
    in_frontier = {node.state}
    explored = set()
    while frontier:
        node = frontier.popleft()
        in_frontier.discard(node.state)
        explored.add(node.state)
        for child in node.expand(problem):
            if child.state not in explored and child.state not in in_frontier:
                if problem.goal_test(child.state):
                    return child
                frontier.append(child)
                in_frontier.add(child.state)
    return None


def count_reachable(problem):
    """Every state reachable from the start, by a plain breadth-first walk."""
    seen = {problem.initial}
    queue = deque([problem.initial])
    while queue:
        state = queue.popleft()
        for action in problem.actions(state):
            nxt = problem.result(state, action)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return len(seen)


@pytest.fixture
def eight():
    return saved("eight-14")


@pytest.fixture
def two_ls():
    return saved("two-ls-meet")
