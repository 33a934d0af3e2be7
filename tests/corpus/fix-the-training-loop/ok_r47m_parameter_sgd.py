w = nn.Parameter(w.detach().clone())
opt = torch.optim.SGD([w], lr=0.1)
losses, grads = [], []
for step in range(5):
    opt.zero_grad()
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    opt.step()
    losses.append(loss.item())
