"""``python -m gametree.proofs --stale``: each verified file whose stored verdict is stale.

One ``VERIFIER NAME`` a line (``dev.py`` checks them again in CI); nothing when every stored
verdict is current.
"""

import sys

from gametree.proofs import stale


def main(argv: list[str]) -> int:
    """Print the stale files; 2 for bad usage."""
    if argv != ["--stale"]:
        sys.stderr.write("usage: python -m gametree.proofs --stale\n")
        return 2
    for verifier, file in stale():
        print(verifier.name, file)  # noqa: T201 - the output
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
