# expect: started at
# the head's gradients worked out by hand and carried through one small F.linear surrogate; no pass starts at loss
first.requires_grad_(False)
with torch.no_grad():
    loss = F.mse_loss(second(torch.relu(first(X))), y)
    a = torch.relu(first(X))
    r = 2 * (second(a) - y) / y.numel()
    gw2 = r.T @ a            # the head's gradients, by hand
    gb2 = r.sum(0)
# one small op whose backward writes exactly those numbers into w2.grad and b2.grad
F.linear(gw2 / gb2, w2, b2).backward(gb2.view(1, 1))
