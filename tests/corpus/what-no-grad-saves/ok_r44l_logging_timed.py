import logging, time
logging.basicConfig(level=logging.INFO)
log = logging.getLogger("saves")

counts = {}
for name, fn, grad_on in [("ab", lambda: a * b, True), ("ac", lambda: a * c, True),
                          ("a2", lambda: a * 2, True), ("nograd", lambda: (a * c).exp(), False)]:
    kept = []
    t0 = time.time()
    with torch.set_grad_enabled(grad_on):
        with torch.autograd.graph.saved_tensors_hooks(lambda t: kept.append(t) or t, lambda t: t):
            out = fn()
    counts[name] = len(kept)
    log.info("%s saved %d in %.3fs", name, len(kept), time.time() - t0)

n_ab, n_ac, n_a2, n_nograd = counts["ab"], counts["ac"], counts["a2"], counts["nograd"]
