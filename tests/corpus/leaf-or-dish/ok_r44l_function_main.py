def leafiness(*ts):
    return tuple(bool(t.is_leaf) for t in ts)

def main():
    global a_leaf, b_leaf, c_leaf
    a_leaf, b_leaf, c_leaf = leafiness(a, b, c)
    print("leaves:", a_leaf, b_leaf, c_leaf)

if __name__ == "__main__":
    main()
