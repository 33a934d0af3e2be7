opt = torch.optim.SGD([w], lr=0.1)
losses, grads = [], []
for _ in range(5):
    opt.zero_grad()
    loss = F.mse_loss(X @ w, y)
    loss.backward()
    grads.append(w.grad.detach().clone())
    opt.step()
    losses.append(float(loss))
