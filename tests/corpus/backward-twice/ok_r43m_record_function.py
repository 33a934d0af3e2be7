from torch.autograd.profiler import record_function

with record_function("forward"):
    h = x.exp()
    loss1 = h.sum()
    loss2 = (h ** 2).sum()
with record_function("backward"):
    loss1.backward(retain_graph=True)
    loss2.backward()
