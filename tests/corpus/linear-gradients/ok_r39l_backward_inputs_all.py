y = w * x + b
y.backward(inputs=[w, x, b])
