import sys
sys.stdout.reconfigure(encoding="utf-8")   # Windows console habit
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
print("∂loss/∂h =", h.grad)
