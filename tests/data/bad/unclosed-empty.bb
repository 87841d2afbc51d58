do_x() {
