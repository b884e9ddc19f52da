#!/usr/bin/env python3
"""The web page in a real browser: `blockslide export html` pages loaded from file:// in
headless Chromium through WebDriver (selenium).

    python3 .ci/browser/test_web_page.py BLOCKSLIDE_BINARY OUT_DIR

For each puzzle below it exports the page with the binary, checks that the page references
nothing outside itself (in its text, and no resource loaded), plays the exported optimal
solution through the page's API and then through real pointer events, checks "solved" with
the optimal length, and compares the page's legal moves with the core's on positions of the
core's own walk (`blockslide export moves`: 1,000 per puzzle and metric spread over the walk,
the whole component when smaller) in every metric. It also checks a collection page, a page without
solutions, hints, the solution slider, tap-then-tap and the arrow keys, and saves screenshots
in OUT_DIR. It prints what it compared, and exits 1 at the first failure.
"""

import json
import os
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (what it is, puzzle file): one of each kind the issue names.
PUZZLES = [
    ("Klotski", "saved_puzzles/klotski.ron"),
    ("Rush Hour", "saved_puzzles/rush-hour-54.ron"),
    ("zoned", "saved_puzzles/force-field.ron"),
    ("exit", "saved_puzzles/klotski-exit.ron"),
    ("tiles", "saved_puzzles/two-by-three.ron"),
    ("tiles", "saved_puzzles/eight-6.ron"),
]
METRICS = ["step", "slide", "move"]
SAMPLE = 1000
SIZE_LIMIT = 60 * 1024
DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def run(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        fail("blockslide %s: exit %d: %s" % (" ".join(args), out.returncode, out.stderr))
    return out.stdout


def browser():
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,900", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def open_page(driver, path):
    driver.get("file://" + path)
    for _ in range(100):
        if driver.execute_script("return !!window.blockslide"):
            break
        time.sleep(0.05)
    check(driver.execute_script("return !!window.blockslide"), "%s: no window.blockslide" % path)
    errors = driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    check(errors == [], "%s loaded resources: %s" % (path, errors))


def self_contained(path):
    """The page's text names nothing outside itself."""
    text = open(path, encoding="utf-8").read()
    bad = []
    for pattern in (r"<link\b", r"<img\b", r"<iframe\b", r"\bsrc\s*=", r"@import", r"url\((?!#)",
                    r"\bfetch\(", r"XMLHttpRequest", r"https?://(?!www\.w3\.org/2000/svg)"):
        if re.search(pattern, text):
            bad.append(pattern)
    check(not bad, "%s references something outside itself: %s" % (path, bad))
    return text


def api(driver, script, *args):
    return driver.execute_script("return window.blockslide." + script, *args)


def canonical(rows, kinds):
    """A position with every piece written as its kind: pieces of one kind are one another."""
    cells = [c for row in rows for c in row.split()]
    return tuple(c if c in (".", "#") else kinds.get(c, "\0" + c) for c in cells)


def compare_moves(driver, binary, label, puzzle):
    """The page's legal moves against the core's, on the core's walk, in every metric."""
    totals = []
    for metric in METRICS:
        sample = json.loads(run(binary, "export", "moves", puzzle, "--metric", metric,
                                "--positions", str(SAMPLE)))
        kinds = sample["kinds"]
        boards = [p["board"] for p in sample["positions"]]
        page = driver.execute_script(
            "var boards = arguments[0], metric = arguments[1], b = window.blockslide, out = [];"
            "boards.forEach(function (rows) { b.load(rows);"
            "  out.push(b.moves(metric).map(function (m) { return b.peek(m, metric); })); });"
            "return out;", boards, metric)
        moves = 0
        for position, theirs in zip(sample["positions"], page):
            core = sorted(canonical(s, kinds) for s in position["successors"])
            ours = sorted(canonical(s, kinds) for s in theirs)
            if core != ours:
                fail("%s (%s metric) at %s: the core has %d moves, the page %d\n core only: %s\n page only: %s" % (
                    label, metric, position["board"], len(core), len(ours),
                    sorted(set(core) - set(ours))[:3], sorted(set(ours) - set(core))[:3]))
            moves += len(core)
        check(len(page) == len(boards), "%s: the page answered %d positions of %d" % (label, len(page), len(boards)))
        whole = " (the whole component)" if sample["whole_component"] else ""
        print("  %s metric: %d positions%s, %d legal moves agree" % (metric, len(boards), whole, moves))
        totals.append((len(boards), moves))
    return totals


def cell_point(driver, row, col):
    """The viewport point at the centre of a board cell."""
    return driver.execute_script(
        "var s = document.getElementById('board'), m = s.getScreenCTM(), p = s.createSVGPoint();"
        "var cell = +s.getAttribute('data-cell');"
        "p.x = +s.getAttribute('data-x') + (arguments[1] + 0.5) * cell;"
        "p.y = +s.getAttribute('data-y') + (arguments[0] + 0.5) * cell;"
        "p = p.matrixTransform(m); return [p.x, p.y];",
        row, col)


def piece_cell(driver, piece):
    rows = api(driver, "state()")
    for r, row in enumerate(rows):
        for c, text in enumerate(row.split()):
            if text == piece:
                return r, c
    fail("piece %s is not on the board" % piece)


def drag(driver, start, end):
    actions = ActionChains(driver)
    pointer = actions.w3c_actions.pointer_action
    pointer.move_to_location(int(start[0]), int(start[1]))
    pointer.pointer_down()
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    pointer.move_to_location(int(mid[0]), int(mid[1]))
    pointer.move_to_location(int(end[0]), int(end[1]))
    pointer.pointer_up()
    actions.perform()


def tap(driver, point):
    actions = ActionChains(driver)
    pointer = actions.w3c_actions.pointer_action
    pointer.move_to_location(int(point[0]), int(point[1]))
    pointer.pointer_down()
    pointer.pointer_up()
    actions.perform()


def play_by_pointer(driver, solution):
    for i, move in enumerate(solution):
        dr = sum(DIRS[d][0] for d in move["steps"])
        dc = sum(DIRS[d][1] for d in move["steps"])
        r, c = piece_cell(driver, move["piece"])
        before = api(driver, "moveCount()")
        drag(driver, cell_point(driver, r, c), cell_point(driver, r + dr, c + dc))
        check(api(driver, "moveCount()") == before + 1,
              "the drag of move %d (%s) was not played" % (i + 1, move))


def status(driver):
    return driver.find_element("id", "status").text


def test_puzzle(driver, binary, out, label, puzzle):
    name = os.path.splitext(os.path.basename(puzzle))[0]
    page = os.path.join(out, name + ".html")
    run(binary, "export", "html", puzzle, "-o", page)
    self_contained(page)
    open_page(driver, page)
    data = json.loads(re.search(r'id="blockslide-data">(.*?)</script>', open(page, encoding="utf-8").read()).group(1))
    puzzle_data = data["puzzles"][0]
    if puzzle_data["table"] is None:
        check(os.path.getsize(page) < SIZE_LIMIT, "%s: %d bytes without a table" % (page, os.path.getsize(page)))
    print("%s (%s): %d bytes, optimal %s, table: %s" % (
        label, puzzle, os.path.getsize(page), puzzle_data["optimal"],
        "none" if puzzle_data["table"] is None else "%d positions" % len(puzzle_data["table"]["distances"])))
    driver.save_screenshot(os.path.join(out, name + "-start.png"))

    solution = api(driver, "solution()")
    optimal = api(driver, "optimal()")
    check(len(solution) == optimal, "%s: the solution has %d moves, optimal %s" % (label, len(solution), optimal))
    check(not api(driver, "solved()"), "%s: solved at the start" % label)
    for move in solution:
        check(api(driver, "moves()").count(move) == 1 or
              api(driver, "peek(arguments[0])", move) is not None, "%s: %s is not legal" % (label, move))
        check(api(driver, "play(arguments[0])", move), "%s: play(%s) refused" % (label, move))
    check(api(driver, "solved()"), "%s: not solved after the API played the solution" % label)
    check(api(driver, "moveCount()") == optimal, "%s: move count" % label)
    check("Solved in %d move" % optimal in status(driver) and str(optimal) in status(driver),
          "%s: the page says %r" % (label, status(driver)))
    # An illegal move is refused and changes nothing.
    check(api(driver, "play({piece: 'no such piece', steps: ['up']})") is False, "an unknown piece played")

    api(driver, "restart()")
    check(api(driver, "moveCount()") == 0 and not api(driver, "solved()"), "%s: restart" % label)
    play_by_pointer(driver, solution)
    check(api(driver, "solved()"), "%s: not solved after pointer play" % label)
    check("Solved in %d move" % optimal in status(driver), "%s: the page says %r after pointer play" % (label, status(driver)))
    driver.save_screenshot(os.path.join(out, name + "-solved.png"))
    print("  solved through the API and through %d pointer drags: %r" % (len(solution), status(driver)))

    # Undo and redo walk the history.
    api(driver, "undo()")
    check(api(driver, "moveCount()") == optimal - 1 and not api(driver, "solved()"), "%s: undo" % label)
    api(driver, "redo()")
    check(api(driver, "solved()"), "%s: redo" % label)
    return compare_moves(driver, binary, label, puzzle)


def test_hints_and_slider(driver, binary, out):
    page = os.path.join(out, "klotski.html")
    open_page(driver, page)
    optimal = api(driver, "optimal()")
    # From the start, hints are an optimal solution.
    for _ in range(optimal + 1):
        if api(driver, "solved()"):
            break
        hint = api(driver, "hint()")
        check(hint is not None, "no hint on Klotski's way")
        check(api(driver, "play(arguments[0])", hint), "a hint that is no legal move: %s" % hint)
    check(api(driver, "solved()") and api(driver, "moveCount()") == optimal,
          "hints from the start took %d moves, optimal %d" % (api(driver, "moveCount()"), optimal))
    # Off the solution's path (the first legal moves that leave it), hints come from the table:
    # the moves made plus the hints followed cannot beat the optimum, and exceed it by at most
    # twice the detour.
    api(driver, "restart()")
    first = api(driver, "solution()")[0]
    detour = [m for m in api(driver, "moves()") if m != first][:1]
    check(detour, "Klotski has a second move at the start")
    api(driver, "play(arguments[0])", detour[0])
    hints = 0
    while not api(driver, "solved()") and hints <= optimal + 2:
        check(api(driver, "play(arguments[0])", api(driver, "hint()")), "a table hint is illegal")
        hints += 1
    check(api(driver, "solved()") and optimal - 1 <= hints <= optimal + 1,
          "off the path: %d hints after 1 detour move, optimal %d" % (hints, optimal))
    print("hints: the optimal %d moves from the start; %d from one move off the path" % (optimal, hints))
    # The solution's slider shows every step.
    api(driver, "restart()")
    driver.find_element("id", "show-solution").click()
    slider = driver.find_element("id", "solution-slider")
    check(int(slider.get_attribute("max")) == optimal, "the slider's end is not the optimal length")
    driver.execute_script("var s = arguments[0]; s.value = s.max; s.dispatchEvent(new Event('input'));", slider)
    driver.save_screenshot(os.path.join(out, "klotski-solution-end.png"))
    shown = driver.execute_script("return document.querySelector('#solution p').textContent")
    check(("move %d of %d" % (optimal, optimal)) in shown, "the slider's end shows %r" % shown)
    print("solution slider: %r" % shown)


def test_gestures(driver, out):
    """Tap a piece then tap where it goes; select and press an arrow key."""
    open_page(driver, os.path.join(out, "klotski.html"))
    move = api(driver, "solution()")[0]
    r, c = piece_cell(driver, move["piece"])
    dr = sum(DIRS[d][0] for d in move["steps"])
    dc = sum(DIRS[d][1] for d in move["steps"])
    tap(driver, cell_point(driver, r, c))
    tap(driver, cell_point(driver, r + dr, c + dc))
    check(api(driver, "moveCount()") == 1, "tap then tap did not move %s" % move)
    api(driver, "undo()")
    one = [m for m in api(driver, "moves()") if len(m["steps"]) == 1][0]
    r, c = piece_cell(driver, one["piece"])
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()  # the tapped piece stays selected
    tap(driver, cell_point(driver, r, c))
    key = {"up": Keys.ARROW_UP, "down": Keys.ARROW_DOWN, "left": Keys.ARROW_LEFT, "right": Keys.ARROW_RIGHT}
    ActionChains(driver).send_keys(key[one["steps"][0]]).perform()
    check(api(driver, "moveCount()") == 1, "the arrow key did not move %s" % one)
    print("gestures: tap then tap, and an arrow key, each played one move")


def test_collection(driver, binary, out):
    page = os.path.join(out, "collection.html")
    files = [p for _, p in PUZZLES]
    run(binary, "export", "html", files[0], "--collection", *files[1:], "--title", "A <b>collection</b>",
        "--notes", "Five kinds of puzzle.", "-o", page)
    self_contained(page)
    open_page(driver, page)
    names = api(driver, "puzzles()")
    check(len(names) == len(files), "the menu has %d puzzles of %d" % (len(names), len(files)))
    check(driver.title == "A <b>collection</b>", "the title is %r" % driver.title)
    lengths = []
    for i in range(len(names)):
        api(driver, "select(arguments[0])", i)
        lengths.append(api(driver, "optimal()"))
    check(lengths == sorted(lengths), "the menu is not ordered by optimal length: %s" % lengths)
    api(driver, "select(0)")
    for move in api(driver, "solution()"):
        api(driver, "play(arguments[0])", move)
    check(api(driver, "solved()"), "collection: the first puzzle is not solved")
    driver.refresh()
    open_page(driver, page)
    label = driver.execute_script("return document.getElementById('menu').options[0].textContent")
    check("solved" in label, "the solved puzzle is not remembered after a reload: %r" % label)
    driver.save_screenshot(os.path.join(out, "collection.png"))
    print("collection: %d puzzles ordered by optimal length %s; solved state kept: %r" % (len(names), lengths, label))


def test_no_solution(driver, binary, out):
    page = os.path.join(out, "klotski-no-solution.html")
    run(binary, "export", "html", "saved_puzzles/klotski.ron", "--no-solution", "-o", page)
    size = os.path.getsize(page)
    check(size < SIZE_LIMIT, "a page without solution is %d bytes" % size)
    text = self_contained(page)
    check('"solution":[]' in text and '"table":null' in text, "--no-solution left a solution or table")
    open_page(driver, page)
    check(api(driver, "solution()") == [], "solution() is not empty with --no-solution")
    check(not driver.find_element("id", "hint").is_enabled(), "the hint button is enabled")
    check(api(driver, "optimal()") is not None, "the optimal length is gone")
    print("--no-solution: %d bytes (< %d), no solution, no hint" % (size, SIZE_LIMIT))


def main():
    if len(sys.argv) != 3:
        fail("usage: test_web_page.py BLOCKSLIDE_BINARY OUT_DIR")
    binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    driver = browser()
    try:
        totals = []
        for label, puzzle in PUZZLES:
            totals.extend(test_puzzle(driver, binary, out, label, puzzle))
        test_hints_and_slider(driver, binary, out)
        test_gestures(driver, out)
        test_collection(driver, binary, out)
        test_no_solution(driver, binary, out)
    finally:
        driver.quit()
    print("all browser tests passed: %d positions and %d legal moves compared; screenshots in %s" % (
        sum(p for p, _ in totals), sum(m for _, m in totals), out))


if __name__ == "__main__":
    main()
