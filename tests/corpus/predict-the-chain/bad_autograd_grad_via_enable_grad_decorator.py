# expect: no autograd in the answer
# why wrong: autograd computes dw and db; torch.autograd.grad wrapped by torch.enable_grad() as a decorator is called from torch's _contextlib frame, so the calls check does not count it
grad = torch.enable_grad()(torch.autograd.grad)
dw, db = (float(g) for g in grad(loss, [w, b]))
