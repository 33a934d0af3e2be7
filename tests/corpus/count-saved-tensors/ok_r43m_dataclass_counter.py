from dataclasses import dataclass


@dataclass
class SavedCounter:
    count: int = 0
    elements: int = 0

    def pack(self, t: torch.Tensor) -> torch.Tensor:
        self.count += 1
        self.elements += t.numel()
        return t

    @staticmethod
    def unpack(t: torch.Tensor) -> torch.Tensor:
        return t


counter = SavedCounter()
with torch.autograd.graph.saved_tensors_hooks(counter.pack, counter.unpack):
    out = block(x)
n_saved, n_elements = counter.count, counter.elements
out.backward()
print(f"{counter}")
