from torch.autograd.graph import get_gradient_edge

names = []
node = out.grad_fn
while True:
    names.append(type(node).__name__)
    if len(node.next_functions) == 0:
        break
    node = node.next_functions[0][0]
found = node.variable
# sanity: the node we ended at is x's own AccumulateGrad
print(get_gradient_edge(found).node is node)
