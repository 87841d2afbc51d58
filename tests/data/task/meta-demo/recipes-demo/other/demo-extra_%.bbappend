# for demo-extra: must not apply to demo_1.0.bb
APPENDED = "WRONG: demo-extra_%.bbappend"
