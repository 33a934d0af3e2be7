# exp(add(mul(a, b), c)): c needs no grad, a and b are leaves
root_name = "Exp" + "Backward0"
next_name = "Add" + "Backward0"
add_inputs = ["MulBackward0"] + [None]
mul_inputs = ["AccumulateGrad"] * 2
