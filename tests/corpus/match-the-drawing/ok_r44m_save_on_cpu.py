# Saved activations offloaded with save_on_cpu (a memory habit from bigger models), then a backward
with torch.autograd.graph.save_on_cpu():
    loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
loss.backward()
