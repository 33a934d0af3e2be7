import logging
import sys
import warnings
from torch.func import grad, hessian

logging.basicConfig(level=logging.INFO, stream=sys.stderr)
log = logging.getLogger("hw")
g = grad(f)(x)
log.info("g = %s", g)
H = hessian(f)(x)
print("H diag", H.diagonal(), file=sys.stderr)
warnings.warn("just checking")
