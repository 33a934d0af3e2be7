def two_paths(leaf, data):
    return leaf * data + leaf.exp()


def total(t):
    return t.sum()


loss = total(two_paths(x, a))
torch.autograd.backward([loss], grad_tensors=[torch.ones_like(loss)])
