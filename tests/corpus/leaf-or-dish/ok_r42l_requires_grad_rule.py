# A leaf: made by the user, or made without grad being recorded.
def is_leaf(t):
    return t.grad_fn is None

a_leaf: bool = is_leaf(a)
b_leaf: bool = is_leaf(b)
c_leaf: bool = is_leaf(c)
assert (a_leaf, b_leaf, c_leaf) == (True, False, True)
