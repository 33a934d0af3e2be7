# expect: grad of x
# a pack that keeps nothing, so out.backward() cannot work; x.grad from another call of block (round 32's seventh attacker)
# counts measured on `out`, but the pack hook throws every saved tensor away: out.backward() can never
# work. x.grad comes from a second call of block (another graph) instead.
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return None          # nothing kept: backward through `out` is impossible

def unpack(p):
    raise RuntimeError("nothing was kept")

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
block(x).backward()      # not out.backward()
