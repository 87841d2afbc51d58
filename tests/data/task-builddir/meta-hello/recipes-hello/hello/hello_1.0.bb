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

# quotes, backquotes, $ and a backslash, as BitBake writes them in a run file
export QUOTED = "say "hi", \`date\` and $HOME \ backslash"

# a task as real ones are: OE-core's bbnote and bbwarn (logging.bbclass,
# whose LOGFIFO names the task runner's PID) and a helper
do_hello() {
	bbnote "hello from ${PN}"
	bbwarn "a warning from ${PN}"
	greet_helper "$QUOTED"
	echo "$QUOTED" > ${B}/out/quoted.txt
}
do_hello[dirs] = "${B}/out"
addtask hello
