# expect: each micro-batch's backward pass runs before the next forward
# one loss over the four micro-batches' outputs, passed back four times (round 32's second attacker)
# four micro forwards kept alive, concatenated into ONE full-batch loss, then that one loss backpropagated 4 times
outs = [model(xb) for xb in X.split(2)]
loss = F.mse_loss(torch.cat(outs), y)
for _ in range(4):
    (loss / 4).backward(retain_graph=True)
