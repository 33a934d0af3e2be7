# a namedtuple is a tuple of numbers
from collections import namedtuple
Shape = namedtuple("Shape", "out_rows out_cols in_rows in_cols")
shape_x = Shape(6, 2, 6, 4)
shape_W = Shape(6, 2, 2, 4)
shape_b = (6, 2, 2)
