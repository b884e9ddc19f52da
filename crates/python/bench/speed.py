"""The Python package's speed beside the CLI's (docs/performance.md, "From Python").

    python crates/python/bench/speed.py target/release/blockslide [ROUNDS]

Run from the repository's root with the package installed (`pip install ./crates/python`)
and the release CLI built (`cargo build --release -p blockslide --no-default-features`).
Each solve runs through the CLI and through the package in turn, ROUNDS times (default 7),
one thread each, both on the pattern-database cache the CLI uses (`$BLOCKSLIDE_CACHE_DIR`
or the user's cache folder), filled by a first untimed run. Times are wall-clock, taken with
`time.perf_counter` around the whole call: for the CLI a process start, the file read and the
JSON printed; for the package the call alone. The search's own time (`seconds` in both
reports) is printed beside them. Then the AIMA adapter's `actions` and `result` on the
8-puzzle, per call, and how soon Ctrl-C (SIGINT) stops a long breadth-first search.
"""

import json
import os
import signal
import statistics
import threading
import subprocess
import sys
import time
import timeit

import blockslide
from blockslide.aima import Problem

CASES = [
    ("Klotski, BFS, move metric", "saved_puzzles/klotski.ron", {"algorithm": "bfs", "metric": "move"}),
    ("Korf's first 15-puzzle, IDA*", "saved_puzzles/fifteen-korf-1.ron", {"algorithm": "idastar"}),
]


def cli_args(cli, path, options):
    args = [cli, "solve", path, "--threads", "1", "--json"]
    for key, value in options.items():
        args += [f"--{key}", value]
    return args


def main():
    cli = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    for title, path, options in CASES:
        puzzle = blockslide.Puzzle.load(path)
        # Untimed: builds and caches the pattern databases, warms the file cache.
        subprocess.run(cli_args(cli, path, options), check=True, capture_output=True)
        puzzle.solve(threads=1, **options)
        walls = {"cli": [], "python": []}
        searches = {"cli": [], "python": []}
        lengths = set()
        for _ in range(rounds):
            start = time.perf_counter()
            out = subprocess.run(cli_args(cli, path, options), check=True, capture_output=True, text=True)
            walls["cli"].append(time.perf_counter() - start)
            report = json.loads(out.stdout)
            searches["cli"].append(report["seconds"])
            lengths.add(report["length"])
            start = time.perf_counter()
            solution = puzzle.solve(threads=1, **options)
            walls["python"].append(time.perf_counter() - start)
            searches["python"].append(solution.stats["seconds"])
            lengths.add(solution.length)
        assert len(lengths) == 1, lengths
        cli_wall, py_wall = statistics.median(walls["cli"]), statistics.median(walls["python"])
        cli_search, py_search = statistics.median(searches["cli"]), statistics.median(searches["python"])
        print(
            f"{title}: length {lengths.pop()}; medians of {rounds}: "
            f"wall CLI {cli_wall * 1000:.2f} ms, Python {py_wall * 1000:.2f} ms "
            f"(Python/CLI {py_wall / cli_wall:.3f}); "
            f"search CLI {cli_search * 1000:.2f} ms, Python {py_search * 1000:.2f} ms "
            f"(Python/CLI {py_search / cli_search:.3f})"
        )
    eight = Problem(blockslide.Puzzle.load("saved_puzzles/eight-14.ron"))
    state = eight.initial
    action = eight.actions(state)[0]
    calls = 200_000
    for name, call in [
        ("actions", lambda: eight.actions(state)),
        ("result", lambda: eight.result(state, action)),
        ("goal_test", lambda: eight.goal_test(state)),
    ]:
        best = min(timeit.repeat(call, number=calls, repeat=5)) / calls
        print(f"8-puzzle Problem.{name}: {best * 1e6:.2f} us per call (best of 5 x {calls:,})")

    korf = blockslide.Puzzle.load("saved_puzzles/fifteen-korf-1.ron")
    latencies = []
    for _ in range(5):
        sent = []

        def interrupt():
            sent.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)

        timer = threading.Timer(0.5, interrupt)
        timer.start()
        try:
            korf.solve(algorithm="bfs", threads=1)
        except KeyboardInterrupt:
            latencies.append(time.perf_counter() - sent[0])
        timer.join()
    print(
        f"Ctrl-C during a BFS of Korf's first 15-puzzle: KeyboardInterrupt after "
        f"{statistics.median(latencies) * 1000:.1f} ms (median of 5, slowest {max(latencies) * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
