# A correct answer that binds `y` through globals() with a key of a str subclass of its own (str's own
# __eq__ and __hash__: `y` is found as usual). Honest code; the grader reads the key as not a plain str.
class Name(str):
    pass


globals()[Name("y")] = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=v)
