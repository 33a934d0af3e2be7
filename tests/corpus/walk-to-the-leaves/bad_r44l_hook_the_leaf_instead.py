# expect: found is the leaf itself
# stopped at the first node with no grad_fn -- used out.detach() as the "leaf"
names = []
node = out.grad_fn
while node is not None and node.next_functions:
    names.append(type(node).__name__)
    node = node.next_functions[0][0]
names.append(type(node).__name__)
with torch.no_grad():
    found = node.variable * 1
