# python functions of the metadata (def, from a class): the statements a
# function may hold, called from inline python
EXTRANATIVEPATH = "perl-native  python3-native"
STAGING_BINDIR_NATIVE = "/sysroot/usr/bin"
PATH = "/usr/bin:/bin"
PATH:prepend = "${@extra_path_elements(d)}"
WORDS = "alpha beta gamma delta"
A = "${@pick(d)}"
B = "${@pick(d, 'g')}"
C = "${@pick(d, prefix='d', upper=True)}"
D = "${@count_until(d, 'gamma')}"
E = "${@pairs(d)}"
F = "${@branch(d, 0)} ${@branch(d, 1)} ${@branch(d, 2)} ${@branch(d, 7)}"
G = "${@nothing(d)}"
H = "${@one_line(d)}"
I = "${@calls_other(d)}"
J = "${@nested(d)}"
K = "${@aug(d)}"
L = "${@rec(d, 4)}"
M = "${@defaults_read_at_call(d)}"

def extra_path_elements(d):
    path = ""
    elements = (d.getVar('EXTRANATIVEPATH') or "").split()
    for e in elements:
        path = path + "${STAGING_BINDIR_NATIVE}/" + e + ":"
    return path

def pick(d, prefix='a', upper=False):
    """the words of WORDS that start with prefix"""
    found = []
    for w in d.getVar('WORDS').split():
        if not w.startswith(prefix):
            continue
        found = found + [w.upper() if upper else w]
    return ' '.join(found)

def count_until(d, stop):
    n = 0
    for w in d.getVar('WORDS').split():
        if w == stop:
            break
        n += 1
    return n

def pairs(d):
    out = []
    for k, v in [('a', 1), ('b', 2)]:
        out = out + ['%s=%d' % (k, v)]
    x, y = 'left', 'right'
    return ','.join(out) + ' ' + y + x

def branch(d, n):
    if n == 0:
        r = 'zero'
    elif n == 1:
        r = 'one'
    elif n < 5:
        r = 'few'
    else:
        r = 'many'
    return r

def nothing(d):
    pass

def one_line(d): return 'short'

def calls_other(d):
    return branch(d, 1) + '+' + pick(d, 'b')

def nested(d):
    total = 0
    for a in [1, 2, 3]:
        for b in [10, 20]:
            if b == 20 and a == 2:
                continue
            total += a * b
    return total

def aug(d):
    s = 'a'
    s += 'b'
    n = 10
    n -= 3
    n *= 2
    n //= 3
    n %= 3
    return s + str(n)

def rec(d, n):
    if n <= 1:
        return '1'
    return str(n) + '.' + rec(d, n - 1)

def defaults_read_at_call(d, sep=' '):
    return sep.join(['x', 'y'])
