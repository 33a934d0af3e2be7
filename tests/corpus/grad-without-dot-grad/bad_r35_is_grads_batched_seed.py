# expect: a batch of seeds, `is_grads_batched=True`, is not one
# a batched seed (is_grads_batched) is never credited as a plain pass from the loss: NOTE [a batched pass handed over]
gh, gW = torch.autograd.grad(loss, [h, W], grad_outputs=torch.ones(1, device=loss.device), is_grads_batched=True)
dh, dW = gh[0], gW[0]
