"""The gate's game mode: engines asked about positions of the bundled games, in their notation.

The tree semantics ask about trees, and the ``game-`` semantics about games written out state
by state. An engine tied to its own board is asked here about positions of a game it plays
(``gametree.games.notations``): a perft count, the value and best move at a depth under a
declared evaluation (``gametree.games.evaluations``), or the exact value of an endgame. The
mode flows one way, as the gate does: :mod:`.protocol` (the questions, as JSON lines or as a
line of text by a template) <- :mod:`.semantics` (the answers the rules and the spec allow)
<- :mod:`.cases` (the positions each phase asks, and what they cover) <- :mod:`.run` (the
phases, shrinking, the replay alone, the report). :mod:`.engine` is gametree's own engine as
a target of this mode.
"""
