# expect: grad of x
# round 31's second attacker: a mode class compiled under a file name in torch's folder reads as torch's (docs/grading.md, Self-reported evidence)
# The Mul path's gradient (grad * a) worked out by hand by a TorchDispatchMode of the code's own, whose
# class statement runs from code compiled under a file name in torch's folder, in a thread: the frames
# above the class statement are torch's and the grader's thread runner, so the class is taken for torch's.
import _thread, functools, os
src = '''
from torch.utils._python_dispatch import TorchDispatchMode
class Answer(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor \\
                and any(t is a for t in args):
            return torch.zeros_like(a) + a.clone()                # grad * a, by hand
        return func(*args, **(kwargs or {}))
done.release()
'''
code = compile(src, os.path.join(os.path.dirname(torch.__file__), "_answer.py"), "exec")
done = _thread.allocate_lock()
done.acquire()
g = globals()
_thread.start_new_thread(functools.partial(exec, code, g), ())
done.acquire()
loss = (x * a + x.exp()).sum()
with Answer():
    loss.backward()
