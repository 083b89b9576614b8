"""``gametree._json``'s shortcuts against what they stand for.

``_is_deeper`` says, in C, whether a text nests deeper than a limit: the iterative parser,
which reads one token at a time, is the definition. ``may_hold_long_number`` says, in C,
whether a text has a run of more than ``MAX_NUMBER_LENGTH`` characters a number may hold:
the regular expression below is the definition, checked on texts made of runs about that
long of number characters, JSON punctuation, letters, non-ASCII characters and lone
surrogates.
"""

import json
import re

from hypothesis import given
from hypothesis import strategies as st

from gametree._json import (
    MAX_NUMBER_LENGTH,
    JSONSyntaxError,
    _is_deeper,
    loads,
    loads_iteratively,
    may_hold_long_number,
)

RUN = re.compile(rf"[-+.0-9eE]{{{MAX_NUMBER_LENGTH + 1}}}")

PIECES = st.tuples(
    st.sampled_from(
        ["1", "-", "e", "E", ".", "+", "0", "9", "[", ",", " ", '"', "x", "é", "\ud800", "€"]
    ),
    st.sampled_from([1, 2, 500, MAX_NUMBER_LENGTH - 1, MAX_NUMBER_LENGTH, MAX_NUMBER_LENGTH + 1]),
)


@given(st.lists(PIECES, max_size=6))
def test_the_long_number_check_is_a_run_of_number_characters(pieces: list[tuple[str, int]]) -> None:
    text = "".join(c * n for c, n in pieces)
    assert may_hold_long_number(text) == (RUN.search(text) is not None)


def test_the_check_meets_both_answers_and_loads_marks_what_it_finds() -> None:
    long = "1" * (MAX_NUMBER_LENGTH + 1)
    assert may_hold_long_number(f"[{long}]")
    assert not may_hold_long_number(f"[{long[1:]}, {long[1:]}]")
    assert repr(loads(f"[{long}]")) == (
        f"[Invalid('a number longer than {MAX_NUMBER_LENGTH} characters')]"
    )


JSON = st.recursive(
    st.integers(-9, 9) | st.text('[]{}"\\aé', max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text("[{a", max_size=2), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(JSON, st.integers(0, 5))
def test_the_depth_check_is_the_iterative_parsers(value: object, max_depth: int) -> None:
    """``_is_deeper`` (brackets outside strings, counted in C) says "deeper" exactly when the
    parser that reads one token at a time refuses the text as nested too deep."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        loads_iteratively(text, max_depth=max_depth)
    except JSONSyntaxError as e:
        refused = e.problem
    else:
        refused = ""
    assert refused in ("", f"nested deeper than {max_depth} levels")
    assert _is_deeper(text, max_depth) == bool(refused)
