# expect: a_leaf
a_leaf, b_leaf, c_leaf = torch.tensor(True), torch.tensor(False), torch.tensor(True)
