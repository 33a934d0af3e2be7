with torch.autograd.graph.allow_mutation_on_saved_tensors():
    h = torch.sigmoid(x * w)
    h.mul_(2)
    loss = (h * x).sum()
    loss.backward()
