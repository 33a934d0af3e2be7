# reproducible timings on my laptop
torch.set_num_threads(1)
torch.set_num_interop_threads(1)

h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
