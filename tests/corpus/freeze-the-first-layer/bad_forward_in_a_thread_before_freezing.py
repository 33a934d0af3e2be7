# expect: graph nodes
import threading
box = []
def fwd():
    box.append(F.mse_loss(second(torch.relu(first(X))), y))   # forward recorded for w1, b1 too
t = threading.Thread(target=fwd); t.start(); t.join()
loss = box[0]
first.requires_grad_(False)   # frozen only after the forward
loss.backward()
