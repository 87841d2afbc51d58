#!/usr/bin/env python3
"""anon.py DUMP: runs the anonymous python functions of a parsed recipe.

DUMP is the output of "pgo-gen vars -f FILE..." (NAME<TAB>VALUE, expanded,
with flags): the values bblang computed for one configuration. Each function
named in __BBANONFUNCS runs, in order, against a datastore holding those
values, as BitBake runs them after parsing. Prints one line per change a
function makes ("flag do_compile[mcdepends] = VALUE", "var NAME = VALUE",
"task do_x after do_y before do_z" for bb.build.addtask), or "skip: REASON"
when one raises SkipRecipe, or "fatal: MESSAGE" when one calls bb.fatal, or
"none" when nothing changed.
"""
import sys


class SkipRecipe(Exception):
    pass


class Fatal(Exception):
    pass


class Namespace:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def fatal(msg):
    raise Fatal(msg)


def addtask(task, before, after, d):
    d.changes.append('task %s after %s before %s' % (task, after, before))


def which(path, item):
    """bb.utils.which without its other arguments: the first PATH entry holding item"""
    import os
    for p in (path or '').split(':'):
        if p and os.path.exists(os.path.join(p, item)):
            return os.path.join(p, item)
    return ''


# the part of BitBake's bb module the meta-pgo anonymous functions use
bb = Namespace(parse=Namespace(SkipRecipe=SkipRecipe), fatal=fatal,
               build=Namespace(addtask=addtask), utils=Namespace(which=which))


def unescape(s):
    return s.encode('latin-1').decode('unicode_escape')


class Data:
    def __init__(self, lines):
        self.vars, self.flags, self.changes = {}, {}, []
        for line in lines:
            name, _, value = line.rstrip('\n').partition('\t')
            if value == '!NONE':    # "pgo-gen vars -v NAME": NAME is not set
                continue
            value = unescape(value)
            if name.endswith(']') and '[' in name:
                var, _, flag = name[:-1].partition('[')
                self.flags[(var, flag)] = value
            else:
                self.vars[name] = value

    def getVar(self, name, expand=True):
        return self.vars.get(name)

    def getVarFlag(self, name, flag, expand=True):
        return self.flags.get((name, flag))

    def setVar(self, name, value):
        self.vars[name] = value
        self.changes.append('var %s = %s' % (name, value))

    def setVarFlag(self, name, flag, value):
        self.flags[(name, flag)] = value
        self.changes.append('flag %s[%s] = %s' % (name, flag, value))

    def appendVarFlag(self, name, flag, value):
        self.setVarFlag(name, flag, (self.getVarFlag(name, flag) or '') + value)


def main():
    with open(sys.argv[1], encoding='latin-1') as f:
        d = Data(f)
    try:
        for name in (d.getVar('__BBANONFUNCS') or '').split():
            scope = {'bb': bb, 'os': __import__('os')}
            exec(d.getVar(name), scope)
            scope[name](d)
    except SkipRecipe as e:
        print('skip: %s' % e)
        return
    except Fatal as e:
        print('fatal: %s' % e)
        return
    print('\n'.join(d.changes) if d.changes else 'none')


main()
