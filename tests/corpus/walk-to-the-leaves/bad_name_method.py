# expect: names
# node.name() is the C++ name ('torch::autograd::AccumulateGrad'), not the class name
def walk(node):
    if node is None:
        return []
    nxt = node.next_functions[0][0] if node.next_functions else None
    return [node] + walk(nxt)

nodes = walk(out.grad_fn)
names = [n.name() for n in nodes]
found = nodes[-1].variable
