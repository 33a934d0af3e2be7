state = {"node": out.grad_fn}

def advance():
    cur = state["node"]
    if cur is None:
        return None
    state["node"] = cur.next_functions[0][0] if cur.next_functions else None
    return cur

visited = list(iter(advance, None))
names = [type(n).__name__ for n in visited]
found = visited[-1].variable
