o = [6, 2]
shape_x = [*o, 6, 4]
shape_W = [*o, 2, 4]
shape_b = [*o, 2]
