# expect: autograd graph
import threading
out = []
def work():
    out.append(F.mse_loss(model(X_val), y_val).detach())
t = threading.Thread(target=work); t.start(); t.join()
val_loss = out[0]
