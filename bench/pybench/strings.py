"""strings: formatting, joining, splitting, dict counting and unpacking
of small records (str, dict and tuple objects)."""


def bench(loops):
    n = 0
    for _ in range(loops):
        rows = ['%s,%d,%.2f,%s' % ('name%d' % i, i, i / 7.0, 'x' * (i % 13)) for i in range(5000)]
        text = '\n'.join(rows)
        counts = {}
        for line in text.split('\n'):
            name, num, val, pad = line.split(',')
            key = name[:5] + pad[:2]
            counts[key] = counts.get(key, 0) + int(num)
        out = ['{}={:>8}'.format(k, v) for k, v in sorted(counts.items())]
        n += len(''.join(out).upper().replace('NAME', 'n'))
        n += sum(len(f'{i:04x}:{i!r}') for i in range(3000))
    return n


ITERATIONS = 80
