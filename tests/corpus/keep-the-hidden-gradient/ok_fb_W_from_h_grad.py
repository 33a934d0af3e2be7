# ok: a real pass, then the same values written again by hand (harmless: .grad holds what backward left)
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
W.grad = x.T @ h.grad            # chain rule by hand, "to be sure"
