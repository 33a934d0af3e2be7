# ok: a trial pass from out[0] (retain_graph=True) to check its gradient
w = nn.Parameter(init.clone())
out = data @ w
# sanity: gradient of first row should be the first row of data
out[0].backward(retain_graph=True)
print(w.grad, data[0])
assert torch.allclose(w.grad, data[0])
