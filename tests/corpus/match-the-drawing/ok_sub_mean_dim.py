pred = torch.tanh(torch.mul(w, x) + b)
diff = torch.sub(pred, target)
loss = torch.mean(diff ** 2, dim=0)
