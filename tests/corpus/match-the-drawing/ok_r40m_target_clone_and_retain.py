t = target.clone()
loss = ((torch.tanh(w * x + b) - t) ** 2).mean()
loss.retain_grad()
