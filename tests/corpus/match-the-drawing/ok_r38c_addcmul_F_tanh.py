loss = torch.mean(torch.pow(F.tanh(torch.addcmul(b, w, x)) - target, 2))
