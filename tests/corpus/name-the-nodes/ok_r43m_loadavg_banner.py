import os
print("load average:", os.getloadavg())

def name(node):
    return None if node is None else type(node).__name__

root_name = name(out.grad_fn)
add_node = out.grad_fn.next_functions[0][0]
next_name = name(add_node)
add_inputs = [name(n) for n, _ in add_node.next_functions]
mul_inputs = [name(n) for n, _ in add_node.next_functions[0][0].next_functions]
