import torch.nn as nn
lin = nn.Linear(2, 2)
p = lin.weight
q = lin(torch.ones(2))
with torch.no_grad():
    r = lin(torch.ones(2))
a_leaf, b_leaf, c_leaf = p.is_leaf, q.is_leaf, r.is_leaf
