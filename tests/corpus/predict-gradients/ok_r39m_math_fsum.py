import math
dw = math.fsum([-1.0, -1.0])
dx = math.copysign(5, 1)
db = math.cos(0.0)
