loss = torch.mean(torch.square(torch.subtract(torch.tanh(torch.add(w * x, b)), target)))
