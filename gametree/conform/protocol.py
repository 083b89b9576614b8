"""The gate's protocol, the end a target speaks: one JSON request a line, one JSON reply a line.

``docs/conformance.md`` states the protocol. This module holds what both ends share and
imports nothing else of the gate, so that the worker process which hosts a user's callable
(:mod:`gametree.conform.worker`) loads it and little more: a reply written as text
(:func:`reply_text`) and the worker's exit status when the callable cannot be imported.

>>> from fractions import Fraction
>>> reply_text({"value": Fraction(1, 3), "principal_variation": (0, 1)}, id=7)
'{"value": "1/3", "principal_variation": [0, 1], "id": 7}'
>>> reply_text([3])
Traceback (most recent call last):
    ...
TypeError: the target returned list, not a dict
"""

import json
from fractions import Fraction

__all__ = ["WORKER_IMPORT_FAILED", "reply_text"]

WORKER_IMPORT_FAILED = 78
"""The worker's exit status when the callable cannot be imported (EX_CONFIG)."""


def reply_text(result: object, **extra: object) -> str:
    """The reply ``result`` (a dict; ``extra`` added last) as one line of JSON.

    Fractions are written as ``"p/q"`` strings and tuples as lists; a ``TypeError`` says what
    is not a dict or not JSON.
    """
    if not isinstance(result, dict):
        raise TypeError(f"the target returned {type(result).__name__}, not a dict")
    return json.dumps({**result, **extra}, default=_encode)


def _encode(x: object) -> object:
    if isinstance(x, Fraction):
        return str(x)
    raise TypeError(f"a reply holds {x!r} of type {type(x).__name__}, which is not JSON")
