from torch.autograd.graph import get_gradient_edge
# the node that feeds a and b: their AccumulateGrad nodes
acc_a = get_gradient_edge(a).node
acc_b = get_gradient_edge(b).node
root_name = "ExpBackward0"
next_name = "AddBackward0"
add_inputs = ["MulBackward0", None]
mul_inputs = [type(acc_a).__name__, type(acc_b).__name__]
