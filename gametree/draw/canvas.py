"""Rendering a drawing to SVG or PNG with matplotlib, one inch per unit of the canvas.

The canvas is a matplotlib axes whose data unit is one inch, so node shapes, gaps and text
keep their size however large the tree: a bigger tree makes a bigger picture, not a smaller
font. Sizes of labels are estimated from the number of characters (DejaVu Sans, which
matplotlib ships, has digits 0.64 em wide).

How the drawing reads (the legend says it too):

- players by shape and colour: player 0 (Max) a blue square, player 1 (Min) a vermilion
  circle, as in Korf's figures; then a green triangle, a pink diamond, an orange pentagon and
  a sky-blue hexagon (colours from Okabe and Ito's palette for colour-blind readers); with
  more than two players each shape also carries its player's number;
- a leaf is a box holding its value (a vector one component per line), with a dark badge
  under it giving the evaluation order (several numbers if it was read more than once);
- an interior node shows what the leaves read imply about its value (see
  ``gametree.draw.model``): inside the shape for two players, to its right otherwise;
- a pruned subtree is grey and dashed, and the edge into it is crossed by a red double bar
  (for the optimal search, a leaf or subtree it entered, found unnecessary and skipped);
- the principal variation is highlighted in yellow;
- a chance node is a white star (Ballard's * node), its value to its right, and each edge out
  of it carries its probability ("1/3");
- BRS+ is drawn on its transform, each edge out of an opponents' layer labelled with the
  plies of its reply in the tree;
- for the chance family and BRS+, each cut-off is numbered beside the node that
  made it, and listed under the tree with its reason in numbers, as the search's trace gives
  it (``gametree.draw.model``).

Every node's shape carries an SVG id from its path (``node-0-1``, ``leaf-0-1-0``, the root
``node-root``), every red bar ``cut-PATH`` of the child it cuts off, and every highlighted
edge ``pv-PATH`` of its lower end, and every probability ``p-PATH`` (a BRS+ reply's plies
``reply-PATH``) of the edge into the child at PATH, so a test can read the drawing back.

Glossary: i is a node's index in preorder, (X, Y) its centre in inches, s a shape's size.
"""

import math
from collections.abc import Sequence
from pathlib import Path

import attrs
import matplotlib as mpl
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import (
    Circle,
    FancyBboxPatch,
    Patch,
    Polygon,
    Rectangle,
    RegularPolygon,
)

from gametree.draw.layout import tidy_positions
from gametree.draw.model import Drawing, DrawnNode
from gametree.impl import BOTTOM, TOP

__all__ = ["MAX_PIXELS", "Style", "path_id", "render"]

MAX_PIXELS = 16000
"""The longest side of a PNG, in pixels: larger trees get a lower resolution."""


@attrs.frozen
class Style:
    """Sizes (points for text, inches for the rest) and colours of a drawing."""

    font: float = 8.0
    small: float = 7.0
    gap: float = 0.16
    level: float = 0.55
    """The least vertical room between the shapes of two levels, for the edges."""
    margin: float = 0.3
    dpi: float = 150.0
    ink: str = "#222222"
    grey: str = "#A6A6A6"
    grey_fill: str = "#F3F3F3"
    cut: str = "#C8102E"
    highlight: str = "#FFC83D"

    @property
    def char(self) -> float:
        """The width of one character of a label, in inches."""
        return 0.64 * self.font / 72

    @property
    def line(self) -> float:
        """The height of one line of a label, in inches."""
        return 1.3 * self.font / 72


# (edge colour, fill colour, matplotlib marker for the legend) for players 0, 1, 2, ...
PLAYER_COLOURS = [
    ("#0072B2", "#D3E7F5", "s"),
    ("#D55E00", "#F8DCCB", "o"),
    ("#009E73", "#CBEDE3", "^"),
    ("#CC79A7", "#F3DDEA", "D"),
    ("#E69F00", "#FBE9C4", "p"),
    ("#56B4E9", "#DAEEFA", "h"),
]


def path_id(path: Sequence[int]) -> str:
    """The SVG id suffix of a node: its path joined by dashes, or ``root``.

    >>> path_id(()), path_id((0, 2, 1))
    ('root', '0-2-1')
    """
    return "-".join(map(str, path)) if path else "root"


@attrs.frozen
class _Box:
    """How much room a node takes around its centre, in inches."""

    left: float
    right: float
    up: float
    down: float


def _inside(d: Drawing, n: DrawnNode) -> bool:
    """Whether an interior label goes inside the shape (two players, one line; not a star)."""
    return d.players == 2 and d.kind in ("scalar", "worth", "expected") and not n.chance


def _shape_size(d: Drawing, n: DrawnNode, style: Style) -> float:
    if _inside(d, n):
        width = max((len(t) for t in n.label), default=1) * style.char
        return max(0.36, width + 0.14)
    return 0.28


def _room(d: Drawing, n: DrawnNode, style: Style) -> _Box:
    box = _bare_room(d, n, style)
    if not n.name:
        return box
    name = len(n.name) * 0.6 * style.font / 72 + 0.08
    return attrs.evolve(box, left=box.left + name, up=max(box.up, 0.18))


def _bare_room(d: Drawing, n: DrawnNode, style: Style) -> _Box:
    if n.player is None:
        width = max(len(t) for t in n.label) * style.char + 0.12
        height = len(n.label) * style.line + 0.08
        badge = 0.2 if n.reads else 0.0
        badge_width = len(_order_text(n)) * 0.6 * style.small / 72 + 0.1
        half = max(width, badge_width) / 2
        return _Box(half, half, height / 2, height / 2 + badge)
    s = _shape_size(d, n, style)
    if _inside(d, n):
        return _Box(s / 2, s / 2, s / 2, s / 2)
    label_width = max((len(t) for t in n.label), default=0) * style.char
    label_height = len(n.label) * style.line / 2
    return _Box(s / 2, s / 2 + 0.06 + label_width, max(s / 2, label_height),
                max(s / 2, label_height))  # fmt: skip


def _order_text(n: DrawnNode) -> str:
    return ",".join(map(str, n.reads))


def render(d: Drawing, out: str | Path, *, style: Style | None = None) -> Path:
    """Write ``d`` to ``out``, as SVG or PNG by its suffix; return the path written.

    Raises ``ValueError`` for any other suffix.
    """
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ValueError(f"the output must end in .svg or .png (got {out.name!r})")
    style = style or Style()
    fig = figure(d, style)
    width, height = fig.get_size_inches()
    with mpl.rc_context({"svg.hashsalt": "gametree", "svg.fonttype": "path"}):
        if suffix == ".svg":
            fig.savefig(out, format="svg", metadata={"Date": None})
        else:
            dpi = min(style.dpi, MAX_PIXELS / max(width, height))
            fig.savefig(out, format="png", dpi=dpi)
    return out


def figure(d: Drawing, style: Style) -> Figure:
    """The matplotlib figure of ``d`` (not saved)."""
    nodes = d.nodes
    positions = tidy_positions([n.parent for n in nodes])
    rooms = [_room(d, n, style) for n in nodes]
    unit_x = max(r.left for r in rooms) + max(r.right for r in rooms) + style.gap
    unit_y = max(r.down for r in rooms) + max(r.up for r in rooms) + style.level
    span = max(x for x, _ in positions) * unit_x
    depth = max(y for _, y in positions)
    entries = d.players + 3 + any(n.chance for n in nodes)
    columns = 3 if entries > 4 else entries
    reasons = _reason_lines(d)
    header, legend = 0.62, 0.34 + 0.22 * -(-entries // columns)
    footer = legend + 0.11 + 0.16 * len(reasons)
    left = max(r.left for r in rooms) + style.margin
    tree_width = span + left + max(r.right for r in rooms) + style.margin
    text_width = max(
        len(_title(d)) * 10.5 / 72 * 0.62,
        len(_facts(d)) * 8 / 72 * 0.55,
        len(_explain(d)) * 7.5 / 72 * 0.52,
        *(len(line) * 7.5 / 72 * 0.52 for line in reasons),
    )
    width = max(tree_width, text_width + 2 * style.margin, 2.7 * columns + 2 * style.margin)
    left += (width - tree_width) / 2
    top = max(r.up for r in rooms) + header
    height = top + depth * unit_y + max(r.down for r in rooms) + footer
    centres = [(left + x * unit_x, height - top - y * unit_y) for x, y in positions]

    fig = Figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()

    # Layer 1: the highlighter under the principal variation.
    for i, n in enumerate(nodes):
        if n.principal and n.parent is not None:
            (x0, y0), (x1, y1) = centres[n.parent], centres[i]
            ax.add_line(Line2D([x0, x1], [y0, y1], lw=10, color=style.highlight, zorder=1,
                               solid_capstyle="round", gid=f"pv-{path_id(n.path)}"))  # fmt: skip
    # Layer 2: edges, grey and dashed into pruned subtrees, with a red bar at each cut-off.
    for i, n in enumerate(nodes):
        if n.parent is None:
            continue
        (x0, y0), (x1, y1) = centres[n.parent], centres[i]
        pruned = not n.visited
        ax.add_line(Line2D([x0, x1], [y0, y1], lw=1.6 if n.principal else 1.0,
                           color=style.grey if pruned else style.ink,
                           linestyle=(0, (4, 3)) if pruned else "-", zorder=2))  # fmt: skip
        if n.cut:
            _cut_mark(ax, (x0, y0), end=(x1, y1), parent=rooms[n.parent], style=style,
                      name=path_id(n.path))  # fmt: skip
        for prefix, text in (("p", n.probability), ("reply", n.reply)):
            if text:
                ax.text((x0 + x1) / 2, (y0 + y1) / 2, text, ha="center", va="center",
                        fontsize=style.small, color=style.grey if pruned else style.ink,
                        zorder=3, gid=f"{prefix}-{path_id(n.path)}",
                        bbox={"boxstyle": "square,pad=0.06", "fc": "white",
                              "ec": "none"})  # fmt: skip
    _cut_numbers(ax, d, centres, style)
    # Layer 3: nodes and labels, and the names of nodes on their left.
    for i, n in enumerate(nodes):
        if n.player is None:
            _leaf(ax, n, centres[i], style)
        else:
            _interior(ax, d, n, centres[i], style)
        if n.name:
            bare = _bare_room(d, n, style)
            x, y = centres[i]
            ax.text(x - bare.left - 0.05, y + min(bare.up, 0.16), n.name, ha="right",
                    va="center", fontsize=style.font, style="italic", color="#555555",
                    zorder=8, bbox={"boxstyle": "square,pad=0.05", "fc": "white",
                                    "ec": "none", "alpha": 0.85})  # fmt: skip
    _caption(fig, d, (width, height), columns, style)
    for k, line in enumerate(reasons):
        fig.text(style.margin / width, (legend + 0.06 + 0.16 * (len(reasons) - 1 - k)) / height,
                 line,
                 ha="left", va="bottom", fontsize=7.5, color=style.cut,
                 gid=f"reason-{k + 1}")  # fmt: skip
    return fig


def _reason_lines(d: Drawing) -> list[str]:
    """Each cut-off's reason, numbered, with the node that made it."""
    names = {n.path: n.name for n in d.nodes}
    out = []
    for k, r in enumerate(d.reasons, start=1):
        where = names.get(r.path) or str(list(r.path))
        which = ", ".join(map(str, r.skipped))
        kind = "child " if len(r.skipped) == 1 else "children " if r.skipped else "its search phase"
        skipped = kind + which
        out.append(f"cut {k} at {where} ({skipped} skipped): {r.reason}")
    return out


def _cut_numbers(
    ax: Axes, d: Drawing, centres: Sequence[tuple[float, float]], style: Style
) -> None:
    """The numbers of the cut-offs a node made, in red, below its left."""
    made: dict[tuple[int, ...], list[int]] = {}
    for k, r in enumerate(d.reasons, start=1):
        made.setdefault(r.path, []).append(k)
    for i, n in enumerate(d.nodes):
        if n.path in made:
            x, y = centres[i]
            ax.text(x - 0.2, y - 0.22, "cut " + ",".join(map(str, made[n.path])), ha="right",
                    va="center", fontsize=style.small, color=style.cut, fontweight="bold",
                    zorder=8, gid=f"cuts-{path_id(n.path)}")  # fmt: skip


def _cut_mark(
    ax: Axes,
    start: tuple[float, float],
    *,
    end: tuple[float, float],
    parent: _Box,
    style: Style,
    name: str,
) -> None:
    """Two short red bars across the edge, a little below the parent."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    # Just past the parent's shape, at most half-way down the edge.
    t = min(parent.down / max(abs(uy), 1e-9) + 0.16, length / 2)
    cx, cy = x0 + ux * t, y0 + uy * t
    px, py = -uy, ux
    half = 0.09
    xs: list[float] = []
    ys: list[float] = []
    for offset in (-0.035, 0.035):  # two bars, drawn as one line broken by NaN
        bx, by = cx + ux * offset, cy + uy * offset
        xs += [bx - px * half, bx + px * half, math.nan]
        ys += [by - py * half, by + py * half, math.nan]
    ax.add_line(Line2D(xs, ys, lw=2.0, color=style.cut, zorder=4, gid=f"cut-{name}",
                       solid_capstyle="butt"))  # fmt: skip


def _leaf(ax: Axes, n: DrawnNode, centre: tuple[float, float], style: Style) -> None:
    x, y = centre
    width = max(len(t) for t in n.label) * style.char + 0.12
    height = len(n.label) * style.line + 0.08
    pruned = not n.visited
    box = FancyBboxPatch(
        (x - width / 2, y - height / 2), width, height,
        boxstyle="round,pad=0,rounding_size=0.04",
        facecolor=style.grey_fill if pruned else "white",
        edgecolor=style.grey if pruned else style.ink,
        linewidth=2.2 if n.principal else 0.9,
        linestyle=(0, (3, 2)) if pruned else "-",
        zorder=5, gid=f"leaf-{path_id(n.path)}",
    )  # fmt: skip
    ax.add_patch(box)
    _lines(ax, n.label, (x, y), style, grey=pruned, align="center")
    if n.reads:
        ax.text(x, y - height / 2 - 0.1, _order_text(n), ha="center", va="center",
                fontsize=style.small, color="white", fontweight="bold", zorder=7,
                bbox={"boxstyle": "round,pad=0.18,rounding_size=0.5", "fc": "#333333",
                      "ec": "none"})  # fmt: skip


def _lines(
    ax: Axes,
    lines: Sequence[str],
    at: tuple[float, float],
    style: Style,
    *,
    grey: bool,
    align: str,
    bold: bool = False,
    backed: bool = False,
) -> None:
    """One text of ``lines`` centred vertically on ``at``, over a white ground if ``backed``."""
    ground = {"boxstyle": "square,pad=0.08", "fc": "white", "ec": "none", "alpha": 0.85}
    ax.text(*at, "\n".join(lines), ha=align, va="center", multialignment="center",
            linespacing=1.05, fontsize=style.font, color=style.grey if grey else style.ink,
            fontweight="bold" if bold else "normal", zorder=8,
            bbox=ground if backed else None)  # fmt: skip


def _interior(
    ax: Axes, d: Drawing, n: DrawnNode, centre: tuple[float, float], style: Style
) -> None:
    assert n.player is not None
    x, y = centre
    s = _shape_size(d, n, style)
    edge, fill, _ = (style.ink, "white", "") if n.chance else PLAYER_COLOURS[n.player % 6]
    pruned = not n.visited
    if pruned:
        edge, fill = style.grey, style.grey_fill
    kw = {
        "facecolor": fill,
        "edgecolor": edge,
        "linewidth": 2.4 if n.principal else 1.3,
        "linestyle": (0, (3, 2)) if pruned else "-",
        "zorder": 5,
        "gid": f"node-{path_id(n.path)}",
    }
    shape = n.player % len(PLAYER_COLOURS)
    patch: Patch
    if n.chance:
        patch = Polygon(_star((x, y), s * 0.62), closed=True, **kw)
    elif shape == 0:
        patch = Rectangle((x - s / 2, y - s / 2), s, s, **kw)  # type: ignore[arg-type]
    elif shape == 1:
        patch = Circle((x, y), s / 2, **kw)
    else:
        sides = shape + 1
        radius = s * (0.7 if sides == 3 else 0.6)
        dy = -s * 0.12 if sides == 3 else 0.0
        patch = RegularPolygon((x, y + dy), sides, radius=radius, **kw)  # type: ignore[arg-type]
    if n.principal:
        halo = Circle((x, y), s * 0.78, facecolor=style.highlight, edgecolor="none", zorder=1.5)
        ax.add_patch(halo)
    ax.add_patch(patch)
    if _inside(d, n):
        _lines(ax, n.label, (x, y), style, grey=pruned, align="center", bold=n.exact)
        return
    if d.players > 2 and not n.chance:
        ax.text(x, y - (s * 0.1 if shape == 2 else 0), str(n.player), ha="center",
                va="center", fontsize=style.small, color=style.grey if pruned else edge,
                fontweight="bold", zorder=6)  # fmt: skip
    if n.label:
        _lines(ax, n.label, (x + s / 2 + 0.07, y), style, grey=pruned, align="left",
               bold=n.exact, backed=True)  # fmt: skip


def _star(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of a five-pointed star, a point up, inner radius 0.45 of the outer."""
    x, y = centre
    return [
        (x + r * math.sin(k * math.pi / 5), y + r * math.cos(k * math.pi / 5))
        for k, r in ((k, radius if k % 2 == 0 else 0.45 * radius) for k in range(10))
    ]


def _title(d: Drawing) -> str:
    return d.title or d.algorithm


def _facts(d: Drawing) -> str:
    a = d.answer
    visited = sum(n.visited or (n.cut and d.decides_cut_offs) for n in d.nodes)
    leaves = sum(n.player is None for n in d.nodes)
    read = sum(bool(n.reads) for n in d.nodes if n.player is None)
    o = d.options
    window = (
        f" in the window ({'−∞' if o.alpha is BOTTOM else _value_text(o.alpha)}, "
        f"{'+∞' if o.beta is TOP else _value_text(o.beta)})"
        if o.alpha is not BOTTOM or o.beta is not TOP
        else ""
    )
    domain = " over the integers" if o.domain == "integers" else ""
    facts = [
        f"{d.algorithm}{window}{domain}: value {_value_text(a.value)}",
        f"read {read} of {leaves} leaves ({a.leaves_evaluated} evaluations)",
        f"entered {visited} of {len(d.nodes)} nodes",
        f"principal variation {list(a.principal_variation)}"
        + ("" if d.tree_line is None else f" (in the tree {list(d.tree_line)})"),
    ]
    return "   ·   ".join(facts)


def _caption(
    fig: Figure, d: Drawing, size: tuple[float, float], columns: int, style: Style
) -> None:
    width, height = size
    x = style.margin / width
    fig.text(x, 1 - 0.12 / height, _title(d), ha="left", va="top", fontsize=10.5,
             fontweight="bold", color=style.ink)  # fmt: skip
    fig.text(x, 1 - 0.36 / height, _facts(d), ha="left", va="top", fontsize=8, color="#444444")
    handles: list[Line2D] = []
    names = ["Max", "Min"] if d.players == 2 else []
    for p in range(d.players):
        edge, fill, marker = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        who = f"player {p}" + (f" ({names[p]})" if names else "")
        handles.append(Line2D([], [], marker=marker, markersize=9, markerfacecolor=fill,
                              markeredgecolor=edge, markeredgewidth=1.3, linestyle="none",
                              label=f"{who} to move"))  # fmt: skip
    if any(n.chance for n in d.nodes):
        handles.append(Line2D([], [], marker=(5, 1, 0), markersize=11, markerfacecolor="white",
                              markeredgecolor=style.ink, linestyle="none",
                              label="chance: each edge its probability"))  # fmt: skip
    handles += [
        Line2D([], [], marker="s", markersize=9, markerfacecolor="white",
               markeredgecolor=style.ink, linestyle="none",
               label="leaf: its value; badge: evaluation order"),
        Line2D([], [], color=style.grey, linestyle=(0, (4, 3)), marker=r"$//$",
               markersize=12, markeredgecolor=style.cut, markerfacecolor=style.cut,
               label="skipped: found unnecessary, nothing read below (grey)"
               if d.decides_cut_offs else "cut off: never entered (grey)"),
        Line2D([], [], color=style.highlight, lw=8, label="principal variation"),
    ]  # fmt: skip
    fig.legend(handles=handles, loc="lower left", bbox_to_anchor=(x, 0.34 / height),
               ncol=columns, fontsize=7.5, frameon=False, handlelength=2.2,
               columnspacing=1.6, borderaxespad=0)  # fmt: skip
    fig.text(x, 0.1 / height, _explain(d), ha="left", va="bottom", fontsize=7.5,
             color="#444444", style="italic")  # fmt: skip


def _explain(d: Drawing) -> str:
    if d.kind == "scalar":
        what = "the value the leaves read imply, from Max's view (≥, ≤, a..b: bounds)"
    elif d.kind == "worth":
        what = f"player {d.paranoid_player}'s paranoid worth that the leaves read imply"
    elif d.kind == "vector":
        bounds = (f" and the bounds (each ≥ {d.bounds.lower}, sum ≤ {d.bounds.total})"
                  if d.bounds else "")  # fmt: skip
        what = f"per component, what the leaves read{bounds} imply (? unknown)"
    elif d.kind == "expected" and d.players == 2:
        unread = (f"[{_value_text(d.leaf_bounds.lower)}, {_value_text(d.leaf_bounds.upper)}]"
                  if d.leaf_bounds else "anywhere")  # fmt: skip
        what = f"the expectimax value the leaves read imply, unread leaves in {unread}"
    elif d.kind == "expected":
        what = "the expectimax value, where every leaf below was read"
    else:
        what = "the pair, where every leaf below was read"
    return f"Interior nodes: {what}; bold: exact."


def _value_text(v: object) -> str:
    from gametree.draw.model import format_number  # noqa: PLC0415 - a sibling, kept local

    if isinstance(v, tuple):
        return "(" + ", ".join(format_number(c) for c in v) + ")"
    return format_number(v)  # type: ignore[arg-type]
