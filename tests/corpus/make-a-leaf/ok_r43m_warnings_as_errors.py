import warnings
warnings.simplefilter("error")  # I want to see every warning as an error while I learn
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()
print(f"x.grad = {x.grad}")
