# expect: n_ab
# counts as tensors
n_ab, n_ac, n_a2, n_nograd = (torch.tensor(v) for v in (1, 2, 0, 0))
