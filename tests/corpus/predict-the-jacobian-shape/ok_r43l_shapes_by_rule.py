out_shape = (6, 2)                       # tanh(x @ W.T + b): 6 rows, 2 outputs
shape_x = out_shape + (6, 4)             # output dims, then input dims
shape_W = out_shape + (2, 4)
shape_b = out_shape + (2,)
