from functools import reduce

def step(path, _):
    last = path[-1]
    return path + [last.next_functions[0][0]] if last.next_functions else path

path = reduce(step, range(20), [out.grad_fn])
names = [p.__class__.__name__ for p in path]
found = path[-1].variable
