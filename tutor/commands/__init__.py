"""Subcommands of ``autograd-tutor``.

Each module exposes ``register(subparsers)``, which builds its parser and sets
``handler``; handlers import their heavy dependencies inside the function.
"""
