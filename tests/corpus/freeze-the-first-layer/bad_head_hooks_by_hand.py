# expect: replaced a gradient
# the pass starts at loss; hooks on the head's parameters put in gradients worked out by hand
first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
with torch.no_grad():
    a_ = torch.relu(first(X))
    r = 2 * (second(a_) - y) / y.numel()
    gw2, gb2 = r.T @ a_, r.sum(0)
w2.register_hook(lambda g: gw2)
b2.register_hook(lambda g: gb2)
loss.backward()
