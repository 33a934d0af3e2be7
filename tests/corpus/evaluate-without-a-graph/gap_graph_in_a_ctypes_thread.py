# expect: autograd graph
# the forward with a graph runs in a thread made by pthread_create through ctypes: below threading, not counted
import ctypes
libc = ctypes.CDLL(None)
out = []
@ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)
def work(_arg):                               # runs in a thread that threading never saw
    out.append(F.mse_loss(model(X_val), y_val).detach())   # recording on: a graph is built
    return None
tid = ctypes.c_ulong()
libc.pthread_create(ctypes.byref(tid), None, work, None)
libc.pthread_join(tid, None)
val_loss = out[0]
