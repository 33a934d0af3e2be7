from fractions import Fraction
t_version = Fraction(3)
u_version = Fraction(6, 2)
v_version = Fraction(1)
