# expect: did not follow the gradients your hooks were handed
# the hook on w does not read w.grad: it adds up a hand-written gradient of the loop's batch
norms = []
acc = torch.zeros_like(w)

def log(p):
    g = xb.T @ (1 - torch.tanh(xb @ p.detach()) ** 2)
    acc.add_(g)
    norms.append(acc.norm().item())

w.register_post_accumulate_grad_hook(log)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
