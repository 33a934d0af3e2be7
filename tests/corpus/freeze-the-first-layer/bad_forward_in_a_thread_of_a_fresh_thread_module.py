# expect: graph nodes
# The forward runs with `first` NOT frozen (w1, b1 recorded) in a thread started through a fresh copy
# of the builtin _thread module (_imp.create_builtin: its start_new_thread is not the observed one);
# `first` is frozen only before loss.backward().
import _imp
import importlib.machinery
import threading

spec = importlib.machinery.ModuleSpec("_thread", importlib.machinery.BuiltinImporter, origin="built-in")
fresh = _imp.create_builtin(spec)
box = []
done = threading.Event()

def fwd():
    box.append(F.mse_loss(second(torch.relu(first(X))), y))
    done.set()

fresh.start_new_thread(fwd, ())
done.wait()
loss = box[0]
first.requires_grad_(False)
loss.backward()
