# expect: value of shape_x
shape_x = (12, 24)
shape_W = (12, 8)
shape_b = (12, 2)
