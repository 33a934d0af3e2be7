h = x @ W
h.retain_grad()
h.register_hook(lambda g: print("d loss / d h norm:", g.norm().item()))
W.register_post_accumulate_grad_hook(lambda p: print("W.grad norm:", p.grad.norm().item()))
loss = torch.tanh(h).sum()
loss.backward()
