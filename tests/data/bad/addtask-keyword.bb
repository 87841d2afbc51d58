A = "a"
addtask do_foo:append_x after do_compile
