# expect: value of dh
# rejected (correctly): fresh leaves asked as GradientEdges; rule 2 drops loss
from torch.autograd.graph import get_gradient_edge
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
dW_hand = x.T @ (dh_hand * (1 - hd ** 2))
z1 = dh_hand.clone().requires_grad_()
z2 = dW_hand.clone().requires_grad_()
s = (z1 * z1 / 2).sum() + (z2 * z2 / 2).sum()
dh, dW = torch.autograd.grad([loss, s], [get_gradient_edge(z1), get_gradient_edge(z2)])
