# expect: call `h.retain_grad()` before backward()
def forward(x: torch.Tensor, W: torch.Tensor) -> torch.Tensor:
    h = x @ W
    h.retain_grad()
    return torch.tanh(h).sum()


loss = forward(x, W)
loss.backward()
h = x @ W  # the hidden activations, to look at
print("dL/dh:", h.grad)
