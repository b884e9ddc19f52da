"""Record a search written in Python, for the app's Watch view.

``Recorder(problem)`` is itself an AIMA ``Problem``: hand it to your search instead of the
problem, and it records every expansion (a call of ``actions``), every successor
(``result``) and the goal (``goal_test``) in Blockslide's trace format, which the app opens
with File > Open trace... and plays beside its own run of the same algorithm, the first
difference marked (the file's first line names the puzzle, the algorithm, the heuristic and
the metric, so the file is all the app needs)::

    recorder = blockslide.Recorder(problem, algorithm="bfs")
    breadth_first_graph_search(recorder)
    recorder.save("my-bfs.jsonl")

A search that does not go through those calls records its steps itself with
``record_expand(state)`` and ``record_push(state, parent)``.
"""

from collections import defaultdict, deque
from typing import Any, Deque, Dict, List, Optional, Set

from blockslide._native import State, TraceWriter, read_trace_file
from blockslide.aima import Problem

# The algorithms that order their frontier by a heuristic: their trace records its estimates.
_INFORMED = {"greedy", "astar", "wastar", "idastar"}


class Recorder:
    """An AIMA ``Problem`` that records the search run on it (see the module's docs).

    - ``problem``: a ``blockslide.aima.Problem``.
    - ``algorithm``: the CLI name of the algorithm the search implements (``bfs``, ``dfs``,
      ``ucs``, ``greedy``, ``astar``, ...): Watch replays the trace with that algorithm's
      frontier discipline and compares it with Blockslide's own run.
    """

    def __init__(self, problem: Problem, algorithm: str = "bfs"):
        self.problem = problem
        self.algorithm = algorithm
        self.initial: State = problem.initial
        self.goal = problem.goal
        self._informed = algorithm in _INFORMED
        # The file's first line names the search, so the app needs nothing but the file.
        self._trace = TraceWriter(
            problem.puzzle, algorithm, problem.metric, problem.heuristic if self._informed else None
        )
        self._g: List[int] = []
        # Nodes generated and not yet expanded, by state, oldest first.
        self._waiting: Dict[State, Deque[int]] = defaultdict(deque)
        self._seen: Set[State] = set()
        self._frontier = 0
        self._current: Optional[int] = None
        self._last_node: Dict[State, int] = {}
        root = self._trace.root(problem.space, self.initial, self._h(self.initial))
        self._g.append(0)
        self._queue(self.initial, root)

    def _h(self, state: State) -> int:
        return self.problem.h(state) if self._informed else 0

    def _queue(self, state: State, node: int) -> None:
        self._seen.add(state)
        self._waiting[state].append(node)
        self._last_node[state] = node
        self._frontier += 1

    # The Problem protocol, recorded.

    def actions(self, state: State) -> List[Any]:
        """The problem's actions; recorded as the expansion of ``state``."""
        self.record_expand(state)
        return self.problem.actions(state)

    def result(self, state: State, action: Any) -> State:
        """The problem's result; recorded as a successor of the node being expanded."""
        child = self.problem.result(state, action)
        self.record_push(child, state)
        return child

    def goal_test(self, state: State) -> bool:
        """The problem's goal test; a goal found is recorded."""
        found = self.problem.goal_test(state)
        if found and state in self._last_node:
            self._trace.goal(self._last_node[state])
        return found

    def path_cost(self, c: float, state1: State, action: Any, state2: State) -> float:
        """The problem's path cost."""
        return self.problem.path_cost(c, state1, action, state2)

    def h(self, node: Any) -> int:
        """The problem's heuristic."""
        return self.problem.h(node)

    def value(self, state: State) -> int:
        """The problem's value."""
        return self.problem.value(state)

    # Explicit recording.

    def record_expand(self, state: State) -> None:
        """Records that the search takes ``state`` from its frontier and expands it."""
        before = self._frontier
        waiting = self._waiting.get(state)
        if waiting:
            node = waiting.popleft()
            self._frontier -= 1
        else:
            # Expanded without being pushed (a search that re-expands): its latest node.
            node = self._last_node.get(state, 0)
        self._trace.expanded(node, before)
        self._current = node

    def record_push(self, state: State, parent: Optional[State] = None) -> None:
        """Records a successor ``state`` of ``parent`` (default: the state being expanded):
        queued when its state is new, a duplicate otherwise."""
        if parent is not None and self._current is None:
            self._current = self._last_node.get(parent)
        parent_node = self._current if self._current is not None else 0
        g = self._g[parent_node] + 1
        fate = "duplicate" if state in self._seen else "queued"
        node = self._trace.generated(parent_node, self.problem.space, state, g, self._h(state), fate)
        self._g.append(g)
        if fate == "queued":
            self._queue(state, node)

    # The trace.

    def __len__(self) -> int:
        """How many events are recorded."""
        return len(self._trace)

    def text(self) -> str:
        """The trace file's text (one JSON object a line)."""
        return self._trace.text()

    def save(self, path: str) -> None:
        """Writes the trace file at ``path``, for the app's File > Open trace..."""
        self._trace.save(path)

    def summary(self) -> Dict[str, Any]:
        """The trace as the app reads it back (``read_trace_file``): events, nodes, expanded,
        generated, duplicates, whether it reached the goal and the goal's depth, and the
        puzzle, algorithm, heuristic and metric its first line names."""
        return read_trace_file(self.text())
