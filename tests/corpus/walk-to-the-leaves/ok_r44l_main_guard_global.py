def walk(start):
    seen = []
    last = None
    cur = start
    while cur is not None:
        seen.append(type(cur).__name__)
        last = cur
        cur = cur.next_functions[0][0] if len(cur.next_functions) else None
    return seen, last

def main():
    global names, found
    names, last = walk(out.grad_fn)
    found = last.variable
    print(" -> ".join(names))

if __name__ == "__main__":
    main()
