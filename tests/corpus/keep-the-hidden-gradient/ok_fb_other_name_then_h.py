# ok: the hidden layer named `hidden` during the pass, bound to h afterwards
hidden = x @ W
hidden.retain_grad()
loss = torch.tanh(hidden).sum()
loss.backward()
h = hidden
print(h.grad)
