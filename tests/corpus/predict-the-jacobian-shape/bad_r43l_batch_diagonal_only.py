# expect: hidden trials only
# each row of x only affects its own row of the output
shape_x = (6, 2, 4)
shape_W = (6, 2, 2, 4)
shape_b = (6, 2, 2)
