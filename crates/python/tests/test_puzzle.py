"""Puzzles: loading, parsing, drawing, saving, their properties, moves and errors."""

import pytest

import blockslide
from blockslide import Move, Puzzle, PuzzleError

from conftest import ROOT, saved


def test_load_reads_the_file_as_written():
    text = (ROOT / "saved_puzzles" / "klotski.ron").read_text()
    klotski = saved("klotski")
    assert klotski == Puzzle.parse(text)
    assert (klotski.rows, klotski.cols) == (5, 4)
    assert klotski.metric == "move"
    assert klotski.kind == "blocks"
    assert not klotski.is_solved
    # The rows are the file's own board rows.
    assert klotski.board[0] == "B A A C"
    assert len(klotski.pieces) == len({c for row in klotski.board for c in row.split() if c not in ".#"})


def test_pieces_carry_their_cells_names_and_colours(two_ls):
    pieces = {p["piece"]: p for p in two_ls.pieces}
    assert pieces["2"]["name"] == "L2"
    assert pieces["2"]["color"] == "#2980b9"
    assert sorted(pieces["7"]["cells"]) == [(2, 0), (3, 0), (3, 1)]
    covered = sum(len(p["cells"]) for p in two_ls.pieces)
    assert covered == sum(1 for row in two_ls.board for c in row.split() if c != ".")


def test_save_and_to_ron_round_trip(tmp_path, two_ls):
    path = tmp_path / "copy.ron"
    two_ls.save(str(path))
    assert Puzzle.load(str(path)) == two_ls
    assert Puzzle.parse(two_ls.to_ron()) == two_ls
    assert path.read_text() == two_ls.to_ron()


def test_from_rows_builds_the_same_puzzle_as_its_file(two_ls):
    drawn = Puzzle.from_rows(two_ls.board, goal=two_ls.goal, metric="step", anywhere=True)
    assert drawn.board == two_ls.board
    assert drawn.metric == "step"
    assert drawn.solve(algorithm="bfs").length == two_ls.solve(algorithm="bfs", metric="step").length


def test_tiles_make_the_eight_puzzle(eight):
    numbers = [int(c) if c != "." else 0 for row in eight.board for c in row.split()]
    tiles = Puzzle.tiles(numbers)
    assert tiles.kind == "tiles"
    assert tiles.board == eight.board
    assert tiles.solve().length == eight.solve().length
    assert Puzzle.tiles([1, 2, 3, 4, 5, 6, 7, 8, 0]).is_solved


def test_rush_hour_reads_foglemans_notation():
    board = "BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN"
    puzzle = Puzzle.rush_hour(board)
    assert (puzzle.rows, puzzle.cols) == (6, 6)
    # One piece per distinct letter other than the empty and wall marks.
    assert len(puzzle.pieces) == len(set(board) - {"o", "x"})


def test_moves_are_legal_and_apply_makes_a_new_puzzle(eight):
    moves = eight.moves()
    # The blank is in the middle: four tiles can move into it.
    assert len(moves) == 4
    for move in moves:
        after = eight.apply(move)
        assert after != eight
        back = {"up": "down", "down": "up", "left": "right", "right": "left"}[move.direction]
        assert after.apply((move.piece, back, 1)) == eight
    with pytest.raises(ValueError, match="cannot move"):
        eight.apply(("1", "up", 1))


def test_moves_follow_the_metric(two_ls):
    step = two_ls.moves(metric="step")
    slide = two_ls.moves(metric="slide")
    assert all(m.distance == 1 for m in step)
    assert {m.as_tuple() for m in step} <= {(m.piece, m.direction, 1) for m in slide}
    assert len(slide) >= len(step)


def test_move_objects_compare_with_tuples():
    move = Move("A", "down", 2)
    assert move == ("A", "down", 2)
    assert move.steps == ["down", "down"]
    assert move.as_tuple() == ("A", "down", 2)
    assert hash(move) == hash(Move("A", "down", 2))
    with pytest.raises(ValueError, match="direction"):
        Move("A", "sideways")


def locate(text: str, needle: str):
    """The 1-based line and column where `needle` starts in `text`."""
    at = text.index(needle)
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, column


def test_errors_carry_the_line_and_column():
    text = '(\n    format: 1,\n    board: [\n        "A A .",\n        "A .",\n    ],\n)\n'
    with pytest.raises(PuzzleError) as caught:
        Puzzle.parse(text)
    error = caught.value
    line, column = locate(text, '"A ."')
    # On the short row's line, within its string.
    assert error.line == line
    assert column <= error.column < column + len('"A ."')
    assert "row 2" in error.message
    assert isinstance(error, ValueError)


def test_validation_errors_point_at_the_cell():
    # Piece B is written in two separate places: invalid.
    text = '(\n    format: 1,\n    board: [\n        "B . B",\n    ],\n)\n'
    with pytest.raises(PuzzleError) as caught:
        Puzzle.parse(text)
    assert caught.value.line == locate(text, '"B . B"')[0]
    assert caught.value.column is not None


def test_unknown_fields_and_missing_files():
    with pytest.raises(PuzzleError) as caught:
        Puzzle.parse("(\n    format: 1,\n    bored: [],\n)\n")
    assert caught.value.line == 3
    with pytest.raises(OSError):
        Puzzle.load(str(ROOT / "no-such-puzzle.ron"))
    with pytest.raises(PuzzleError):
        Puzzle.from_rows(["A A", "A"])
    # A puzzle drawn in Python has no file: its findings have no line or column.
    with pytest.raises(PuzzleError) as drawn:
        Puzzle.from_rows(["B . B"])
    assert drawn.value.line is None and "B" in drawn.value.message
    with pytest.raises(PuzzleError):
        Puzzle.rush_hour("too short")


def test_pictures_are_well_formed_svg(two_ls):
    import xml.etree.ElementTree as ET

    svg = ET.fromstring(two_ls._repr_svg_())
    ns = {"s": "http://www.w3.org/2000/svg"}
    labels = [t.text for t in svg.findall("s:text", ns)]
    assert sorted(labels) == sorted(p["piece"] for p in two_ls.pieces)
    goal_cells = svg.findall("s:rect[@class='goal']", ns)
    # "anywhere" goals float: no cell is outlined. An anchored goal outlines the cells it
    # still wants.
    assert goal_cells == []
    klotski = saved("klotski")
    outlined = ET.fromstring(klotski.to_svg()).findall("s:rect[@class='goal']", ns)
    wanted = sum(
        1
        for g_row, b_row in zip(klotski.goal, klotski.board)
        for g, b in zip(g_row.split(), b_row.split())
        if g != "." and g != b
    )
    assert len(outlined) == wanted > 0
    colours = {r.get("fill") for r in svg.findall("s:rect", ns)}
    assert {p["color"] for p in two_ls.pieces} <= colours


def test_labels_sit_on_their_piece(two_ls):
    import xml.etree.ElementTree as ET

    cell, margin = 40, 8
    svg = ET.fromstring(two_ls.to_svg())
    where = {
        t.text: (float(t.get("y")), float(t.get("x")))
        for t in svg.iter("{http://www.w3.org/2000/svg}text")
    }
    for piece in two_ls.pieces:
        y, x = where[piece["piece"]]
        row, col = int((y - margin) // cell), int((x - margin) // cell)
        assert (row, col) in piece["cells"], piece["piece"]
    # An L's label sits on its corner: the cell with two of the piece's cells beside it.
    l7 = next(p for p in two_ls.pieces if p["piece"] == "7")
    corner = next(
        c for c in l7["cells"] if sum(abs(c[0] - d[0]) + abs(c[1] - d[1]) == 1 for d in l7["cells"]) == 2
    )
    y, x = where["7"]
    assert (int((y - margin) // cell), int((x - margin) // cell)) == tuple(corner)
