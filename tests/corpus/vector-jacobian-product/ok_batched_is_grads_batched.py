# Round 29's learner probe: one reverse pass, batched (a batch of one), its row assigned to x.grad.
# One backward call with a batch of cotangents (here a batch of one: v), is_grads_batched=True.
y = torch.tanh(x) * x.cumsum(0)
(vjps,) = torch.autograd.grad(y, x, grad_outputs=v.unsqueeze(0), is_grads_batched=True)
x.grad = vjps[0]
