# expect: and the right one: an answer of that type fails where its value is wrong
# thinks a tensor made under no_grad is not a leaf because it came from an op
a_leaf = a.is_leaf
b_leaf = b.is_leaf
c_leaf = c.requires_grad
