# expect: saved
import threading
from torch.utils._pytree import tree_map
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)  # counted, then thrown away
box = []
t = threading.Thread(target=lambda: box.append(block(x).sum()))  # no checkpoint: every intermediate kept
tree_map(lambda _: t.start(), [0])
t.join()
out = box[0]
out.backward()
