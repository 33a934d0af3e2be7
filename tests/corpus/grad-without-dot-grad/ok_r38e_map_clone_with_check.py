dh, dW = map(torch.Tensor.clone, torch.autograd.grad(loss, [h, W]))
# d(mean(h**2))/dh = 2h / N, checked in float64
expected_dh = 2 * h.detach().double() / h.numel()
assert torch.allclose(dh.double(), expected_dh, atol=1e-6)
assert W.grad is None and b.grad is None
