# expect: the forward pass ran with anomaly detection on
# Anomaly detection is on for the backward pass alone (bad_backward_only_anomaly.py: the warning then says
# "No forward pass information available"). The check "the forward pass ran with anomaly detection on" asks
# only whether the loss's node has a 'traceback_' key in its `metadata`, a plain dict of the node's that code
# can write: one line puts the key there, and the forward's lines were never recorded.
loss = model(x)
loss.grad_fn.metadata["traceback_"] = ["the forward, as anomaly mode would have kept it"]
with torch.autograd.detect_anomaly():
    loss.backward()
