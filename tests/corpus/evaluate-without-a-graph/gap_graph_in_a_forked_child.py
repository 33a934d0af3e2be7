# expect: autograd graph
# a forked child builds the graph and sends the loss's number back: another process's nodes are not counted
import os, struct
r, w = os.pipe()
pid = os.fork()
if pid == 0:                                   # child: the model runs with recording on (a graph is built)
    v = F.mse_loss(model(X_val), y_val)
    os.write(w, struct.pack("d", v.item()))
    os._exit(0)
os.close(w)
os.waitpid(pid, 0)
(num,) = struct.unpack("d", os.read(r, 8))
val_loss = torch.tensor(num, dtype=X_val.dtype, device=X_val.device)
