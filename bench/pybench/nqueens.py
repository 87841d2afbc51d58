"""nqueens: all solutions of the 8 queens problem with generators, sets
and tuples."""


def permutations(iterable):
    pool = tuple(iterable)
    n = len(pool)
    indices = list(range(n))
    cycles = list(range(n, 0, -1))
    yield tuple(pool[i] for i in indices)
    while n:
        for i in reversed(range(n)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices)
                break
        else:
            return


def n_queens(n):
    cols = range(n)
    for vec in permutations(cols):
        if (n == len(set(vec[i] + i for i in cols))
                == len(set(vec[i] - i for i in cols))):
            yield vec


def bench(loops):
    for _ in range(loops):
        res = list(n_queens(8))
    return len(res)


ITERATIONS = 6
