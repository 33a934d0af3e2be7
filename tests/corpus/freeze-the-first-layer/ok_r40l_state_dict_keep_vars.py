for name, p in first.state_dict(keep_vars=True).items():
    p.requires_grad = False
hidden = F.relu(first(X))
loss = F.mse_loss(second(hidden), y)
loss.backward()
