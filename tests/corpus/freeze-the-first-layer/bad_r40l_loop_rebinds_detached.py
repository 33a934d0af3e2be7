# expect: `w1.requires_grad` is True, expected False
for p in first.parameters():
    p = p.detach()
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
