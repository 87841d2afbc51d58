/* ssh command lines */
#include <stdio.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/util.h"
#include "runner/ssh.h"

char *
ssh_quote(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	bb_buf_addch(&b, '\'');
	for (; *s; s++)
		if (*s == '\'')
			bb_buf_addstr(&b, "'\\''");
		else
			bb_buf_addch(&b, *s);
	bb_buf_addch(&b, '\'');
	return bb_buf_detach(&b);
}

char *
ssh_known_name(const struct ssh_opts *o)
{
	return o->port > 0 && o->port != 22 ? xasprintf("[%s]:%d", o->host, o->port) :
		xstrdup(o->host);
}

void
ssh_argv(const struct ssh_opts *o, const char *cmd, struct bb_strvec *argv)
{
	static const char *const fixed[] = { "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o",
		"ServerAliveInterval=5", "-o", "ServerAliveCountMax=6", "-T", NULL };
	static const char *const guest[] = { "-o", "StrictHostKeyChecking=no", "-o",
		"UserKnownHostsFile=/dev/null", "-o", "GlobalKnownHostsFile=/dev/null", NULL };

	bb_strvec_pushdup(argv, o->ssh ? o->ssh : "ssh");
	for (size_t i = 0; fixed[i]; i++)
		bb_strvec_pushdup(argv, fixed[i]);
	if (o->hostkeys == SSH_HOSTKEYS_GUEST) {
		for (size_t i = 0; guest[i]; i++)
			bb_strvec_pushdup(argv, guest[i]);
	} else {
		bb_strvec_pushdup(argv, "-o");
		bb_strvec_pushdup(argv, o->hostkeys == SSH_HOSTKEYS_ACCEPT_NEW ?
			"StrictHostKeyChecking=accept-new" : "StrictHostKeyChecking=yes");
		if (o->known_hosts) {
			bb_strvec_pushdup(argv, "-o");
			bb_strvec_push(argv, xasprintf("UserKnownHostsFile=%s", o->known_hosts));
		}
	}
	bb_strvec_pushdup(argv, "-o");
	bb_strvec_push(argv, xasprintf("ConnectTimeout=%d",
		o->connect_timeout > 0 ? o->connect_timeout : 10));
	if (o->key) {
		bb_strvec_pushdup(argv, "-o");
		bb_strvec_pushdup(argv, "IdentitiesOnly=yes");
		bb_strvec_pushdup(argv, "-i");
		bb_strvec_pushdup(argv, o->key);
	}
	if (o->port > 0) {
		bb_strvec_pushdup(argv, "-p");
		bb_strvec_push(argv, xasprintf("%d", o->port));
	}
	bb_strvec_push(argv, xasprintf("%s@%s", o->user ? o->user : "root", o->host));
	bb_strvec_pushdup(argv, "--");
	bb_strvec_pushdup(argv, cmd);
}
