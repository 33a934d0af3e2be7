opt = torch.optim.SGD([w], lr=0.1, foreach=False)
losses, grads = [], []
for step in range(5):
    opt.zero_grad(set_to_none=False)
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.detach().clone())
    opt.step()
    losses.append(float(loss))
