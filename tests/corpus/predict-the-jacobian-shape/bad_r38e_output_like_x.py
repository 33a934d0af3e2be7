# expect: shape_x
# tanh keeps the shape of x
shape_x = (6, 4, 6, 4)
shape_W = (6, 4, 2, 4)
shape_b = (6, 4, 2)
