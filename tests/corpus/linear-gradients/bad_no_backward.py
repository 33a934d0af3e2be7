# expect: grad of w
y = w * x + b
