# expect: backward
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward(retain_graph=True)
norms.pop()
loss.backward()   # one more pass "to check"
norms.pop()
w.grad -= torch.autograd.grad(torch.tanh(batches[-1] @ w).sum(), w)[0]
