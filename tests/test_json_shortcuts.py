"""``gametree._json``'s shortcut against what it stands for.

``may_hold_long_number`` says, in C, whether a text has a run of more than
``MAX_NUMBER_LENGTH`` characters a number may hold: the regular expression below is the
definition it must agree with, on texts made of runs about that long of number characters,
JSON punctuation, letters, non-ASCII characters and lone surrogates.
"""

import re

from hypothesis import given
from hypothesis import strategies as st

from gametree._json import MAX_NUMBER_LENGTH, loads, may_hold_long_number

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
