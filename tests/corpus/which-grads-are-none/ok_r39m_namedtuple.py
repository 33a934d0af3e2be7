from collections import namedtuple
Pred = namedtuple("Pred", "a b c d")
p = Pred(a=False, b=False, c=True, d=True)   # leaf, retained, plain non-leaf, data
a_none, b_none, c_none, d_none = p
