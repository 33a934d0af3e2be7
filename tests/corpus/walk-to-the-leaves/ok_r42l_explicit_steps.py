# three functions, then the AccumulateGrad: four nodes, walked by hand
n1 = out.grad_fn
n2 = n1.next_functions[0][0]
n3 = n2.next_functions[0][0]
n4 = n3.next_functions[0][0]
names = [type(n).__name__ for n in (n1, n2, n3, n4)]
found = n4.variable
