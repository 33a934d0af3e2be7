torch.Tensor.add_(s, 1.0)
torch.autograd.backward(loss)
