import re
def nm(n):
    if n is None:
        return None
    return re.match(r"<class '(?:.*\.)?(\w+)'>", repr(type(n))).group(1)

root_name = nm(out.grad_fn)
nodes = [out.grad_fn]
nodes.append(nodes[-1].next_functions[0][0])
next_name = nm(nodes[1])
add_inputs = [nm(fn) for fn, _idx in nodes[1].next_functions]
nodes.append(nodes[1].next_functions[0][0])
mul_inputs = [nm(fn) for fn, _idx in nodes[2].next_functions]
