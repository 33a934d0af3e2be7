import threading, concurrent.futures, multiprocessing
from torch.utils.data import DataLoader, TensorDataset
out = []
t = threading.Thread(target=lambda: out.append(1)); t.start(); t.join()
with concurrent.futures.ThreadPoolExecutor(2) as ex:
    assert list(ex.map(lambda v: v * 2, [1, 2])) == [2, 4]
dl = DataLoader(TensorDataset(torch.arange(8.0)), batch_size=4)
assert sum(float(b[0].sum()) for b in dl) == 28.0
torch.set_num_threads(2)
_ = torch.randn(200, 200) @ torch.randn(200, 200)
import subprocess
assert subprocess.run(["/bin/true"]).returncode == 0
y = w * x + b
y.backward()
