# Walk the graph and put a printing post-hook on every node, to see the order backward visits them
loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
seen, order = set(), []
stack = [loss.grad_fn]
while stack:
    node = stack.pop()
    if node is None or node in seen:
        continue
    seen.add(node)
    node.register_hook(lambda gi, go, n=type(node).__name__: order.append(n))
    stack.extend(child for child, _ in node.next_functions)
loss.backward()
print(" -> ".join(order))
