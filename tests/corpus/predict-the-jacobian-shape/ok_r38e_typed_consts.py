from typing import Tuple

OUT: Tuple[int, int] = (6, 2)
shape_x: Tuple[int, ...] = OUT + (6, 4)
shape_W: Tuple[int, ...] = OUT + (2, 4)
shape_b: Tuple[int, ...] = OUT + (2,)
assert len(shape_x) == 4 and len(shape_b) == 3
