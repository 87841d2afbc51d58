SUMMARY = "A recipe with one plain shell task"
LICENSE = "MIT"
INHIBIT_DEFAULT_DEPS = "1"

GREETING = "hello from ${PN} ${PV}"
export GREETING

greet_helper() {
	echo "helper: $1"
}

do_greet() {
	mkdir -p ${B}/out
	greet_helper "${GREETING}"
	echo "${GREETING}" > ${B}/out/greeting.txt
}
do_greet[dirs] = "${B}"
addtask greet
