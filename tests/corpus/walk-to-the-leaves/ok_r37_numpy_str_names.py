# names passed through numpy: np.str_ items (a subclass of str)
import numpy as np
names = []
node = out.grad_fn
while node is not None:
    names.append(type(node).__name__)
    last = node
    node = node.next_functions[0][0] if node.next_functions else None
names = list(np.array(names))
found = last.variable
