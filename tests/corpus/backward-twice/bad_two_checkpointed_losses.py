# expect: 4 graph nodes
# h is NOT shared: each loss is its own reentrant checkpoint that computes exp(x) again, so the two
# passes go through two graphs and retain_graph keeps nothing that is needed. Each checkpoint is
# one node in the forward; its recompute's nodes (exp, sum / exp, pow, sum) are taken off the count.
from torch.utils.checkpoint import checkpoint
loss1 = checkpoint(lambda t: t.exp().sum(), x, use_reentrant=True)
loss2 = checkpoint(lambda t: (t.exp() ** 2).sum(), x, use_reentrant=True)
loss1.backward(retain_graph=True)
loss2.backward()
