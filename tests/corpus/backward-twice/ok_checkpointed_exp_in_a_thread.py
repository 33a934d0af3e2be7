# correct: h checkpointed (recomputed in backward instead of saved), both passes in a worker thread
import threading
from torch.utils.checkpoint import checkpoint

def run():
    h = checkpoint(torch.exp, x, use_reentrant=False)
    loss1 = h.sum()
    loss2 = (h ** 2).sum()
    loss1.backward(retain_graph=True)
    loss2.backward()

t = threading.Thread(target=run)
t.start()
t.join()
