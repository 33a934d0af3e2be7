# expect: autograd graph
import threading
from torch.utils._pytree import tree_map
out = []
def work():
    out.append(F.mse_loss(model(X_val), y_val).detach())   # graph built (recording on), then dropped
t = threading.Thread(target=work)
tree_map(lambda _: t.start(), [0])    # started from a torch frame: read as torch's own thread
t.join()
val_loss = out[0]
