# expect: graph of loss
loss = F.mse_loss(torch.tanh(w * x + b), target)
