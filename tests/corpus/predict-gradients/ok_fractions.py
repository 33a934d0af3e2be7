from fractions import Fraction
# exact values, worked out by hand
dw, dx, db = Fraction(-2), Fraction(5), Fraction(1)
