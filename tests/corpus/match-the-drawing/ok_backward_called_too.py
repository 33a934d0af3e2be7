# ok: the loss, then a backward pass of the learner's own (the graph is freed after it)
loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
loss.backward()
