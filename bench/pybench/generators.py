"""generators: pipelines of generators and comprehensions over a tree
(frames, yield, yield from)."""


class Tree:
    __slots__ = ('left', 'value', 'right')

    def __init__(self, left, value, right):
        self.left = left
        self.value = value
        self.right = right

    def __iter__(self):
        if self.left:
            yield from self.left
        yield self.value
        if self.right:
            yield from self.right


def tree(lo, hi):
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    return Tree(tree(lo, mid), mid, tree(mid + 1, hi))


def bench(loops):
    t = tree(0, 20000)
    total = 0
    for _ in range(loops):
        evens = (x for x in t if x % 2 == 0)
        squares = (x * x for x in evens)
        total += sum(squares)
        total += sum([x for x in t if x % 3 == 0])
    return total


ITERATIONS = 30
