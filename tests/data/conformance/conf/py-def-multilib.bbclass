# OE-core's all_multilib_tune_values (meta/classes-global/utils.bbclass,
# wrynose ef022bf82d79, MIT), whose body copies the datastore, called as
# layer.conf calls it for PATH: the value without multilib
B = "/b/x86_64-poky-linux /b/x86_64-poky-linux /b/other"
C = "a:b:a"
OVERRIDES = "linux:x86-64"
A = "${@":".join(all_multilib_tune_values(d, 'B').split())}"
U = "${@all_multilib_tune_values(d, 'B', unique=False)}"
W = "${@all_multilib_tune_values(d, 'C', need_split=False)}"
S = "${@all_multilib_tune_values(d, 'C', True, True, ':')}"
N = "${@all_multilib_tune_values(d, 'UNSET_VAR')}"

def get_multilib_datastore(variant, d):
    return oe.utils.get_multilib_datastore(variant, d)

def all_multilib_tune_values(d, var, unique = True, need_split = True, delim = ' '):
    """Return a string of all ${var} in all multilib tune configuration"""
    values = []
    variants = (d.getVar("MULTILIB_VARIANTS") or "").split() + ['']
    for item in variants:
        localdata = get_multilib_datastore(item, d)
        # We need WORKDIR to be consistent with the original datastore
        localdata.setVar("WORKDIR", d.getVar("WORKDIR"))
        value = localdata.getVar(var) or ""
        if value != "":
            if need_split:
                for item in value.split(delim):
                    values.append(item)
            else:
                values.append(value)
    if unique:
        #we do this to keep order as much as possible
        ret = []
        for value in values:
            if not value in ret:
                ret.append(value)
    else:
        ret = values
    return " ".join(ret)
