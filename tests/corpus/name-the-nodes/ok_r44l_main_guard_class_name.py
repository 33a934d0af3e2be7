class GraphReader:
    def __init__(self, root):
        self.root = root

    @staticmethod
    def nm(node):
        return node.__class__.__name__ if node is not None else None

    def children(self, node):
        return [self.nm(n) for n, _ in node.next_functions]

if __name__ == "__main__":
    r = GraphReader(out.grad_fn)
    root_name = r.nm(r.root)
    add = r.root.next_functions[0][0]
    next_name = r.nm(add)
    add_inputs = r.children(add)
    mul_inputs = r.children(add.next_functions[0][0])
    print(root_name, next_name, add_inputs, mul_inputs)
