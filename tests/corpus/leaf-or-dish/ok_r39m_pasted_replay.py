a = torch.ones(2, requires_grad=True)
b = a * 2
with torch.no_grad():
    c = a * 2
a_leaf, b_leaf, c_leaf = a.is_leaf, b.is_leaf, c.is_leaf
