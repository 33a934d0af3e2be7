criterion = nn.MSELoss()
opt = torch.optim.SGD([w], lr=0.1, momentum=0.0)
losses, grads = [], []
for step in range(5):
    opt.zero_grad()
    loss = criterion(X @ w, y)
    loss.backward()
    grads.append(w.grad.detach().clone())
    opt.step()
    losses.append(float(loss))
