# expect: grad of w2
first.requires_grad_(False)
with torch.no_grad():
    a = torch.relu(first(X))
    r = 2 * (second(a) - y) / y.numel()
    gw2 = r.T @ a
    gb2 = r.sum(0)
    true = F.mse_loss(second(a), y)
loss = (F.linear(gw2 / gb2, w2, b2) * gb2).sum()
loss.data = true
loss.backward()
