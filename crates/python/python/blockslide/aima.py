"""AIMA's ``Problem`` protocol over Blockslide's engine.

A notebook's own ``breadth_first_graph_search``, ``uniform_cost_search`` or ``astar_search``
(the textbook's ``search.py``) runs unchanged on any Blockslide puzzle: Klotski, Rush Hour,
the 8-puzzle, "two L's meet"::

    from blockslide import Puzzle
    from blockslide.aima import Problem

    problem = Problem(Puzzle.load("saved_puzzles/two-ls-meet.ron"), heuristic="manhattan")
    node = astar_search(problem)            # the notebook's own A*
    blockslide.check(problem.puzzle, node.solution())

States are the engine's positions: hashable, and equal when the engine takes them for one
position (pieces the goal cannot tell apart are interchangeable, as in the engine's own
searches), so a graph search explores the same positions as the engine. ``actions``
returns the moves in the engine's order, so a student's search expands successors in the
order Blockslide's does. Every action costs 1 in the puzzle's metric.
"""

from typing import Any, List, Optional

from blockslide._native import Move, Puzzle, Space, State


class Problem:
    """The AIMA ``Problem`` of a Blockslide puzzle.

    - ``puzzle``: the puzzle (its start is ``initial``).
    - ``metric``: how moves are counted (``step``, ``slide`` or ``move``; ``None``: the
      puzzle's own).
    - ``heuristic``: the built-in heuristic ``h`` estimates with (a name from
      ``puzzle.heuristics()``, e.g. ``manhattan`` on tile puzzles, ``goal-distance`` on
      block puzzles); ``None``: ``h`` is 0.
    """

    def __init__(self, puzzle: Puzzle, metric: Optional[str] = None, heuristic: Optional[str] = None):
        self.puzzle = puzzle
        self.space = Space(puzzle, metric, heuristic)
        self.initial: State = self.space.start()
        self.goal = None
        self.metric: str = self.space.metric
        self.heuristic: str = self.space.heuristic

    def actions(self, state: State) -> List[Move]:
        """The legal moves from ``state``, in the engine's order."""
        return self.space.moves(state)

    def result(self, state: State, action: Any) -> State:
        """The position ``action`` (a ``Move`` from ``actions``, or a
        ``(piece, direction, distance)`` tuple) reaches from ``state``."""
        return self.space.apply(state, action)

    def goal_test(self, state: State) -> bool:
        """Whether ``state`` satisfies the puzzle's goal."""
        return self.space.is_goal(state)

    def path_cost(self, c: float, state1: State, action: Any, state2: State) -> float:
        """The cost of a path that reaches ``state2`` from ``state1`` by ``action``, given
        that the path to ``state1`` cost ``c``: every move costs 1."""
        return c + 1

    def h(self, node: Any) -> int:
        """The built-in heuristic's estimate for ``node.state`` (a ``Node``, or a state)."""
        return self.space.estimate(getattr(node, "state", node))

    def value(self, state: State) -> int:
        """For local search (hill climbing): higher is better, the goal highest: minus the
        heuristic's estimate."""
        return -self.space.estimate(state)

    def position(self, state: State) -> Puzzle:
        """The puzzle in position ``state``: for drawing it or printing its board."""
        return self.space.position(state)

    def __repr__(self) -> str:
        return f"Problem({self.puzzle!r}, metric={self.metric!r}, heuristic={self.heuristic!r})"
