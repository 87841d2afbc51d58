/* ssh: the ssh command lines pgo-run runs (through proc, never a library) */
#ifndef RUNNER_SSH_H
#define RUNNER_SSH_H

#include "bblang/strvec.h"
#include "runner/target/target.h"

/* how the host's key is checked */
enum ssh_hostkeys {
	SSH_HOSTKEYS_GUEST,		/* a throwaway guest: no known_hosts, any key */
	SSH_HOSTKEYS_STRICT,		/* only a key known_hosts has for the host */
	SSH_HOSTKEYS_ACCEPT_NEW,	/* that, or a first key, then recorded there */
};

struct ssh_opts {
	const char *ssh;		/* the ssh program; NULL: "ssh" */
	const char *host, *user;	/* user NULL: root */
	int port;			/* 0: ssh's default */
	const char *key;		/* -i KEY, or NULL */
	int connect_timeout;		/* seconds */
	enum ssh_hostkeys hostkeys;
	const char *known_hosts;	/* the known_hosts file; NULL: ssh's own (~/.ssh) */
};

/*
 * appends "ssh -o BatchMode=yes ... -- USER@HOST CMD" to argv: no password
 * prompts, only the given key when there is one; a guest's host key is not
 * checked (a fresh one every boot), no known_hosts file is read or written
 * for it and ssh says only its errors; a board's is checked as ssh checks it
 * by default, and ssh says why it failed (LogLevel=INFO: "Connection closed
 * by ..."); the key and known_hosts files reach ssh as they are, nothing in
 * them expanded
 */
void ssh_argv(const struct ssh_opts *o, const char *cmd, struct bb_strvec *argv);
/* "HOST" or "[HOST]:PORT", as known_hosts names the host; caller frees */
char *ssh_known_name(const struct ssh_opts *o);
/*
 * NULL when ssh can be given these (all may be NULL): DEST ([USER@]HOST) and
 * USER neither empty nor beginning with '-' (an ssh option), nor with spaces
 * or control characters; the files KNOWN_HOSTS and KEY not empty, without
 * "${" (which ssh expands and nothing escapes); else the reason, which the
 * caller frees
 */
char *ssh_check_opts(const char *dest, const char *user, const char *known_hosts,
	const char *key);
/* ssh_quote() is in target.h */

#endif
