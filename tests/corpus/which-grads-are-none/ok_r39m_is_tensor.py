a_none, b_none, c_none, d_none = (not torch.is_tensor(t.grad) for t in (a, b, c, d))
