"""A bar chart as SVG, for notebooks without matplotlib: ``bar_chart(labels, values)``
displays itself in Jupyter and has ``.svg``, the picture's text."""

from typing import Optional, Sequence
from xml.sax.saxutils import escape


class Chart:
    """An SVG picture that Jupyter displays (``_repr_svg_``)."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    title: str = "",
    log: bool = False,
    unit: Optional[str] = None,
) -> Chart:
    """Horizontal bars, one per label, each with its value written beside it.

    ``log=True`` draws lengths on a logarithmic scale (for node counts that differ by orders
    of magnitude); ``unit`` is written after each value.
    """
    import math

    if len(labels) != len(values):
        raise ValueError("bar_chart needs as many labels as values")
    row, label_width, bar_width, top = 24, 110, 360, 34 if title else 10
    height = top + row * len(labels) + 10
    width = label_width + bar_width + 130

    def length(v: float) -> float:
        if v <= 0:
            return 0.0
        return math.log10(v + 1) if log else float(v)

    largest = max((length(v) for v in values), default=0.0) or 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if title:
        parts.append(f'<text x="10" y="20" font-size="15" font-weight="bold">{escape(title)}</text>')
    for i, (label, value) in enumerate(zip(labels, values)):
        y = top + i * row
        w = bar_width * length(value) / largest
        shown = f"{value:,}" if isinstance(value, int) else f"{value:,.3g}"
        if unit:
            shown += f" {unit}"
        parts.append(
            f'<text x="{label_width - 8}" y="{y + 16}" text-anchor="end">{escape(str(label))}</text>'
            f'<rect x="{label_width}" y="{y + 4}" width="{w:.1f}" height="{row - 8}" fill="#4e79a7"/>'
            f'<text x="{label_width + w + 6:.1f}" y="{y + 16}">{escape(shown)}</text>'
        )
    parts.append("</svg>")
    return Chart("".join(parts))
