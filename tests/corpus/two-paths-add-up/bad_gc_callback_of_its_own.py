# expect: grad of x
# a gc callback of the code's runs in any collection, inside a pass too: the pass is the code's (NOTE [code
# the interpreter runs inside a pass])
import gc
gc.callbacks.append(lambda phase, info: None)
loss = (x * a + x.exp()).sum()
loss.backward()
