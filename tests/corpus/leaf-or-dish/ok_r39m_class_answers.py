class Answer:
    a = True    # made directly
    b = False   # MulBackward0
    c = True    # no_grad: nothing recorded

a_leaf, b_leaf, c_leaf = Answer.a, Answer.b, Answer.c
