/*
 * transport: how a session reaches where its commands run (private to
 * runner/target/)
 *
 * target.c calls these (target.h says what for): connect (until a shell
 * answers, within timeout seconds), run (a task; its exit status), shell (a
 * command there; its exit status), collect (dir back as a tar stream into
 * fd; tar's exit status) and shutdown (once connect succeeded: ok says
 * whether everything after it did too). Each returns -1 with the session's
 * error set when it could not do its part. A transport without connect
 * (this machine) has none to wait for.
 */
#ifndef RUNNER_TRANSPORT_H
#define RUNNER_TRANSPORT_H

#include <stdbool.h>

struct session;
struct target_task;

struct transport {
	const char *answers;		/* what answers a connect: "ssh", "the console shell" */
	bool forward_port;		/* QEMU forwards a port to the guest's ssh */
	int (*connect)(struct session *s, double timeout);
	int (*run)(struct session *s, const struct target_task *t);
	int (*collect)(struct session *s, const char *dir, int fd, double timeout);
	int (*shell)(struct session *s, const char *cmd, double timeout, const char *what);
	void (*shutdown)(struct session *s, bool ok);
};

/* ssh to the guest on a forwarded port; shutdown powers it off (transport-ssh.c) */
extern const struct transport transport_ssh_guest;
/* ssh to a board that is up; shutdown removes remote_dir there (transport-ssh.c) */
extern const struct transport transport_ssh_board;
/* the shell on QEMU's serial console; shutdown powers the guest off (transport-serial.c) */
extern const struct transport transport_serial;
/* this machine, directly or under qemu-user (transport-local.c) */
extern const struct transport transport_local;

#endif
