def main():
    global y
    y = w * x + b
    y.backward()


if __name__ == "__main__":
    main()
