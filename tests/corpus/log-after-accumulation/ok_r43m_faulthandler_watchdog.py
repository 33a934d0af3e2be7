import faulthandler
faulthandler.dump_traceback_later(30, exit=True)  # dump stacks if something hangs

norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
faulthandler.cancel_dump_traceback_later()
