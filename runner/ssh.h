/* ssh: the ssh command lines pgo-run runs (through proc, never a library) */
#ifndef RUNNER_SSH_H
#define RUNNER_SSH_H

#include "bblang/strvec.h"

struct ssh_opts {
	const char *ssh;		/* the ssh program; NULL: "ssh" */
	const char *host, *user;	/* user NULL: root */
	int port;			/* 0: ssh's default */
	const char *key;		/* -i KEY, or NULL */
	int connect_timeout;		/* seconds */
};

/*
 * appends "ssh -o BatchMode=yes ... USER@HOST CMD" to argv: no password
 * prompts, no known-hosts file (a fresh guest key every boot), only the
 * given key when there is one
 */
void ssh_argv(const struct ssh_opts *o, const char *cmd, struct bb_strvec *argv);
/* s as one word for a POSIX shell ('...' with ' as '\''); caller frees */
char *ssh_quote(const char *s);

#endif
