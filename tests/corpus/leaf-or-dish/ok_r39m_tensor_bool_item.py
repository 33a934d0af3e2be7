flags = torch.tensor([True, False, True])
a_leaf, b_leaf, c_leaf = flags.tolist()
