# expect: pack
# predicted by reading block's code: exp keeps its result, sin keeps t, mul keeps both, exp keeps its result
out = block(x)
n_saved = 5
n_elements = 5 * len(x)
out.backward()
