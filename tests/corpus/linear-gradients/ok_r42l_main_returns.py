def main():
    y = w * x + b
    y.backward()
    return y

y = main()
