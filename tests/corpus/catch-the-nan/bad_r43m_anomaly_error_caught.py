# expect: ran to the end without raising
import logging
log = logging.getLogger("nan-hunt")
logging.basicConfig(level=logging.INFO)

with torch.autograd.detect_anomaly():
    loss = model(x)
    try:
        loss.backward()
    except RuntimeError as err:
        log.error("backward failed: %s", err)
