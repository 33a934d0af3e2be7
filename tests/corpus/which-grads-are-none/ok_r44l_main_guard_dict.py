def grads_are_none(**tensors):
    return {name: t.grad is None for name, t in tensors.items()}

if __name__ == "__main__":
    result = grads_are_none(a=a, b=b, c=c, d=d)
    print(result)
    a_none = result["a"]
    b_none = result["b"]
    c_none = result["c"]
    d_none = result["d"]
