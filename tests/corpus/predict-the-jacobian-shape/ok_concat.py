out_shape = (6, 2)          # x @ W.T + b
shape_x = out_shape + (6, 4)
shape_W = out_shape + (2, 4)
shape_b = out_shape + (2,)
