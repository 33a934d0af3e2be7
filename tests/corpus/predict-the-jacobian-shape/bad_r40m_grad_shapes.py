# expect: value of shape_x
shape_x = (6, 4)
shape_W = (2, 4)
shape_b = (2,)
