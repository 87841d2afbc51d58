export HELPER_CLASS_VAR = "from the class"

demo_log() {
	bbnote "demo_log: $*"
}

python demo_pyhelper() {
    bb.note("a python helper")
}
