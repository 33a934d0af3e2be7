# ok: an audit hook of the code's would run on the observers' own audited reads inside a pass (each
# frame's f_code, sys._getframe), where no check follows: a grading run refuses it (NOTE [no audit hook of
# the code's], observe.py), and the pass is torch's; the file says so by raising if its hook ever ran
import sys

seen = []
sys.addaudithook(lambda event, args: seen.append(event))
loss = (x * a + x.exp()).sum()
loss.backward()
if seen:
    raise ValueError("the audit hook ran: " + ", ".join(sorted(set(seen))[:5]))
