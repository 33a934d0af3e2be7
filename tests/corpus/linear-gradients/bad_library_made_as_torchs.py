# expect: registered kernels of its own
# round 31's second attacker: a Library made by code compiled under a file name in torch's folder read as torch's;
# caught since round 39: a Library for aten made in a run is the code's, whoever made it (observe_kernels._EAGER)
# w.grad and x.grad worked out by hand by a kernel of the code's own for aten::mul.Tensor at AutogradCPU,
# registered through torch.library.Library from code compiled under a file name in torch's folder and run
# in a thread with no frame of the code's: the Library reads as torch's own making.
import _thread, functools, os
src = '''
def kernel(u, v):
    if torch._C._current_graph_task_id() != -1 and (u is x or v is x or u is w or v is w):
        return (x if (u is x or v is x) else w).detach().clone()    # grad * x, grad * w by hand (grad is 1)
    with torch._C._AutoDispatchBelowAutograd():
        return torch.ops.aten.mul.Tensor(u, v)
lib = torch.library.Library("aten", "IMPL")
lib.impl("mul.Tensor", kernel, "AutogradCPU")
done.release()
'''
y = w * x + b
code = compile(src, os.path.join(os.path.dirname(torch.__file__), "_kernel.py"), "exec")
done = _thread.allocate_lock()
done.acquire()
_thread.start_new_thread(functools.partial(exec, code, globals()), ())
done.acquire()
y.backward()
lib._destroy()
