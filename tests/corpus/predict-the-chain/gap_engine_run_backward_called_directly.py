# expect: no autograd in the answer
# wrong (cheat): autograd's engine called directly, no backward/grad API
from torch.autograd import Variable
gw, gb = Variable._execution_engine.run_backward((loss,), (torch.ones_like(loss),), True, False, (w, b), False)
dw, db = gw.item(), gb.item()
