# for demo 2.x only: must not apply to demo_1.0.bb
APPENDED = "WRONG: demo_2.%.bbappend"
