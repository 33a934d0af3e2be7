# expect: n_saved
# predicted, not measured: sin keeps t, mul keeps sin(t) and t, exp keeps its result
out = block(x)
n_saved = 4
n_elements = 4 * x.numel()
out.backward()
