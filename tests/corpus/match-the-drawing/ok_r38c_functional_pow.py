loss = torch.pow(torch.tanh(torch.add(torch.mul(w, x), b)) - target, 2).mean()
