"""Blockslide in Python: sliding puzzles at native speed, for notebooks.

Load or draw a puzzle, run every search algorithm with the statistics the CLI prints, see
boards and solutions as pictures, run your own search on Blockslide's puzzles and have it
checked, and record it for the app's Watch view::

    import blockslide
    klotski = blockslide.Puzzle.load("saved_puzzles/klotski.ron")
    solution = klotski.solve(algorithm="bfs", metric="move")
    solution.length, solution.optimal, solution.stats["expanded"]

- ``Puzzle``: ``load``, ``parse``, ``from_rows``, ``tiles``, ``rush_hour``; ``solve``,
  ``analyze``, ``count``, ``heuristics``, ``moves``, ``apply``, ``improve``; pictures.
- ``Solution``: ``length``, ``optimal``, ``moves``, ``states``, ``status``, ``stats``;
  an animation in notebooks, ``to_svg``, ``save_animation``.
- ``check(puzzle, moves)``: is a student's solution legal, how long, optimal?
- ``compare(puzzle, algorithms)``: one row per algorithm, for printing or pandas.
- ``family(spec)``: every cluster of a family of puzzles.
- ``aima.Problem``: AIMA's ``Problem`` protocol over the engine; ``Recorder`` writes a
  search's trace for the app's Watch view (File > Open trace...), ``read_trace_file``
  reads one back as the app does.
- ``bar_chart(labels, values)``: an SVG bar chart, for notebooks without matplotlib.
"""

from typing import Any, Dict, Iterable, Iterator, List, Optional

from blockslide._errors import PuzzleError
from blockslide._native import (
    CheckResult,
    Move,
    Puzzle,
    Solution,
    Space,
    State,
    TraceWriter,
    algorithms,
    check,
    heuristics,
    read_trace,
    read_trace_file,
)
from blockslide._native import family_clusters as _family_clusters
from blockslide import aima
from blockslide.charts import bar_chart
from blockslide.recorder import Recorder

__all__ = [
    "CheckResult",
    "Move",
    "Puzzle",
    "PuzzleError",
    "Recorder",
    "Solution",
    "Space",
    "State",
    "TraceWriter",
    "aima",
    "algorithms",
    "bar_chart",
    "check",
    "compare",
    "family",
    "heuristics",
    "read_trace",
    "read_trace_file",
]


def compare(
    puzzle: Puzzle,
    algorithms: Iterable[str] = ("bfs", "dfs", "ucs", "greedy", "astar", "iddfs", "idastar"),
    heuristic: Optional[str] = None,
    metric: Optional[str] = None,
    max_nodes: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """Solves ``puzzle`` with each of ``algorithms`` and returns one row per algorithm.

    Each row is a dict: ``algorithm``, ``heuristic``, ``length``, ``optimal``, ``status``,
    then the statistics of the CLI's ``solve --json`` (``expanded``, ``generated``,
    ``max_frontier``, ``seconds``, ...). An algorithm that does not apply to the puzzle gets
    the status ``not-applicable`` and an ``error`` saying why. The rows print as a table or go
    straight into ``pandas.DataFrame(rows)``.
    """
    rows: List[Dict[str, Any]] = []
    for name in algorithms:
        try:
            solution = puzzle.solve(
                algorithm=name,
                heuristic=heuristic,
                metric=metric,
                max_nodes=max_nodes,
                time_limit=time_limit,
                threads=threads,
            )
        except ValueError as error:
            rows.append({"algorithm": name, "status": "not-applicable", "error": str(error)})
            continue
        row: Dict[str, Any] = {
            "algorithm": solution.algorithm,
            "heuristic": solution.heuristic,
            "length": solution.length,
            "optimal": solution.optimal,
            "status": solution.status,
        }
        row.update(solution.stats)
        rows.append(row)
    return rows


def family(
    spec: str,
    max_nodes: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
) -> Iterator[Dict[str, Any]]:
    """Every solvable cluster of a family of puzzles, in the family's order, as the walk finds
    them (it runs on other threads, ``threads`` of them, 0 or ``None``: every core).

    ``spec`` is a family file's path or its text (the format of ``families/``). Each cluster
    is a dict as the CLI's ``family --json`` lists it (``moves``, ``board``, ``states``,
    ``histogram``, ...) plus ``puzzle``, its hardest start as a ``Puzzle``. Leaving the loop
    stops the walk; Ctrl-C while waiting raises ``KeyboardInterrupt``.
    """
    return _family_clusters(spec, max_nodes, time_limit, threads)
