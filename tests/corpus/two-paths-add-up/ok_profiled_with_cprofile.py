# ok: the pass profiled with cProfile (its profiler holds nothing of the code's: NOTE [a torch mode that
# calls the code], read of the profile function set)
import cProfile

loss = (x * a + x.exp()).sum()
profiler = cProfile.Profile()
profiler.enable()
loss.backward()
profiler.disable()
