# expect: fails where its value is wrong
shape_x = (6, 4, 6, 2)
shape_W = (2, 4, 6, 2)
shape_b = (2, 6, 2)
