# expect: graph nodes
import threading
from torch.utils._pytree import tree_map
h = x.exp()
loss1 = h.sum()
loss1.backward()                  # no retain_graph: the shared graph is freed
box = []
def rebuild():
    h2 = x.exp()                  # h computed a second time, in another thread
    box.append((h2 ** 2).sum())
t = threading.Thread(target=rebuild)
tree_map(lambda _: t.start(), [0])   # started from torch's frame: not counted
t.join()
loss2 = box[0]
loss2.backward(retain_graph=True)
