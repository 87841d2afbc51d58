# do_try's helpers as BitBake's shell parser sees them: only commands run
# pull a function into the run file
LICENSE = "MIT"

# named only inside strings and as an argument: not run, not written
named_only() {
	echo "never run"
}

# run through the shell variable $f: BitBake cannot see it, so not written
through_shell_var() {
	echo "through a shell variable"
}

# run through ${FOO}, a BitBake variable expanded before the parser reads
# the body: written
through_bb_var() {
	echo "through a BitBake variable"
}
FOO = "through_bb_var"

# run as a command, and in $(...): written, each once
run_direct() {
	echo "direct"
}
run_in_subst() {
	echo "in a substitution"
}

do_try() {
	echo "do_try names named_only and do_try in a string, never runs them"
	echo named_only
	f=through_shell_var
	if ! $f 2>/dev/null; then
		echo "$f is not in the run file"
	fi
	${FOO}
	run_direct
	x=$(run_in_subst)
	echo "$x"
	# the caller's environment is not the task's: the run file's exports are
	echo "LEAK: ${LEAK:-unset}"
}
do_try[dirs] = "${B}"
addtask try
