y = w * x + b
torch.autograd.backward(y, grad_tensors=torch.tensor(1.0, dtype=torch.float64).float())
