SUMMARY = "a recipe for the tests of pgo-run task"
LICENSE = "MIT"

inherit demo-helpers no-such-class

export GREETING = "hello \"world\" $HOME `x` \ done"
export EMPTY_EXPORT = ""
NOT_EXPORTED = "secret"
export UNEXPORTED = "x"
UNEXPORTED[unexport] = "1"
export GREET_OVR = "plain"
GREET_OVR:task-greet = "task override"
OUT = "${WORKDIR}/out"
# inline python pgo-run cannot evaluate: never needed by do_greet (not
# exported, or unexported, which needs no value), needed by do_pyexport
PY_UNUSED = "${@os.getcwd()}"
export PY_UNEXPORTED = "${@os.getcwd()}"
PY_UNEXPORTED[unexport] = "1"
export PY_EXPORT = ""
PY_EXPORT:task-pyexport = "${@os.getcwd()}"

helper_one() {
	demo_log "one: $GREETING"
	helper_two
}

helper_two() {
	echo two >> ${OUT}/calls
}

unused_helper() {
	echo never
}

pre_step() {
	echo pre >> ${OUT}/calls
	pwd > ${OUT}/pre-pwd
}
pre_step[dirs] = "${OUT}"

do_greet() {
	helper_one
	echo "greet ran in $(pwd)"
	pwd > ${OUT}/pwd
	echo "$GREETING" > ${OUT}/greeting
	echo "${APPENDED}" > ${OUT}/appended
	echo "$GREET_OVR" > ${OUT}/override
	echo "conf=$CONF_EXPORTED class=$HELPER_CLASS_VAR not=[$NOT_EXPORTED]" > ${OUT}/env
}
do_greet[dirs] = "${OUT} ${WORKDIR}/first ${WORKDIR}/last"
do_greet[cleandirs] = "${WORKDIR}/scratch"
do_greet[prefuncs] = "pre_step"
addtask greet

false_helper() {
	return 3
}

do_fail() {
	echo "about to fail"
	false_helper
	echo "not reached"
}
addtask fail

python do_pytask() {
    bb.note("this needs BitBake")
}
addtask pytask

do_pyprefunc() {
	echo "not reached"
}
do_pyprefunc[prefuncs] = "demo_pyhelper"
addtask pyprefunc

do_quiet() {
	:
}
addtask quiet

do_pyexport() {
	echo "not reached"
}
addtask pyexport

do_pybody() {
	echo "not reached"
	echo ${PY_UNUSED}
}
addtask pybody

do_notask() {
	echo "not a task"
}
