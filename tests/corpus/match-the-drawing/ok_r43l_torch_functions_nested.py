loss = torch.mean(torch.pow(torch.sub(torch.tanh(torch.add(torch.mul(w, x), b)), target), 2))
