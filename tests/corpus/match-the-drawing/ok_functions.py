z = torch.add(torch.mul(w, x), b)
loss = torch.mean(torch.pow(torch.tanh(z) - target, 2))
