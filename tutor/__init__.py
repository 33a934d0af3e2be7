"""autograd-tutor: learn PyTorch autograd by doing.

This package's top level stays import-light: the command line must start in
milliseconds, so torch, textual and prompt_toolkit load only where needed.
"""

__version__ = "0.1.0"
