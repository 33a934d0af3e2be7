# expect: shape_x
shape_x = ((6, 2), (6, 4))   # (output shape, input shape)
shape_W = ((6, 2), (2, 4))
shape_b = ((6, 2), (2,))
