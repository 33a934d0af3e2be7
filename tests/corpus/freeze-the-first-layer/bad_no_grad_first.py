# expect: w1.requires_grad
with torch.no_grad():
    h = torch.relu(first(X))
loss = F.mse_loss(second(h), y)
loss.backward()
