for name, param in first.named_parameters():
    param.requires_grad_(False)
loss = F.mse_loss(second(F.relu(first(X))), y)
torch.autograd.backward(loss)
