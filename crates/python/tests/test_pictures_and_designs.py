"""Solutions as pictures (animated HTML, APNG), families and harder designs."""

import struct
import xml.etree.ElementTree as ET
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
