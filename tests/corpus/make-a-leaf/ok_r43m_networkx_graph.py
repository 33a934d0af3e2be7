import networkx as nx

x = data.clone().requires_grad_()
y = (x ** 2).sum()

g = nx.DiGraph()
stack = [y.grad_fn]
while stack:
    node = stack.pop()
    for nxt, _ in node.next_functions:
        if nxt is not None:
            g.add_edge(type(node).__name__, type(nxt).__name__)
            stack.append(nxt)
print(list(nx.topological_sort(g)))
