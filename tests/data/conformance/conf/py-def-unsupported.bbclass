# python functions whose statements are outside the subset, or that raise:
# never a value computed from half a function
A = "${@sets_var(d)}"
B = "${@loops_while(d)}"
C = "${@tries(d)}"
D = "${@imports(d)}"
E = "${@unbound(d)}"
F = "${@raises(d)}"
G = "${@reads_unevaluated(d)}"
H = "${@missing_arg()}"
I = "${@too_many(d, 1, 2)}"
J = "${@shell_func(d)}"
K = "${@subscript_assign(d)}"
L = "${@unknown_name(d)}"
UNEVAL = "${@sorted(set('ba'))}"

def sets_var(d):
    d.setVar('SIDE', '1')
    return 'x'

def loops_while(d):
    n = 0
    while n < 3:
        n += 1
    return n

def tries(d):
    try:
        return 'a'
    except Exception:
        return 'b'

def imports(d):
    import os
    return os.sep

def unbound(d):
    if False:
        v = 1
    return v

def raises(d):
    return int('x')

def reads_unevaluated(d):
    return d.getVar('UNEVAL') + '!'

def missing_arg(d):
    return 'never'

def too_many(d, a):
    return a

shell_func() {
    echo hi
}

def subscript_assign(d):
    l = [1, 2]
    l[0] = 3
    return l

def unknown_name(d):
    return glob_of_nothing
