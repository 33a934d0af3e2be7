import json
from typing import NamedTuple


class Leafiness(NamedTuple):
    a: bool
    b: bool
    c: bool


guess = Leafiness(a=True, b=False, c=True)
with open("guess.json", "w", encoding="utf-8") as fh:
    json.dump(guess._asdict(), fh)
with open("guess.json", encoding="utf-8") as fh:
    loaded = json.load(fh)
a_leaf, b_leaf, c_leaf = loaded["a"], loaded["b"], loaded["c"]
assert (a_leaf, b_leaf, c_leaf) == (a.is_leaf, b.is_leaf, c.is_leaf)
