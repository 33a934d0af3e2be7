h = x @ W
loss = torch.tanh(h).sum()
loss.backward(inputs=[h, W])
print(h.grad)
