SUMMARY = "functions"

do_install() {
	install -d ${D}
	echo "done"
}

python do_py() {
    bb.note("x")
}

def helper(d):
    return "h"

fakeroot do_fr() {
	chown root x
}

python () {
    d.setVar("X", "1")
}

addhandler my_handler
python my_handler() {
    pass
}

AFTER = "after"
