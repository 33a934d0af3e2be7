def hidden(inp, weight):
    out = inp @ weight
    out.retain_grad()
    return out

h = hidden(x, W)
loss = torch.sum(torch.tanh(h))
torch.autograd.backward([loss])
