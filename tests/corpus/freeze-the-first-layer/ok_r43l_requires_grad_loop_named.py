for name, p in first.named_parameters():
    p.requires_grad_(False)
    print("froze", name)

loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
