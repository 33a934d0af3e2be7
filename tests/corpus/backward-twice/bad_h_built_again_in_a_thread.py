# expect: graph nodes
import threading
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
box = []
def rebuild():
    h2 = x.exp()                 # h built a second time, in another thread
    box.append((h2 ** 2).sum())
t = threading.Thread(target=rebuild); t.start(); t.join()
loss2 = box[0]
loss2.backward()
