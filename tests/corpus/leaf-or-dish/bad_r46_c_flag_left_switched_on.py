# expect: your code switched on `c.requires_grad`
# Prediction: True, False, True
a_leaf, b_leaf, c_leaf = True, False, True
# Experiment: only a leaf may be switched to requires_grad; c accepts it.
c.requires_grad_()
print(c.is_leaf, c.requires_grad)
try:
    b.requires_grad_(False)
except RuntimeError as e:
    print("b is not a leaf:", e)
