y = w * x + b
y.backward(create_graph=True)
