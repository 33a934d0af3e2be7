# ok: warnings recorded around the pass (catch_warnings holds nothing of the code's)
import warnings
with warnings.catch_warnings(record=True) as w:
    loss = (x * a + x.exp()).sum()
    loss.backward()
