losses = []
grads = []
for step in range(5):
    w.grad = None
    pred = torch.matmul(X, w)
    loss = torch.mean((pred - y) ** 2)
    loss.backward()
    step_grad = w.grad.detach().clone()
    grads.append(step_grad)
    w.data.sub_(0.1 * step_grad)
    losses.append(float(loss))
