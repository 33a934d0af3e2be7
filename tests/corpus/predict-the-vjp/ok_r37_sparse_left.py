# right answers; a sparse copy of J left bound (looked at its non-zeros)
Jt = torch.tensor([[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]])
Js = Jt.to_sparse()           # looked at which entries are non-zero
J = Jt.tolist()
grad_x = (torch.tensor([1.0, 2.0, -1.0]) @ Jt).tolist()
