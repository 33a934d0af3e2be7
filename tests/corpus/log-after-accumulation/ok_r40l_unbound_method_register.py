norms = []
torch.Tensor.register_post_accumulate_grad_hook(w, lambda t: norms.append(t.grad.norm().item()))

for i in range(len(batches)):
    loss = torch.tanh(batches[i] @ w).sum()
    loss.backward()
