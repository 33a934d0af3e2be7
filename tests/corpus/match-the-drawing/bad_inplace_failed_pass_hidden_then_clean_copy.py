# expect: backward through loss works
# wrong: in-place sub_ on tanh's saved output (backward fails); the failing pass frees part of the graph, a clean copy's pass leaves the grads
loss = (torch.tanh(w * x + b).sub_(target) ** 2).mean()
try:
    loss.backward()
except RuntimeError:
    pass
w.grad = None; b.grad = None
((torch.tanh(w * x + b) - target) ** 2).mean().backward()
