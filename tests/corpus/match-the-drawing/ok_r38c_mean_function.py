loss = torch.mean(torch.sub(torch.tanh(w * x + b), target) ** 2, dim=None) if False else torch.mean(torch.sub(torch.tanh(w * x + b), target) ** 2)
print("loss:", loss.item())
