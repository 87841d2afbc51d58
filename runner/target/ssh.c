/* ssh command lines */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bblang/buf.h"
#include "bblang/util.h"
#include "runner/target/ssh.h"

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

/*
 * file as one word of ssh's configuration (-o IdentityFile=, -o
 * UserKnownHostsFile=), taken as it is: ssh splits the value into words
 * (OpenSSH's argv_split), then expands ~, %x and ${X} in each: so in double
 * quotes with \\ and " escaped, % as %%, a leading ~ or a file named none
 * behind "./" (${ cannot be escaped: ssh_check_opts refuses it); caller frees
 */
static char *
config_path(const char *file)
{
	struct bb_buf b = BB_BUF_INIT;

	bb_buf_addch(&b, '"');
	if (*file == '~' || !strcasecmp(file, "none"))
		bb_buf_addstr(&b, "./");
	for (; *file; file++) {
		if (*file == '\\' || *file == '"')
			bb_buf_addch(&b, '\\');
		else if (*file == '%')
			bb_buf_addch(&b, '%');
		bb_buf_addch(&b, *file);
	}
	bb_buf_addch(&b, '"');
	return bb_buf_detach(&b);
}

/* -o KEYWORD=FILE, FILE as config_path() quotes it, appended to argv */
static void
push_path(struct bb_strvec *argv, const char *keyword, const char *file)
{
	char *q = config_path(file);

	bb_strvec_pushdup(argv, "-o");
	bb_strvec_push(argv, xasprintf("%s=%s", keyword, q));
	free(q);
}

void
ssh_argv(const struct ssh_opts *o, const char *cmd, struct bb_strvec *argv)
{
	static const char *const fixed[] = { "-o", "BatchMode=yes", "-o", "ServerAliveInterval=5",
		"-o", "ServerAliveCountMax=6", "-T", NULL };
	static const char *const guest[] = { "-o", "LogLevel=ERROR", "-o",
		"StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o",
		"GlobalKnownHostsFile=/dev/null", NULL };

	bb_strvec_pushdup(argv, o->ssh ? o->ssh : "ssh");
	for (size_t i = 0; fixed[i]; i++)
		bb_strvec_pushdup(argv, fixed[i]);
	if (o->hostkeys == SSH_HOSTKEYS_GUEST) {
		for (size_t i = 0; guest[i]; i++)
			bb_strvec_pushdup(argv, guest[i]);
	} else {
		/* INFO: ssh's reason when the board closes the connection, and
		   whether a first key was recorded */
		bb_strvec_pushdup(argv, "-o");
		bb_strvec_pushdup(argv, "LogLevel=INFO");
		bb_strvec_pushdup(argv, "-o");
		bb_strvec_pushdup(argv, o->hostkeys == SSH_HOSTKEYS_ACCEPT_NEW ?
			"StrictHostKeyChecking=accept-new" : "StrictHostKeyChecking=yes");
		if (o->known_hosts)
			push_path(argv, "UserKnownHostsFile", o->known_hosts);
	}
	bb_strvec_pushdup(argv, "-o");
	bb_strvec_push(argv, xasprintf("ConnectTimeout=%d",
		o->connect_timeout > 0 ? o->connect_timeout : 10));
	if (o->key) {
		bb_strvec_pushdup(argv, "-o");
		bb_strvec_pushdup(argv, "IdentitiesOnly=yes");
		push_path(argv, "IdentityFile", o->key);
	}
	if (o->port > 0) {
		bb_strvec_pushdup(argv, "-p");
		bb_strvec_push(argv, xasprintf("%d", o->port));
	}
	/* "--": a destination is never an option, whatever it begins with */
	bb_strvec_pushdup(argv, "--");
	bb_strvec_push(argv, xasprintf("%s@%s", o->user ? o->user : "root", o->host));
	bb_strvec_pushdup(argv, cmd);
}

/* why ssh cannot be given name as a user or host: NULL when it can */
static const char *
name_unfit(const char *name)
{
	if (!*name)
		return "is empty";
	if (*name == '-')
		return "begins with '-' (ssh would take it for an option)";
	for (; *name; name++)
		if ((unsigned char)*name <= ' ' || *name == 0x7f)
			return "has a space or a control character";
	return NULL;
}

/* why ssh cannot be given file: NULL when it can */
static char *
file_unfit(const char *opt, const char *file)
{
	if (!*file)
		return xasprintf("%s: an empty file name", opt);
	if (strstr(file, "${"))
		return xasprintf("%s '%s': ssh would expand its '${' (give a path without it)",
			opt, file);
	return NULL;
}

char *
ssh_check_opts(const char *dest, const char *user, const char *known_hosts, const char *key)
{
	const char *at = dest ? strrchr(dest, '@') : NULL, *why;
	char *name;

	if (user && (why = name_unfit(user)))
		return xasprintf("--ssh-user '%s' %s", user, why);
	if (at) {
		name = xstrndup(dest, (size_t)(at - dest));
		why = name_unfit(name);
		free(name);
		if (why)
			return xasprintf("the user in '%s' %s", dest, why);
	}
	if (dest && (why = name_unfit(at ? at + 1 : dest)))
		return xasprintf("the board '%s' %s", at ? at + 1 : dest, why);
	if (known_hosts && (name = file_unfit("--known-hosts", known_hosts)))
		return name;
	return key ? file_unfit("--ssh-key", key) : NULL;
}
