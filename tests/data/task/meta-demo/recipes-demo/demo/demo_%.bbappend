APPENDED = "by demo_%.bbappend"

post_step() {
	echo post >> ${OUT}/calls
}
do_greet[postfuncs] += "post_step"
