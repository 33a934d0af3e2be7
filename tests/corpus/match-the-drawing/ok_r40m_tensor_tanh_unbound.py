loss = torch.Tensor.tanh(w * x + b).sub(target).pow(2).mean()
