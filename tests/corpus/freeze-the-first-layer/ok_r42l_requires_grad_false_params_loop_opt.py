for name, p in first.named_parameters():
    p.requires_grad_(False)
opt = torch.optim.SGD(filter(lambda p: p.requires_grad, list(first.parameters()) + list(second.parameters())), lr=0.01)
opt.zero_grad()
pred = second(F.relu(first(X)))
loss = F.mse_loss(pred, y)
loss.backward()
