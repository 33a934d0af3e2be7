# expect: grad of x
# counts from a block(x) whose pack keeps nothing; out bound again to a second call, passed back: backward_from reads the name as the code ends (the gap of counts measured on another call; round 32's eighth attacker)
# counts measured on a block(x) whose pack keeps nothing (its graph can never be passed back);
# `out` is then rebound to a second, unhooked block(x), and that one is passed back
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return None          # nothing kept

def unpack(p):
    raise RuntimeError("nothing was kept")

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
out = block(x)           # a second graph, bound to the same name
out.backward()
