# ok: s was saved before the context was entered, so the mutation is not intercepted and the check still fires
with torch.autograd.graph.allow_mutation_on_saved_tensors():
    s.add_(1)
    loss.backward()
