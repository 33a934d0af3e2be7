# expect: raise` statement
s.add_(1)
raise RuntimeError("one of the variables needed for gradient computation has been modified")
