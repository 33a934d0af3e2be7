p = torch.ones(2, requires_grad=True)
q = p * 2
with torch.no_grad():
    r = p * 2
a_leaf, b_leaf, c_leaf = p.is_leaf, q.is_leaf, r.is_leaf
