# expect: freeze it with `w1.requires_grad_(False)`
for p in first.parameters():
    p.requires_grad_ = False     # typo: sets an attribute, freezes nothing
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
