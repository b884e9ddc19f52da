"""The example notebook runs through a real Python kernel, and its pictures are well-formed."""

import xml.etree.ElementTree as ET

from conftest import ROOT
from test_pictures_and_designs import Elements, frames_of

NOTEBOOK = ROOT / "examples" / "notebooks" / "blockslide-tour.ipynb"


def test_the_tour_notebook_runs_and_its_pictures_are_well_formed():
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(str(NOTEBOOK), as_version=4)
    folder = NOTEBOOK.parent
    try:
        NotebookClient(
            notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
        ).execute()
    finally:
        (folder / "my-bfs.jsonl").unlink(missing_ok=True)
    svgs, htmls = [], []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", output
            data = output.get("data", {})
            if "image/svg+xml" in data:
                svgs.append(data["image/svg+xml"])
            if "text/html" in data:
                htmls.append(data["text/html"])
    # Two boards and the chart; the solution's animation.
    assert len(svgs) >= 3 and len(htmls) >= 1
    for svg in svgs:
        ET.fromstring(svg)
    for html in htmls:
        parser = Elements()
        parser.feed(html)
        parser.close()
        assert parser.stack == []
        assert len(frames_of(html)) > 1
        for _, attrs in parser.tags:
            assert "src" not in attrs and "href" not in attrs
