class Chain:
    def __init__(self, node):
        self.node = node
    def __iter__(self):
        n = self.node
        while n is not None:
            yield n
            n = n.next_functions[0][0] if n.next_functions else None

nodes = list(Chain(out.grad_fn))
names = [n.__class__.__name__ for n in nodes]
found = getattr(nodes[-1], "variable")
assert found is x
