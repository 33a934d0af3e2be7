from torch.autograd.graph import get_gradient_edge
dh, dW = torch.autograd.grad(loss, [get_gradient_edge(h), get_gradient_edge(W)])
