"""Solutions as pictures (animated HTML, APNG), families and harder designs."""

import struct
import xml.etree.ElementTree as ET
import zlib
from html.parser import HTMLParser

import blockslide
from blockslide import Puzzle

from conftest import ROOT, saved


class Elements(HTMLParser):
    """The elements of an HTML fragment, with their attributes; fails on unbalanced tags."""

    VOID = {"input", "br", "img", "meta", "link", "hr"}

    def __init__(self):
        super().__init__()
        self.stack, self.tags, self.scripts = [], [], []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)
        self._in_script = tag == "script"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def frames_of(html: str):
    """The SVG frames inside the animation's HTML, parsed as XML."""
    out, at = [], 0
    while (start := html.find("<svg", at)) >= 0:
        end = html.index("</svg>", start) + len("</svg>")
        out.append(ET.fromstring(html[start:end]))
        at = end
    return out


def test_solution_animation_is_self_contained_html(two_ls):
    solution = two_ls.solve(algorithm="bfs", metric="move")
    html = solution._repr_html_()
    parser = Elements()
    parser.feed(html)
    parser.close()
    assert parser.stack == []
    frames = frames_of(html)
    assert len(frames) == solution.length + 1
    # Nothing is fetched: no element refers to another file or address.
    for tag, attrs in parser.tags:
        assert "src" not in attrs and "href" not in attrs, tag
    assert parser.scripts and "http" not in "".join(parser.scripts)
    # Each frame is the position after that many moves.
    assert ET.tostring(frames[-1]) == ET.tostring(ET.fromstring(solution.states[-1].to_svg()))
    assert solution.to_svg(0) == two_ls.to_svg()


def png_chunks(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, []
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        chunks.append((kind, data[at + 8 : at + 8 + length]))
        at += 12 + length
    return chunks


def test_save_animation_writes_an_apng_frame_per_position(tmp_path, eight):
    solution = eight.solve()
    path = tmp_path / "eight.png"
    solution.save_animation(str(path), delay=0.25)
    chunks = png_chunks(path.read_bytes())
    kinds = [k for k, _ in chunks]
    assert b"acTL" in kinds
    frames, _plays = struct.unpack(">II", dict(chunks)[b"acTL"])
    assert frames == len(solution.states) == kinds.count(b"fcTL")


def apng_frames(data: bytes):
    """Every frame of an 8-bit RGB APNG whose frames each cover the whole picture, decoded
    (PNG's row filters undone) as rows of (r, g, b) pixels, with each frame's delay in seconds."""
    chunks = png_chunks(data)
    width, height, depth, colour = struct.unpack(">IIBB", dict(chunks)[b"IHDR"][:10])
    assert (depth, colour) == (8, 2), "8-bit RGB"
    frames, data_of = [], None
    for kind, body in chunks:
        if kind == b"fcTL":
            _seq, w, h, x, y, num, den = struct.unpack(">IIIIIHH", body[:24])
            assert (w, h, x, y) == (width, height, 0, 0), "every frame is whole"
            frames.append({"delay": num / (den or 100), "data": b""})
        elif kind == b"IDAT" and frames:
            frames[-1]["data"] += body
        elif kind == b"fdAT":
            frames[-1]["data"] += body[4:]
    stride = 3 * width
    for frame in frames:
        raw, rows, previous = zlib.decompress(frame["data"]), [], bytearray(stride)
        for r in range(height):
            at = r * (stride + 1)
            kind, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
            for i in range(stride):
                left = line[i - 3] if i >= 3 else 0
                up, corner = previous[i], previous[i - 3] if i >= 3 else 0
                if kind == 1:
                    line[i] = (line[i] + left) & 255
                elif kind == 2:
                    line[i] = (line[i] + up) & 255
                elif kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 255
                elif kind == 4:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                    line[i] = (line[i] + pred) & 255
            rows.append([tuple(line[i : i + 3]) for i in range(0, stride, 3)])
            previous = line
        frame["pixels"] = rows
        del frame["data"]
    return width, height, frames


def svg_labels(svg: str):
    """The board picture's labels: (x, y, colour as (r, g, b), text)."""
    out = []
    for el in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"):
        fill = el.get("fill").lstrip("#")
        colour = tuple(int(fill[i : i + 2], 16) for i in (0, 2, 4))
        out.append((float(el.get("x")), float(el.get("y")), colour, el.text))
    return out


def colours_around(pixels, x: float, y: float, reach: int):
    """The colours of the square of pixels `reach` either side of (x, y)."""
    rows, cols = range(int(y) - reach, int(y) + reach), range(int(x) - reach, int(x) + reach)
    return {pixels[r][c] for r in rows for c in cols}


def test_the_apng_draws_labels_goal_and_captions_as_the_app_does(tmp_path, two_ls):
    solution = two_ls.solve(algorithm="bfs")
    path = tmp_path / "two-ls.png"
    solution.save_animation(str(path), delay=0.25)
    width, height, frames = apng_frames(path.read_bytes())
    assert len(frames) == len(solution.states) == solution.length + 1
    # The frame delays: each frame `delay`, the last twice as long.
    assert [f["delay"] for f in frames] == [0.25] * (len(frames) - 1) + [0.5]
    start_svg = ET.fromstring(two_ls.to_svg())
    board_width, board_height = int(start_svg.get("width")), int(start_svg.get("height"))
    # The board as the SVG lays it out, a caption strip under it.
    assert width == board_width and height > board_height
    for frame, state in zip(frames, solution.states):
        pixels = frame["pixels"]
        labels = svg_labels(state.to_svg())
        assert labels
        for x, y, ink, text in labels:
            # The label's colour is inked where the SVG puts the label, inside its piece.
            assert ink in colours_around(pixels, x, y, 8), (text, x, y)
    # Each frame has its own caption in the strip under the board: inked, and differing from
    # one frame to the next.
    strips = [tuple(map(tuple, f["pixels"][board_height:])) for f in frames]
    for strip in strips:
        assert len({p for row in strip for p in row}) > 1, "the caption is inked"
    assert len(set(strips)) == len(strips)


def test_the_apng_outlines_the_goals_unfilled_cells_until_they_are_filled(tmp_path):
    puzzle = saved("blocks-tiny")
    solution = puzzle.solve(algorithm="bfs")
    path = tmp_path / "tiny.png"
    solution.save_animation(str(path))
    _, _, frames = apng_frames(path.read_bytes())
    start = ET.fromstring(puzzle.to_svg())
    stroke = next(el for el in start.iter() if el.get("class") == "goal").get("stroke").lstrip("#")
    outline = tuple(int(stroke[i : i + 2], 16) for i in (0, 2, 4))
    for frame, state in zip(frames, solution.states):
        svg = ET.fromstring(state.to_svg())
        # The cells the SVG outlines (each a goal rectangle inset 3 units in its cell).
        cells = []
        for goal in (el for el in svg.iter() if el.get("class") == "goal"):
            x, y = float(goal.get("x")) - 3, float(goal.get("y")) - 3
            cells.append((x, y, float(goal.get("width")) + 6))
        board = frame["pixels"][: int(svg.get("height"))]
        inked = [(c, r) for r, row in enumerate(board) for c, p in enumerate(row) if p == outline]
        # The frame outlines exactly where the SVG does: some pixels when it outlines cells
        # (one dashed shape round neighbouring cells), every one of them inside those cells.
        assert bool(inked) == bool(cells)
        for c, r in inked:
            assert any(x <= c < x + side and y <= r < y + side for x, y, side in cells), (c, r)
    # Solved: nothing is outlined, in the SVG nor in the last frame's board.
    last = ET.fromstring(solution.states[-1].to_svg())
    assert not [el for el in last.iter() if el.get("class") == "goal"]
    board = frames[-1]["pixels"][: int(last.get("height"))]
    assert outline not in {p for row in board for p in row}


def test_a_label_is_drawn_in_the_cells_of_its_piece_only(tmp_path, eight):
    solution = eight.solve()
    path = tmp_path / "eight.png"
    solution.save_animation(str(path), delay=0.1)
    _, _, frames = apng_frames(path.read_bytes())
    first, second = frames[0]["pixels"], frames[1]["pixels"]
    labels = svg_labels(eight.to_svg())
    moved = solution.moves[0].piece
    x, y, ink, _ = next(label for label in labels if label[3] == str(moved))
    # Where the moved tile stood its label was; after the move that cell is empty, so the
    # label's ink has gone from it.
    assert ink in colours_around(first, x, y, 8)
    assert ink not in colours_around(second, x, y, 8)


def test_family_lists_every_solvable_cluster():
    clusters = list(blockslide.family(str(ROOT / "families" / "small-blocks.ron"), threads=1))
    assert clusters
    for cluster in clusters[:5]:
        assert {"moves", "board", "states"} <= set(cluster)
        # The hardest start's distance is what the engine's own solve finds from it.
        puzzle = cluster["puzzle"]
        assert isinstance(puzzle, Puzzle)
        assert puzzle.solve(algorithm="bfs").length == cluster["moves"]


def test_family_stops_when_the_reader_leaves():
    walk = blockslide.family(str(ROOT / "families" / "small-blocks.ron"), threads=1)
    first = next(walk)
    assert first == next(iter(blockslide.family(str(ROOT / "families" / "small-blocks.ron"), threads=1)))
    del walk
    # A family given as text walks the same.
    text = (ROOT / "families" / "small-blocks.ron").read_text()
    assert [c["board"] for c in blockslide.family(text, threads=1)] == [
        c["board"] for c in blockslide.family(str(ROOT / "families" / "small-blocks.ron"), threads=2)
    ]


def test_improve_finds_designs_whose_hardest_start_it_proves():
    puzzle = saved("blocks-tiny")
    found = puzzle.improve(time_limit=5, max_candidates=40, threads=1, seed=7)
    assert {"status", "candidates", "designs"} <= set(found)
    assert found["candidates"] <= 40
    for design in found["designs"]:
        report = design["puzzle"].analyze()
        assert report["complete"]
        assert report["hardest"]["distance"] == design["length"]


def test_a_long_delay_holds_the_last_frame_twice_as_long(tmp_path):
    # 40 s: twice that no longer fits a frame's 16-bit delay in milliseconds.
    solution = saved("blocks-tiny").solve(algorithm="bfs")
    path = tmp_path / "slow.png"
    solution.save_animation(str(path), delay=40)
    _, _, frames = apng_frames(path.read_bytes())
    assert [f["delay"] for f in frames] == [40.0] * (len(frames) - 1) + [80.0]
