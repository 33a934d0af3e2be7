# freeze-the-first-layer: a module full backward hook and pre-hook that only record, removed afterwards
norms = []
first.requires_grad_(False)
h1 = second.register_full_backward_hook(lambda m, gi, go: norms.append(go[0].norm().item()))
h2 = second.register_full_backward_pre_hook(lambda m, go: None)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
h1.remove(); h2.remove()
