# expect: b_none
# misconception: only leaves keep a gradient (retain_grad ignored), data included
a_none, b_none, c_none, d_none = [not t.is_leaf for t in (a, b, c, d)]
