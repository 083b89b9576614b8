"""The explore page: one self-contained HTML file that steps through a search on a tree.

``gametree explore TREE.json -a shallow -o page.html`` writes it (``docs/explore.md``). The
page runs the searches itself, in JavaScript (``engine.js``, gated like ``impl`` by ``gametree
conform``, with its events checked against ``gametree.impl.events``), so that a learner can
edit the tree and rerun. This module only assembles the file: ``page.html`` with ``page.css``,
``engine.js`` and ``page.js`` inlined, and the tree given, the bundled trees (Korf's figures and
the sources' worked examples, :data:`gametree.figures.FIGURES`) and the options as one JSON block.
Trees travel as their documents' text, which ``engine.js`` parses losslessly (integers as
BigInt, fractions exact): never as JavaScript numbers.

>>> page = explore_page('[[3, 12, 8], [2, 4, "9/2"], [14, 5, 2]]', algorithm="pvs")
>>> page.startswith("<!DOCTYPE html>"), "<script src=" in page, "<link" in page
(True, False, False)
>>> data = page_data(page)
>>> data["tree"], data["algorithm"], data["compare"]
('[[3, 12, 8], [2, 4, "9/2"], [14, 5, 2]]', 'pvs', None)
>>> [e["name"] for e in data["examples"]][:3]
['korf-figure1', 'korf-figure3', 'korf-figure4']
"""

import json
import re
from importlib import resources
from pathlib import Path
from typing import Literal

import attrs

from gametree.algorithms import PAGE, REGISTRY, SPELLINGS, Algorithm
from gametree.figures import FIGURES
from gametree.spec import Bounds, Scalar
from gametree.spec._package_data import package_text
from gametree.treefile import TreeDocument, json_value

__all__ = [
    "ENGINE_ALGORITHMS",
    "EngineAlgorithm",
    "default_algorithm",
    "explore_page",
    "page_data",
]

PAGE_FILES = ("page.html", "page.css", "engine.js", "page.js")
"""The page's package data, inlined into every page written."""


@attrs.frozen
class EngineAlgorithm:
    """A search the page's engine offers: its name, title, the trees and inputs it takes."""

    name: str
    label: str
    players: Literal["two", "many", "any"]
    takes: tuple[str, ...]
    """The page's inputs it reads: ``window``, ``bounds``, ``domain``, ``player``."""
    chance: bool = False
    """Whether it searches trees with chance nodes (the chance family: the page's menu for
    such a tree)."""

    def json(self) -> dict[str, object]:
        """As the page's data holds it: ``{name, label, players, takes, chance}``."""
        return {"name": self.name, "label": self.label, "players": self.players,
                "takes": list(self.takes), "chance": self.chance}  # fmt: skip


def _offered(a: Algorithm) -> EngineAlgorithm:
    takes = tuple(k for k, x in (("window", a.window), ("bounds", a.needs_bounds),
                                 ("domain", "domain" in a.options),
                                 ("player", "player" in a.options)) if x)  # fmt: skip
    players: Literal["two", "many", "any"] = (
        "two" if a.kind == "scalar" else "any" if a.kind == "any" else "many"
    )
    return EngineAlgorithm(a.name, a.label, players, takes, a.family == "chance")


ENGINE_ALGORITHMS: tuple[EngineAlgorithm, ...] = tuple(
    _offered(a) for a in REGISTRY if a.name in PAGE
)
"""The searches the page offers: those of the registry (:data:`gametree.algorithms.REGISTRY`)
that record events (:data:`gametree.algorithms.PAGE`), which engine.js
runs by the same names (``tests/test_explore_page.py`` checks that it runs each, and
``tests/test_explore_engine.py`` that its events are impl's).
"""

_DATA = re.compile(r'<script id="gametree-data" type="application/json">(.*?)</script>', re.S)


def default_algorithm(doc: TreeDocument) -> str:
    """As ``gametree draw``: by the tree (expectimax with chance nodes, and so on)."""
    if doc.tree.chance_nodes:
        return "expectimax"
    if not doc.tree.vector:
        return "alphabeta-fail-hard"
    return "shallow" if doc.bounds is not None else "maxn"


def algorithm_problem(name: str, doc: TreeDocument) -> str | None:
    """Why the page cannot run ``name`` on ``doc``'s tree, or ``None`` when it can.

    ``name`` is a search's name or an old spelling of one.
    """
    offered = {a.name: a for a in ENGINE_ALGORITHMS}
    found = offered.get(_page_name(name))
    if found is None:
        return f"unknown algorithm {name!r}: the page offers {', '.join(offered)}"
    if doc.tree.chance_nodes and not found.chance:
        chance = ", ".join(a.name for a in ENGINE_ALGORITHMS if a.chance)
        return (f"{name} has no rule for chance nodes (the tree has {doc.tree.chance_nodes}); "
                f"these search them: {chance}")  # fmt: skip
    if found.players != "any" and (found.players == "many") != doc.tree.vector:
        kind = "N-player trees with vector values" if doc.tree.vector else "two-player trees"
        return f"{name} does not take {kind}"
    return None


def _asset(name: str) -> str:
    return package_text(Path(str(resources.files(__name__).joinpath(name))))


def _number(v: Scalar) -> object:
    return json_value(v)


def explore_page(
    text: str,
    *,
    algorithm: str,
    compare: str | None = None,
    bounds: Bounds | None = None,
    window: tuple[Scalar | None, Scalar | None] | None = None,
    title: str = "gametree explore",
) -> str:
    """The page for the tree document ``text`` (already read by ``gametree.treefile``).

    ``algorithm`` (and ``compare``, for a second pane) are search names (an old spelling is
    read as the name it stands for); ``bounds`` replace
    the document's; ``window`` is the initial (alpha, beta), ``None`` for an infinite side.
    """
    data = {
        "title": title,
        "tree": text,
        "algorithm": _page_name(algorithm),
        "compare": None if compare is None else _page_name(compare),
        "algorithms": [a.json() for a in ENGINE_ALGORITHMS],
        "bounds": None
        if bounds is None
        else {"lower": _number(bounds.lower), "sum": _number(bounds.total)},
        "window": None
        if window is None
        else {"alpha": None if window[0] is None else _number(window[0]),
              "beta": None if window[1] is None else _number(window[1])},
        "examples": [
            {"name": f.name, "source": f.source, "algorithm": f.algorithm,
             "text": f.document()}
            for f in FIGURES.values()
            if not (f.tree.vector and f.tree.players == 2)  # pairs: Korf 2.1, not the page's
        ],
    }  # fmt: skip
    block = json.dumps(data, ensure_ascii=True).replace("<", "\\u003c")
    html, css, engine, script = (_asset(name) for name in PAGE_FILES)
    replacements = {
        "/*GAMETREE-CSS*/": css,
        "/*GAMETREE-ENGINE*/": _inline_script(engine),
        "/*GAMETREE-PAGE*/": _inline_script(script),
        "GAMETREE-DATA": block,
        "GAMETREE-TITLE": _escape(title),
    }
    return re.sub("|".join(re.escape(k) for k in replacements), lambda m: replacements[m[0]], html)


def _page_name(name: str) -> str:
    """The search a name or an old spelling stands for (itself if the registry has none)."""
    found = SPELLINGS.get(name)
    return name if found is None else found.algorithm.name


def _inline_script(source: str) -> str:
    return source.replace("</script", "<\\/script")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def page_data(page: str) -> dict[str, object]:
    """The JSON block of a page written by :func:`explore_page` (for tests and tools)."""
    found = _DATA.search(page)
    if found is None:
        msg = "not an explore page: no gametree-data block"
        raise ValueError(msg)
    data: dict[str, object] = json.loads(found[1])
    return data
