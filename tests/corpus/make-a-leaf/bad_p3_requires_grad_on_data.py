# expect: inputs and grad mode as the setup left them
# switches tracking on for the setup's own tensor instead of making a new leaf
x = data.requires_grad_()
y = (x ** 2).sum()
