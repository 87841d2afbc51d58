"""float: points created, normalized and maximized; float objects and
attribute access."""
from math import sin, cos, sqrt


class Point:
    __slots__ = ('x', 'y', 'z')

    def __init__(self, i):
        self.x = x = sin(i)
        self.y = cos(i) * 3
        self.z = (x * x) / 2

    def normalize(self):
        norm = sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x /= norm
        self.y /= norm
        self.z /= norm

    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self


def bench(loops):
    result = None
    for _ in range(loops):
        points = [Point(i) for i in range(20000)]
        for p in points:
            p.normalize()
        nxt = points[0]
        for p in points[1:]:
            nxt = nxt.maximize(p)
        result = (nxt.x, nxt.y, nxt.z)
    return result


ITERATIONS = 40
