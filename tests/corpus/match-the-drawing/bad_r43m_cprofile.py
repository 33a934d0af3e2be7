# expect: the grader keeps some of python's machinery
import cProfile, pstats

with cProfile.Profile() as pr:
    loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
pstats.Stats(pr).sort_stats("cumulative").print_stats(3)
