opt = torch.optim.SGD([w], lr=0.1, momentum=0.0)
losses, grads = [], []

def closure():
    opt.zero_grad(set_to_none=True)
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    losses.append(loss.item())
    return loss

for _ in range(5):
    opt.step(closure)
