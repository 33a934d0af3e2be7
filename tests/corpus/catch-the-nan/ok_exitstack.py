import contextlib

with contextlib.ExitStack() as stack:
    stack.enter_context(torch.autograd.detect_anomaly())
    loss = model(x)
    loss.backward()
