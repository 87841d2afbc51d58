A = "a"

do_compile() {
	make

