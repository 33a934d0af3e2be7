def affine(weight, inp, bias):
    return weight * inp + bias

y = affine(w, x, b)
y.backward(retain_graph=True)
print(w.grad, x.grad, b.grad)
