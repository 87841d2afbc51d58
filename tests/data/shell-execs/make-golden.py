#!/usr/bin/env python3
# make-golden.py BITBAKE [FILE...]: the commands BitBake's ShellParser finds
# in each piece of shell code, for tests/bblang/test-shell.c.
# cases.txt: crafted.txt's cases, then the body of every shell function
# "NAME() {...}" in FILEs (.bb, .bbclass, .inc); golden.txt: for each case,
# its commands sorted, one a line ("\" and newlines escaped), or ERR when
# the parser raises; cases and their commands end with a line "%%".
import logging
import re
import sys

sys.path.insert(0, sys.argv[1] + "/lib")
import bb.codeparser  # noqa: E402

cases = open("crafted.txt").read().rstrip("\n").split("\n%%\n")
for path in sys.argv[2:]:
    text = open(path, errors="replace").read()
    for m in re.finditer(r"^(?:fakeroot\s+)?[\w${}:.+-]+\s*\(\)\s*\{\n(.*?)\n\}\s*$",
                         text, re.S | re.M):
        if "\n%%\n" not in "\n" + m.group(1) + "\n":
            cases.append(m.group(1))

log = logging.getLogger("make-golden")
with open("cases.txt", "w") as c, open("golden.txt", "w") as g:
    for src in cases:
        c.write(src + "\n%%\n")
        bb.codeparser.codeparsercache.shellcacheextras.clear()
        try:
            execs = sorted(bb.codeparser.ShellParser("case", log).parse_shell(src))
        except Exception:
            execs = None
        if execs is None:
            g.write("ERR\n")
        for e in execs or []:
            g.write(e.replace("\\", "\\\\").replace("\n", "\\n") + "\n")
        g.write("%%\n")
