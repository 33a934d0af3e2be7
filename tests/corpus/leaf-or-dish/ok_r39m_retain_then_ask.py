# poked at b first (retain_grad), then asked
b.retain_grad()
a_leaf = a.is_leaf
b_leaf = b.is_leaf
c_leaf = c.is_leaf
