#!/usr/bin/env python3
# conformance-oracle.py - the golden outputs of tests/data/conformance made
# with real BitBake: parses one conf file (or class, with BBHandler) the way "pgo-gen vars" does and
# prints the datastore in the conformance format (tests/data/conformance/README.md).
#
#   BITBAKE=DIR OE_LIB=DIR conformance-oracle.py -f [-u] [-I DIR]... [-O OVERRIDES]
#       [-D VAR=VALUE | -D VAR[FLAG]=VALUE]... [-k] [-v VAR]... [-x VAR]... FILE
#
# BITBAKE: a BitBake tree (its lib/ is imported); OE_LIB: openembedded-core's
# meta/lib, for oe.* in inline python (optional). A new case's goldens:
#   cd tests/data/conformance/conf && for u in "" -u; do
#     python3 ../../../bblang/conformance-oracle.py -f $u $(cat NAME.opts 2>/dev/null) NAME.conf |
#     sed "s|$PWD|@DIR@|g" >NAME.expected$u; done
import argparse
import logging
import os
import sys


def escape(v):
    out = []
    for c in v:
        if c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif c == "\r":
            out.append("\\r")
        elif ord(c) < 0x20 or ord(c) == 0x7f:
            out.append("\\x%02x" % ord(c))
        else:
            out.append(c)
    s = "".join(out)
    return "\\" + s if s.startswith("!") else s


def value(get):
    try:
        v = get()
    except Exception:
        return "!ERROR"
    return "!NONE" if v is None else escape(str(v))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-f", action="store_true")
    ap.add_argument("-u", action="store_true")
    ap.add_argument("-k", action="store_true")
    ap.add_argument("-I", action="append", default=[])
    ap.add_argument("-O")
    ap.add_argument("-D", action="append", default=[])
    ap.add_argument("-v", action="append", default=[])
    ap.add_argument("-x", action="append", default=[])
    ap.add_argument("file")
    a = ap.parse_args()

    sys.path.insert(0, os.path.join(os.environ["BITBAKE"], "lib"))
    if os.environ.get("OE_LIB"):
        sys.path.insert(0, os.environ["OE_LIB"])
    import bb
    import bb.data
    import bb.parse
    import bb.utils
    logging.getLogger("BitBake").setLevel(logging.CRITICAL)
    for m in ("os", "oe.utils", "oe.path", "oe.types", "oe.reproducible", "oe.data",
              "oe.packagegroup"):
        try:
            bb.utils._context[m.split(".")[0]] = __import__(m)
        except ImportError:
            pass

    d = bb.data.init()
    if a.I:
        d.setVar("BBPATH", ":".join(os.path.abspath(p) for p in a.I))
    if a.O is not None:
        d.setVar("OVERRIDES", a.O)
    for p in a.D:
        k, v = p.split("=", 1)
        if k.endswith("]") and "[" in k:
            var, flag = k[:-1].split("[", 1)
            d.setVarFlag(var, flag, v)
        else:
            d.setVar(k, v)
    try:
        bb.parse.handle(os.path.abspath(a.file), d)
        if a.k:
            bb.data.expandKeys(d)
    except BaseException as e:
        msg = "%s: %s" % (type(e).__name__, e)
        print("!PARSEERROR\t" + msg.replace("\n", " "))
        return 1

    expand = not a.u
    keys = sorted((k for k in d.keys() if not k.startswith("__")), key=lambda s: s.encode())
    if a.v:
        keys = a.v
    out = []
    for k in keys:
        if k in a.x:
            continue
        if a.v and k not in d:
            out.append("%s\t!NONE" % k)
            continue
        out.append("%s\t%s" % (k, value(lambda: d.getVar(k, expand))))
        if not a.f:
            continue
        flags = d.getVarFlags(k, internalflags=False) or {}
        for f in sorted((f for f in flags if not f.startswith((":", "_"))), key=lambda s: s.encode()):
            out.append("%s[%s]\t%s" % (k, f, value(lambda: d.getVarFlag(k, f, expand))))
    sys.stdout.buffer.write(("\n".join(out) + "\n").encode("utf-8", "surrogateescape"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
