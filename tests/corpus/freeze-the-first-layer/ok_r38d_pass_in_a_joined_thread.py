# A right answer that runs the forward and backward in a worker thread and joins it.
import threading
first.requires_grad_(False)
out = {}
def _work():
    out["loss"] = F.mse_loss(second(torch.relu(first(X))), y)
    out["loss"].backward()
t = threading.Thread(target=_work)
t.start()
t.join()
loss = out["loss"]
