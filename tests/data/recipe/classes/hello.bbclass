HELLO_CLASS = "yes"

hello_do_greet() {
	echo hello
}

python hello_do_pygreet() {
    bb.note("hi")
}

EXPORT_FUNCTIONS do_greet do_pygreet

addtask greet after do_fetch
