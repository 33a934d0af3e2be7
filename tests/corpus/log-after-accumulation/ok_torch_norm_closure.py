norms = []
w.register_post_accumulate_grad_hook(lambda _: norms.append(float(torch.norm(w.grad, p=2))))

for xb in batches:
    torch.autograd.backward(torch.sum(torch.tanh(torch.matmul(xb, w))))
