# expect: MseLoss
loss = F.mse_loss(torch.tanh(w * x + b), target)
