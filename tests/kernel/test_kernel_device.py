"""Device choice: auto picks an accelerator when present; a missing one falls back."""

from __future__ import annotations

from kernel_helpers import run, start_kernel


def test_auto_binds_the_reported_device() -> None:
    client = start_kernel(device="auto")
    try:
        info = client.ready()
        assert info.device in {"cpu", "cuda", "mps"}
        assert info.note == ""
        assert run(client, "device.type").results == [repr(info.device)]
        assert info.torch.startswith("2.")
    finally:
        client.shutdown()


def test_missing_cuda_falls_back_to_cpu_with_a_message() -> None:
    client = start_kernel(device="cuda")
    try:
        info = client.ready()
        probe = run(client, "torch.cuda.is_available()").results
        if probe == ["True"]:
            assert info.device == "cuda" and info.note == ""
            return
        assert info.device == "cpu"
        assert "CUDA was requested but is not available" in info.note
        assert "CPU" in info.note
        assert run(client, "device.type").results == ["'cpu'"]
    finally:
        client.shutdown()


def test_thread_count_is_applied() -> None:
    client = start_kernel(threads=1)
    try:
        assert client.ready().threads == 1
        assert run(client, "torch.get_num_threads()").results == ["1"]
    finally:
        client.shutdown()
