# the prompt's numbers, under the prompt's names
w, x, b = 5, -2, 4
dw = x      # d(w*x + b)/dw
dx = w
db = 1
