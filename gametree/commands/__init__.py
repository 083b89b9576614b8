"""The ``gametree`` subcommands, one module each.

Each module defines ``NAME``, ``DESCRIPTION`` (the first paragraphs of its ``--help``),
optionally ``DETAILS`` (what ``--help-all`` adds), ``configure(parser)`` (adds its arguments)
and ``run(args) -> int`` (its exit code). ``gametree.cli`` lists them in ``COMMANDS``, with the
line the top level's ``--help`` gives each, and imports only the module of the command run.
"""
