/* the target's steps after the connect: the task, shell commands, the tar back, the end */
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "runner/target/session.h"

char *
target_check_opts(const struct target_opts *o)
{
	return ssh_check_opts(o->target == TARGET_SSH ? o->host : NULL, o->ssh_user,
		o->known_hosts, o->ssh_key);
}

int
stage_connect(struct session *s, double timeout)
{
	double t = proc_now();
	int r;

	progress_stage(&s->pr, "connect");
	session_repeats_begin(s);
	r = s->priv->tr->connect(s, timeout);
	session_repeats_end(s);
	if (!r)
		progress_note(&s->pr, "%s answers after %.1fs", s->priv->tr->answers,
			proc_now() - t);
	return r;
}

/* "[rm -rf F && mkdir -p F && ]export NAME='VALUE'... && exec 'PROGRAM' WORDS" */
char *
session_task_cmd(const struct target_task *t)
{
	struct bb_buf b = BB_BUF_INIT;
	char *q;

	if (t->fresh) {
		q = ssh_quote(t->fresh);
		bb_buf_addf(&b, "rm -rf %s && mkdir -p %s && ", q, q);
		free(q);
	}
	for (size_t i = 0; t->env && t->env[i]; i++) {
		const char *v = t->env[i] + strcspn(t->env[i], "=");

		q = ssh_quote(*v ? v + 1 : v);
		bb_buf_addf(&b, "%s%.*s=%s", i ? " " : "export ", (int)(v - t->env[i]), t->env[i],
			q);
		free(q);
	}
	q = ssh_quote(t->program);
	bb_buf_addf(&b, "%sexec %s %s", t->env && *t->env ? " && " : "", q, t->words);
	free(q);
	return bb_buf_detach(&b);
}

int
target_task(struct session *s, const struct target_task *t)
{
	return s->priv->tr->run(s, t);
}

int
target_shell(struct session *s, const char *cmd, double timeout, const char *what)
{
	return s->priv->tr->shell(s, cmd, timeout, what);
}

int
target_shell_in(struct session *s, const char *cmd, int in_fd, double timeout, const char *what)
{
	if (s->priv->tr == &transport_local)
		return local_shell_in(s, cmd, in_fd, timeout, what);
	return ssh_shell_in(s, cmd, in_fd, timeout, what);
}

int
target_collect(struct session *s, const char *dir, int fd, double timeout)
{
	return s->priv->tr->collect(s, dir, fd, timeout);
}

void
target_shutdown(struct session *s, bool ok)
{
	if (s->priv->tr && s->priv->tr->shutdown)
		s->priv->tr->shutdown(s, ok);
}
