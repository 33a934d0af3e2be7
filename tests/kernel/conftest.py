"""Fixtures that start real kernel processes and always shut them down."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kernel_helpers import start_kernel

from tutor.kernel.client import KernelClient


@pytest.fixture
def kernel() -> Iterator[KernelClient]:
    client = start_kernel(setup="a = torch.arange(3.0)")
    try:
        yield client
    finally:
        client.shutdown()


@pytest.fixture(scope="module")
def shared_kernel() -> Iterator[KernelClient]:
    """One kernel for tests that leave it as they found it."""
    client = start_kernel()
    try:
        yield client
    finally:
        client.shutdown()
