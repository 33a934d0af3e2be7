def run_backward(loss, keep):
    loss.backward(retain_graph=keep)

h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
run_backward(loss1, keep=True)
run_backward(loss2, keep=False)
