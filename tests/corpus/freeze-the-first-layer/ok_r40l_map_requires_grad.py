list(map(lambda p: p.requires_grad_(False), first.parameters()))
loss = F.mse_loss(second(torch.relu(first(X))), y)
torch.autograd.backward([loss])
