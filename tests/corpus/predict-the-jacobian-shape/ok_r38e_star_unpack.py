out = (6, 2)            # (6, 4) @ (4, 2) + (2,)
shape_x = (*out, 6, 4)
shape_W = (*out, *(2, 4))
shape_b = (*out, 2)
