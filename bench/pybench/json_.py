"""json: dumps and loads of nested documents (the C accelerator and the
objects it builds)."""
import json

DOC = {
    'key': 'value', 'number': 12345, 'float': 3.14159, 'bool': True, 'none': None,
    'list': list(range(30)), 'text': 'caf\u00e9 \u2603 ' * 5,
    'nested': [{'id': i, 'name': 'item %d' % i, 'tags': ['a', 'b', 'c'],
                'score': i * 0.5, 'extra': {'x': i, 'y': [i, i + 1]}} for i in range(40)],
}


def bench(loops):
    n = 0
    for _ in range(loops):
        for indent in (None, 2):
            s = json.dumps(DOC, indent=indent, sort_keys=True)
            n += len(json.loads(s)['nested'])
    return n


ITERATIONS = 800
