# expect: graph nodes
import threading
from torch.utils._pytree import tree_map
box = []
def fwd():
    box.append(F.mse_loss(second(torch.relu(first(X))), y))   # forward recorded for w1, b1 too
t = threading.Thread(target=fwd)
tree_map(lambda _: t.start(), [0])
t.join()
loss = box[0]
first.requires_grad_(False)   # frozen only after the forward
loss.backward()
