# round 32's learner: correct, unlike the reference
names = []
node = out.grad_fn
try:
    while True:
        names.append(str(type(node).__name__))
        node = node.next_functions[0][0]
except IndexError:
    pass
found = node.variable
