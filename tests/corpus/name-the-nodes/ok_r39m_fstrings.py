suffix = "Backward0"
ops = ["Exp", "Add", "Mul"]
root_name, next_name, mul_name = (f"{op}{suffix}" for op in ops)
add_inputs = [mul_name, None]
mul_inputs = ["AccumulateGrad" for _ in "ab"]
