from torch.autograd.functional import vhp
value, (hvp,) = vhp(lambda a: f(a), (x,), (v,), create_graph=False, strict=True)
