# the post-accumulate hook records norms; a second hook on w only prints each pass's own gradient
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
w.register_hook(lambda g: print("this pass adds", g.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
