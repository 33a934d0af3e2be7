import operator

loss = operator.pow(operator.sub(torch.tanh(operator.add(operator.mul(w, x), b)), target), 2).mean(0)
