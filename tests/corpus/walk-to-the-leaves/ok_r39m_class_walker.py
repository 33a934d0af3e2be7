class GraphWalk:
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        node = self.start
        while node is not None:
            yield node
            node = node.next_functions[0][0] if len(node.next_functions) else None

nodes = list(GraphWalk(out.grad_fn))
names = list(map(lambda n: type(n).__name__, nodes))
found = nodes[-1].variable
