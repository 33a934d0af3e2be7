# ok (round 31's second learner): the reference plus a multi-grad hook on (w2, b2) that only records
# the multi-grad hook registered after the forward pass: second's params already have their accumulators
first.requires_grad_(False)
got = {}
loss = F.mse_loss(second(torch.relu(first(X))), y)
h = torch.autograd.graph.register_multi_grad_hook((w2, b2), lambda gs: got.update(n=len(gs)))
loss.backward()
h.remove()
