import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("running on", device)

y = w * x + b
y.backward()
print(w.grad, x.grad, b.grad)
