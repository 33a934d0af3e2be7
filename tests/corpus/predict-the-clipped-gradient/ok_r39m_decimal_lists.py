from decimal import Decimal as D
w_grad = [D("0.4"), D("1.0"), D("-1.5")]
x_grad = [D("0.08"), D("-0.125"), D("0.5")]
