import math
from fractions import Fraction

wv, xv, bv = (t.item() for t in (w, x, b))
inner = math.fsum([wv * xv, bv])
dw = float(2 * Fraction(inner) * Fraction(xv))
db = 2.0 * inner
print(f"dw={dw:.4f} db={db:.4f}")
