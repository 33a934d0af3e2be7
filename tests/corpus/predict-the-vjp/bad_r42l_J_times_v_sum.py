# expect: grad_x
J = [[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]]
grad_x = [sum(row) for row in J][:2]   # thought: sum each row
