# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# a hook (returns None) hands y's gradient to a thread; the thread works the formula out; the node's _get_user_fn
# is a Future's result (stdlib), which blocks the pass until the thread's dict.get is ready
import threading, queue, concurrent.futures
BHF = torch.nn.modules._functions.BackwardHookFunction
xx = x.detach()
q = queue.Queue()
fut = concurrent.futures.Future()
(x2,) = BHF.apply(x)
node = x2.grad_fn


def _worker():
    g = q.get()
    with torch.no_grad():
        t = torch.tanh(xx)
        c = xx.cumsum(0)
        hand = g * (1 - t ** 2) * c + (g * t).flip(0).cumsum(0).flip(0)
    fut.set_result({node: hand}.get)


th = threading.Thread(target=_worker)
th.start()
node._get_user_fn = fut.result
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.register_hook(q.put)
y.backward(gradient=v)
th.join()
