for p in first.parameters():
    p.requires_grad = False
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
