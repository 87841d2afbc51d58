/*
 * the transports' small pieces: runner/target/console.c (the console's lines, the
 * markers around a command's output, base64 back from the guest) and
 * runner/target/ssh.c (the ssh command line, shell quoting)
 */
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/strvec.h"
#include "runner/target/console.h"
#include "runner/target/ssh.h"
#include "tests/test-util.h"

struct got {
	struct bb_strvec lines;
};

static void
on_line(void *ctx, const char *line)
{
	bb_strvec_pushdup(&((struct got *)ctx)->lines, line);
}

static void
test_console_lines(void **state)
{
	struct got g = { BB_STRVEC_INIT };
	struct console_lines l = { BB_BUF_INIT, on_line, &g, NULL };

	console_lines_feed(&l, "a\r\nb", 4);
	console_lines_feed(&l, "c\n\x1b[6nd\n\ne", 10);
	console_lines_flush(&l);
	assert_int_equal(g.lines.n, 5);
	assert_string_equal(g.lines.v[0], "a");
	assert_string_equal(g.lines.v[1], "bc");
	assert_string_equal(g.lines.v[2], "[6nd");
	assert_string_equal(g.lines.v[3], "");
	assert_string_equal(g.lines.v[4], "e");
	console_lines_release(&l);
	bb_strvec_clear(&g.lines);
}

static void
test_console_markers(void **state)
{
	char *m = console_marker("RC", "n1"), *cmd = console_marker_cmd("RC", "n1");
	char *run = console_run_cmd("true", "n1"), *tar = console_tar_cmd("/t'x", "n1");
	const char *rest;

	assert_string_equal(m, "PGO-RC-42-n1");
	assert_string_equal(cmd, "echo PGO-RC-$((40+2))-n1");
	/* the echo of the typed command never holds the marker */
	assert_false(console_has_marker(run, m, NULL));
	assert_true(console_has_marker("/ # PGO-RC-42-n1-3", m, &rest));
	assert_string_equal(rest, "-3");
	assert_string_equal(run, "stty -echo 2>/dev/null; dmesg -n 1 2>/dev/null; "
		"echo PGO-RUN-$((40+2))-n1; ( true ) </dev/null 2>&1; echo PGO-RC-$((40+2))-n1-$?");
	assert_string_equal(tar, "echo PGO-TAR-$((40+2))-n1; tar c -C '/t'\\''x' . 2>/dev/null "
		"| base64; echo PGO-END-$((40+2))-n1");
	free(m);
	free(cmd);
	free(run);
	free(tar);
}

static void
test_base64(void **state)
{
	struct console_b64 d = { 0, 0, false };
	struct bb_buf out = BB_BUF_INIT;

	assert_true(console_b64_decode(&d, "aGVsbG8g", &out));
	assert_true(console_b64_decode(&d, "d29y bGQ=", &out));
	assert_int_equal(out.len, 11);
	assert_memory_equal(out.buf, "hello world", 11);
	assert_false(console_b64_decode(&d, "[ 1.2] kernel", &out));
	assert_true(d.bad);
	bb_buf_release(&out);
}

static void
test_ssh_argv(void **state)
{
	struct ssh_opts o = { NULL, "127.0.0.1", NULL, 2222, "/k/id", 7, SSH_HOSTKEYS_GUEST, NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *s, *q = ssh_quote("it's"), *name;

	/* a guest: no known_hosts read or written, any key */
	ssh_argv(&o, "true", &argv);
	s = test_join(&argv);
	assert_string_equal(s, "ssh -o BatchMode=yes -o ServerAliveInterval=5 "
		"-o ServerAliveCountMax=6 -T -o LogLevel=ERROR -o StrictHostKeyChecking=no "
		"-o UserKnownHostsFile=/dev/null -o GlobalKnownHostsFile=/dev/null "
		"-o ConnectTimeout=7 -o IdentitiesOnly=yes -o IdentityFile=\"/k/id\" -p 2222 -- "
		"root@127.0.0.1 true");
	free(s);
	bb_strvec_clear(&argv);
	/* a board: ssh's own known_hosts, strict */
	o.hostkeys = SSH_HOSTKEYS_STRICT;
	o.key = NULL;
	o.port = 0;
	ssh_argv(&o, "true", &argv);
	s = test_join(&argv);
	assert_string_equal(s, "ssh -o BatchMode=yes -o ServerAliveInterval=5 "
		"-o ServerAliveCountMax=6 -T -o LogLevel=INFO -o StrictHostKeyChecking=yes "
		"-o ConnectTimeout=7 -- root@127.0.0.1 true");
	free(s);
	bb_strvec_clear(&argv);
	/* a first key accepted, into the given file */
	o.hostkeys = SSH_HOSTKEYS_ACCEPT_NEW;
	o.known_hosts = "/k/known_hosts";
	ssh_argv(&o, "true", &argv);
	s = test_join(&argv);
	assert_non_null(strstr(s, " -o StrictHostKeyChecking=accept-new "
		"-o UserKnownHostsFile=\"/k/known_hosts\" -o ConnectTimeout=7 "));
	name = ssh_known_name(&o);
	assert_string_equal(name, "127.0.0.1");
	free(name);
	o.port = 2222;
	name = ssh_known_name(&o);
	assert_string_equal(name, "[127.0.0.1]:2222");
	free(name);
	assert_string_equal(q, "'it'\\''s'");
	free(q);
	free(s);
	bb_strvec_clear(&argv);
}

/* the argument of -o UserKnownHostsFile= for the file */
static char *
known_hosts_arg(const char *file)
{
	struct ssh_opts o = { NULL, "b", NULL, 0, NULL, 7, SSH_HOSTKEYS_STRICT, file };
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *arg = NULL;

	ssh_argv(&o, "true", &argv);
	for (size_t i = 0; i < argv.n; i++)
		if (!strncmp(argv.v[i], "UserKnownHostsFile=", 19))
			arg = xstrdup(argv.v[i] + 19);
	bb_strvec_clear(&argv);
	return arg;
}

static void
test_ssh_known_hosts(void **state)
{
	static const char *const cases[][2] = {
		/* one word for ssh's parser, nothing expanded */
		{ "/k h/known%h", "\"/k h/known%%h\"" },
		{ "a\"b\\c'd", "\"a\\\"b\\\\c'd\"" },
		{ "~/known", "\"./~/known\"" },
		{ "NONE", "\"./NONE\"" },
		{ "$HOME/#x", "\"$HOME/#x\"" },
	};
	struct ssh_opts o = { NULL, "b", NULL, 0, "~/k e\"y%h", 7, SSH_HOSTKEYS_GUEST, NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *s;

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *arg = known_hosts_arg(cases[i][0]);

		assert_string_equal(arg, cases[i][1]);
		free(arg);
	}
	/* the key likewise */
	ssh_argv(&o, "true", &argv);
	s = test_join(&argv);
	assert_non_null(strstr(s, " -o IdentityFile=\"./~/k e\\\"y%%h\" -- root@b true"));
	free(s);
	bb_strvec_clear(&argv);
}

static void
test_ssh_check_opts(void **state)
{
	static const char *const bad[][5] = {
		{ "-oProxyCommand=x", NULL, NULL, NULL, "the board '-oProxyCommand=x' begins" },
		{ "-oProxyCommand=x@h", NULL, NULL, NULL, "the user in '-oProxyCommand=x@h'" },
		{ "root@-p1", NULL, NULL, NULL, "the board '-p1' begins with '-'" },
		{ "h", "-oProxyCommand=x", NULL, NULL, "--ssh-user '-oProxyCommand=x' begins" },
		{ NULL, "-l", NULL, NULL, "--ssh-user '-l' begins" },
		{ "a b", NULL, NULL, NULL, "the board 'a b' has a space" },
		{ "h\n", NULL, NULL, NULL, "the board 'h\n' has a space or a control character" },
		{ "h", NULL, "/k/${HOME}", NULL, "--known-hosts '/k/${HOME}': ssh would expand" },
		{ "h", NULL, "", NULL, "--known-hosts: an empty file name" },
		{ "h", NULL, NULL, "${HOME}/id", "--ssh-key '${HOME}/id': ssh would expand" },
		{ "h", NULL, NULL, "", "--ssh-key: an empty file name" },
	};
	char *m;

	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		m = ssh_check_opts(bad[i][0], bad[i][1], bad[i][2], bad[i][3]);
		assert_non_null(m);
		assert_non_null(strstr(m, bad[i][4]));
		free(m);
	}
	assert_null(ssh_check_opts("root@board-1", "pi", "/k h/known%h ~", "k e/y%h$X"));
	assert_null(ssh_check_opts(NULL, NULL, NULL, NULL));
	assert_null(ssh_check_opts("fe80::1%eth0", NULL, NULL, NULL));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_console_lines),
		cmocka_unit_test(test_console_markers),
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_ssh_argv),
		cmocka_unit_test(test_ssh_known_hosts),
		cmocka_unit_test(test_ssh_check_opts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
