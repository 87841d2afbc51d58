A = "a"
python do_x() {
    pass
