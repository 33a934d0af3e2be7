def hidden(inp, weight):
    out = torch.matmul(inp, weight)
    out.retain_grad()
    return out

h = hidden(x, W)
loss = h.tanh().sum()
torch.autograd.backward(loss)
