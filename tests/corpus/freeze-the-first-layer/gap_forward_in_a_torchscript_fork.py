# expect: graph nodes
# work on torch's own thread pool (a TorchScript fork) is on no thread the grader counts
# The forward runs with `first` NOT frozen (w1, b1 recorded): the first layer is computed by a
# TorchScript function forked onto torch's inter-op thread pool, whose nodes are made on that thread;
# `first` is frozen only before loss.backward().
cu = torch.jit.CompilationUnit('''
def inner(X: Tensor, w: Tensor, b: Tensor) -> Tensor:
    return torch.relu(torch.addmm(b, X, w.t()))

def outer(X: Tensor, w: Tensor, b: Tensor) -> Tensor:
    fut = torch.jit.fork(inner, X, w, b)
    return torch.jit.wait(fut)
''')
hidden = cu.outer(X, w1, b1)
loss = F.mse_loss(second(hidden), y)
first.requires_grad_(False)
loss.backward()
