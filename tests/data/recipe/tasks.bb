addtask configure
addtask compile after do_configure before do_install
addtask install
addtask package after install before build
addtask unwanted after compile
deltask unwanted
