# expect: grad of W
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward(inputs=[h])
