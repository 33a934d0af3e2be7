x = data.new_tensor(data.tolist(), requires_grad=True)
y = x.pow(2).sum(dim=0)
