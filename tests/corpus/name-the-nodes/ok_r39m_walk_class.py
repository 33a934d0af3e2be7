class Walker:
    def __init__(self, node):
        self.node = node

    @property
    def name(self):
        return None if self.node is None else self.node.__class__.__name__

    def inputs(self):
        return [Walker(fn) for fn, _ in self.node.next_functions]

root = Walker(out.grad_fn)
add = root.inputs()[0]
mul = add.inputs()[0]
root_name = root.name
next_name = add.name
add_inputs = [w.name for w in add.inputs()]
mul_inputs = [w.name for w in mul.inputs()]
