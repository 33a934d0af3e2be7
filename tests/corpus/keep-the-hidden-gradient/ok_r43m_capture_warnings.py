import logging
logging.basicConfig(level=logging.DEBUG)
logging.captureWarnings(True)

h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
logging.debug("h.grad=%s", h.grad)
