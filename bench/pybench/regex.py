"""regex: compiled patterns searched, matched, substituted and split over
generated text (the sre engine)."""
import re

WORDS = ('alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu '
         'user@example.com 192.168.10.1 2026-11-30 http://www.example.org/x?y=1 '
         'ERROR WARNING info 0x1f2e3d 3.14159 -42 foo_bar Foo-Bar').split()
TEXT = '\n'.join(' '.join(WORDS[(i * 7 + j) % len(WORDS)] for j in range(12)) for i in range(300))

PATTERNS = [
    re.compile(r'[\w.+-]+@[\w-]+\.[\w.]+'),
    re.compile(r'\b(?:\d{1,3}\.){3}\d{1,3}\b'),
    re.compile(r'(\d{4})-(\d{2})-(\d{2})'),
    re.compile(r'https?://[^\s/]+(/[^\s?]*)?(\?\S*)?'),
    re.compile(r'^(ERROR|WARNING)\b.*$', re.M),
    re.compile(r'0x[0-9a-f]+', re.I),
    re.compile(r'[-+]?\d*\.\d+|[-+]?\d+'),
    re.compile(r'(\w+)_(\w+)'),
]


def bench(loops):
    n = 0
    for _ in range(loops):
        for p in PATTERNS:
            n += len(p.findall(TEXT))
            n += sum(1 for _ in p.finditer(TEXT))
        n += len(PATTERNS[7].sub(r'\2_\1', TEXT))
        n += len(re.split(r'\s+', TEXT))
        for line in TEXT.splitlines():
            if PATTERNS[2].search(line):
                n += 1
    return n


ITERATIONS = 35
