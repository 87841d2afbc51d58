# python functions that import BitBake's modules and re, and match with
# re.match; one that reaches bb.error is never half computed
A = "${@kernel_arch(d, 'x86_64')}"
B = "${@kernel_arch(d, 'i686')}"
C = "${@kernel_arch(d, 'aarch64')}"
D = "${@kernel_arch(d, 'armv7a')}"
E = "${@kernel_arch(d, 'riscv64')}"
F = "${@imports_many(d)}"
G = "${@matched(d, '\\w+$', 'caf\u00e9')}"
H = "${@matched(d, 'a$', 'a\\n')}"
I = "${@matched(d, 'b', 'ab')}"
J = "${@matched(d, '(x|y)*z', 'xyxz!')}"
K = "${@re_flags(d)}"

def kernel_arch(d, a):
    import re
    if re.match('(i.86|athlon|x86.64)$', a):
        return 'x86'
    elif re.match('(aarch64|aarch64_be)$', a):
        return 'arm64'
    elif re.match('(arm|armbe|armeb)$', a) or re.match('armv[0-9]', a):
        return 'arm'
    else:
        bb.error("cannot map '%s' to a kernel architecture" % a)
        return a

def imports_many(d):
    import os, re
    import os.path
    return os.path.basename('/a/b') + ('m' if re.match('b', 'bc') else 'n')

def matched(d, p, s):
    import re
    return 'yes' if re.match(p, s) else 'no'

def re_flags(d):
    import re
    return 'yes' if re.match('a', 'A', re.I) else 'no'
