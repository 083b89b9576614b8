"""The ``gametree`` subcommands, one module each.

Each module defines ``NAME``, ``HELP``, ``configure(parser)`` (adds its arguments) and
``run(args) -> int`` (its exit code). ``gametree.cli`` lists them in ``COMMANDS``.
"""
