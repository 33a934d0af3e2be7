# expect: started at
# the chain rule by hand, carried into .grad by one backward of a surrogate
y = w * x + b
(w * x.detach() + x * w.detach() + b).backward()
