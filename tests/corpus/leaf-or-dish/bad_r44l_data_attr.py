# expect: and the right one: an answer of that type fails where its value is wrong
# asked b.data instead of b (data is always a leaf)
a_leaf = a.is_leaf
b_leaf = b.data.is_leaf
c_leaf = c.is_leaf
