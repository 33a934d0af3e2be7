# expect: shape_W
shape_x = (6, 2, 6, 4)
shape_W = ((6, 2, 2, 4), (6, 2, 2))
shape_b = (6, 2, 2)
