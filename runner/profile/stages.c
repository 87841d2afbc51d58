/* the stages of pgo-run profile after the connect: run, collect, install, each on the target */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/os.h"
#include "common/fe.h"
#include "runner/profile/collect.h"
#include "runner/profile/gcda.h"
#include "runner/profile/stages.h"
#include "runner/profile/tarmeter.h"

/*
 * One line of POSIX sh (the console types it), for busybox too: every
 * process of ours but kernel threads and zombies (no exe), whose environment
 * holds the line GCOV_PREFIX=dir, checked once a second; status 4 when the
 * target lacks what the check needs
 */
char *
stage_linger_cmd(const char *dir, double seconds)
{
	char *qd = ssh_quote(dir);
	char *s = xasprintf("for t in tr grep sleep; do command -v $t >/dev/null || "
		"{ echo \"no $t on the target\"; exit 4; }; done; "
		"[ -d /proc/self ] || { echo 'no /proc on the target'; exit 4; }; "
		"e=GCOV_PREFIX=%s; n=0; while :; do l=; "
		"for p in /proc/[0-9]*; do [ -e $p/exe ] && [ -r $p/environ ] || continue; "
		"tr '\\0' '\\n' <$p/environ 2>/dev/null | grep -qxF -e \"$e\" && "
		"l=\"$l ${p#/proc/}\"; done; "
		"[ -z \"$l\" ] && exit 0; [ $n -ge %.0f ] && break; "
		"[ $n = 0 ] && echo \"waiting for processes the task left:$l\"; "
		"sleep 1; n=$((n + 1)); done; m=; "
		"for p in $l; do c=$(tr '\\0' ' ' </proc/$p/cmdline 2>/dev/null); "
		"m=\"$m; $p ${c%% }\"; done; "
		"echo \"${m#; }\"; exit 3", qd, seconds);

	free(qd);
	return s;
}


/* the task with GCOV_PREFIX=dir, made afresh in a guest (a board's and this machine's are new) */
static int
run_task(struct profile_run *r, const char *dir)
{
	const struct profile_opts *o = r->o;
	char *prefix = xstrcat("GCOV_PREFIX=", dir, NULL);
	char *strip = xasprintf("GCOV_PREFIX_STRIP=%d", o->strip);
	const char *env[] = { prefix, strip, NULL };
	struct target_task t = { o->python, o->task, env,
		o->t.target == TARGET_QEMU ? dir : NULL, o->timeout, o->idle_timeout };
	int rc = target_task(&r->s, &t);

	free(prefix);
	free(strip);
	return rc;
}

static int
stage_run(struct profile_run *r, const char *dir)
{
	const struct profile_opts *o = r->o;
	struct session *s = &r->s;
	double t;
	int rc;

	progress_stage(&s->pr, "run");
	*s->pr.last = '\0';
	if (s->qemu_user)
		progress_note(&s->pr, "%s%s%s %s %s", s->qemu_user, o->t.sysroot ? " -L " : "",
			o->t.sysroot ? o->t.sysroot : "", o->python, o->task);
	else
		progress_note(&s->pr, "%s %s", o->python, o->task);
	clock_gettime(CLOCK_REALTIME, &r->task_start);
	t = proc_now();
	rc = run_task(r, dir);
	r->task_seconds = proc_now() - t;
	if (rc > 0 && rc < 255 && o->ok_status[rc]) {
		progress_note(&s->pr, "the task exited with status %d, accepted by --ok-status",
			rc);
		rc = 0;
	}
	if (rc > 0)
		return session_fail(s, "the task exited with status %d%s%s", rc,
			*s->pr.last ? "; its last line: " : "", s->pr.last);
	if (!rc)
		progress_note(&s->pr, "the task ended after %.1fs", r->task_seconds);
	return rc;
}

/* waits for the processes the task left that can still write into dir */
static int
stage_linger(struct profile_run *r, const char *dir)
{
	const struct profile_opts *o = r->o;
	struct session *s = &r->s;
	char *cmd = stage_linger_cmd(dir, o->linger_timeout);
	double t = proc_now();
	int rc;

	*s->pr.last = '\0';
	rc = target_shell(s, cmd, o->linger_timeout + o->collect_timeout,
		"waiting for the task's processes");
	free(cmd);
	if (rc == 3)
		return session_fail(s, "processes the task left still run after %gs and could "
			"write to %s: %s", o->linger_timeout, dir, s->pr.last);
	if (rc == 4)
		return session_fail(s, "cannot look for the processes the task left: %s",
			s->pr.last);
	if (rc > 0)
		return session_fail(s, "looking for the processes the task left exited with status "
			"%d%s%s", rc, *s->pr.last ? ": " : "", s->pr.last);
	if (!rc && *s->pr.last)
		progress_note(&s->pr, "the processes the task left ended after %.1fs",
			proc_now() - t);
	return rc;
}

/*
 * the line of tar's on stderr that says what failed: its last one, unless
 * that is GNU tar's closing "Exiting with failure status due to previous
 * errors", whose cause is the line before
 */
static void
tar_line(struct session *s, char *dst, size_t size)
{
	snprintf(dst, size, "%s", strstr(s->cmd_msg, "Exiting with failure status") &&
		*s->cmd_cause ? s->cmd_cause : s->cmd_msg);
}

/* the session's filter: the archive through the meter */
static int
meter_filter(void *ctx, const char *p, size_t n, struct bb_error *err)
{
	return tar_meter_feed(ctx, p, n, err);
}

/* brings the profile directory back into the temporary file fd */
static int
stage_collect(struct profile_run *r, const char *dir, int fd)
{
	const struct collect_opts co = COLLECT_OPTS_INIT;
	struct session *s = &r->s;
	struct tar_meter m;
	double t = proc_now();
	char msg[sizeof(s->cmd_msg)];
	int rc;

	progress_stage(&s->pr, "collect");
	if (stage_linger(r, dir) < 0)
		return -1;
	t = proc_now();
	/* the install's budgets, enforced while the archive comes */
	tar_meter_init(&m, co.max_file_size, co.max_total_size, co.max_files);
	s->filter = meter_filter;
	s->filter_ctx = &m;
	rc = target_collect(s, dir, fd, r->o->collect_timeout);
	s->filter = NULL;
	s->filter_ctx = NULL;
	tar_meter_release(&m);
	tar_line(s, msg, sizeof(msg));
	if (rc > 0)
		return session_fail(s, "tar of %s exited with status %d%s%s", dir, rc,
			*msg ? ": " : "", msg);
	if (!rc)
		progress_note(&s->pr, "%lld bytes of tar in %.1fs",
			(long long)lseek(fd, 0, SEEK_CUR), proc_now() - t);
	return rc;
}

static int
copy_archive(struct session *s, const char *from, const char *to)
{
	char *tmp = xstrcat(to, ".tmp", NULL), *text;
	size_t len;
	FILE *f;
	int r = bb_read_file(from, (size_t)1 << 31, &text, &len);

	if (r)
		return session_fail(s, "%s: %s", from, strerror(r));
	f = fopen(tmp, "wb");
	r = !f || fwrite(text, 1, len, f) != len;
	if (f && fclose(f))
		r = 1;
	if (r || rename(tmp, to) < 0) {
		session_fail(s, "%s: %s", to, strerror(errno));
		unlink(tmp);
		r = -1;
	}
	free(text);
	free(tmp);
	return r ? -1 : 0;
}

/* what the manifest says of the run */
static void
manifest_opts(struct profile_run *r, struct collect_opts *co, const char *name)
{
	const struct profile_opts *o = r->o;
	const struct session *s = &r->s;

	co->profile_dir = o->out;
	co->machine = o->machine ? o->machine : session_machine(s) ? session_machine(s) : s->arch;
	co->image = o->image ? o->image : session_image(s);
	co->task = s->pr.task;
	co->source = name;
	co->start = r->task_start;
	co->duration = r->task_seconds;
	co->target = target_names[o->t.target];
	/* resolved at boot: never "auto" */
	co->accel = o->t.target == TARGET_QEMU ? qemu_accel_names[session_accel(s)] : NULL;
	co->smp = o->t.target == TARGET_QEMU ? o->t.smp : 0;
}

static int
stage_install(struct profile_run *pr, int fd, const char *name)
{
	const struct profile_opts *o = pr->o;
	struct session *s = &pr->s;
	struct collect_opts co = COLLECT_OPTS_INIT;
	struct collect_result res;
	char *version = NULL, *from;
	int r = -1;

	progress_stage(&s->pr, "install");
	manifest_opts(pr, &co, name);
	if (o->cc ? gcda_stamp_for_compiler(o->cc, co.stamp, &version, &s->err) :
	    gcda_stamp_from_version(o->gcc_version, co.stamp, &s->err))
		goto out;
	co.gcc_version = version ? version : o->gcc_version;
	if (fe_source_date_epoch(&co.mtime) < 0) {
		session_fail(s, "SOURCE_DATE_EPOCH is not a number of seconds");
		goto out;
	}
	if (lseek(fd, 0, SEEK_SET) < 0 || collect_import_fd(fd, name, &co, &res, &s->err) < 0)
		goto out;
	progress_note(&s->pr, "%zu profile files (%llu bytes) installed in %s", res.files,
		(unsigned long long)res.bytes, o->out);
	from = bb_path_join(o->out, COLLECT_ARCHIVE);
	r = o->archive ? copy_archive(s, from, o->archive) : 0;
	free(from);
out:
	if (r < 0 && s->err.msg && strncmp(s->err.msg, "install: ", 9)) {
		char *m = xstrcat("install: ", s->err.msg, NULL);

		free(s->err.msg);
		s->err.msg = m;
		s->failed = "install";
	}
	free(version);
	return r;
}

int
stage_overlay_pack(struct profile_run *r)
{
	const struct profile_opts *o = r->o;
	struct session *s = &r->s;
	struct overlay_stats *st = &r->overlay_st;
	struct bb_error e = BB_ERROR_INIT;
	int fd = session_tmp_file(s, "pgo-run-overlay");

	if (fd < 0)
		return -1;
	if (overlay_pack(o->overlay, o->overlay_keep_modes, fd, st, &e) < 0 ||
	    lseek(fd, 0, SEEK_SET) < 0) {
		session_fail(s, "%s", e.msg ? e.msg : strerror(errno));
		bb_error_clear(&e);
		close(fd);
		return -1;
	}
	r->overlay_fd = fd;
	if (st->narrowed)
		progress_note(&s->pr, "--overlay: %llu files lose setuid, setgid, sticky or group "
			"and world write on the target (--overlay-keep-modes keeps them)",
			st->narrowed);
	return 0;
}

/* --overlay DIR, packed before, unpacked at / there before the task (ssh only) */
static int
stage_overlay(struct profile_run *pr)
{
	const struct profile_opts *o = pr->o;
	struct session *s = &pr->s;
	const struct overlay_stats *st = &pr->overlay_st;
	double t = proc_now();
	char msg[sizeof(s->cmd_msg)];
	int r;

	progress_stage(&s->pr, "run");
	progress_note(&s->pr, "--overlay: %llu files (%llu bytes) and %llu links to /",
		st->files, st->bytes, st->links);
	r = target_shell_in(s, "tar -x -f - -C /", pr->overlay_fd, o->collect_timeout,
		"--overlay's tar");
	tar_line(s, msg, sizeof(msg));
	if (r > 0)
		session_fail(s, "--overlay: tar on the target exited with status %d%s%s%s", r,
			session_disk_full(msg) ? " (its disk is full)" : "", *msg ? ": " : "", msg);
	else if (!r)
		progress_note(&s->pr, "--overlay unpacked in %.1fs", proc_now() - t);
	return r ? -1 : 0;
}

/* --overlay, run, collect and install, then the target's shutdown */
static int
stages_after_connect(struct profile_run *r, const char *dir, int fd, const char *name)
{
	int rc = -1;

	if ((!r->o->overlay || stage_overlay(r) == 0) && stage_run(r, dir) == 0 &&
	    stage_collect(r, dir, fd) == 0)
		rc = stage_install(r, fd, name);
	target_shutdown(&r->s, rc == 0);
	return rc;
}

int
profile_qemu(struct profile_run *r, int fd)
{
	const char *dir = r->o->remote_dir ? r->o->remote_dir : "/tmp/pgo-profile";
	char *name = xstrcat("qemu:", dir, NULL);
	int rc = -1;

	if (target_boot_connect(&r->s) == 0)
		rc = stages_after_connect(r, dir, fd, name);
	free(name);
	return rc;
}

int
profile_board(struct profile_run *r, int fd)
{
	const char *host = r->o->t.host, *at = strrchr(host, '@');
	char *dir, *name;
	int rc = -1;

	/* on a board, a directory of our own (removed afterwards) unless one is given */
	dir = r->o->remote_dir ? xstrdup(r->o->remote_dir) :
		xasprintf("/tmp/pgo-profile.%s", r->s.nonce);
	name = xasprintf("ssh:%s:%s", at ? at + 1 : host, dir);
	if (target_board_connect(&r->s) == 0 && target_board_dir(&r->s, dir) == 0)
		rc = stages_after_connect(r, dir, fd, name);
	free(name);
	free(dir);
	return rc;
}

/*
 * the archive is called "local" or "qemu-user" in messages and the
 * manifest. GCOV_PREFIX is a new temporary directory, or --remote-dir when
 * given (a program that has the directory built in, as llvm-bolt
 * -instrument's -instrumentation-file does): made here, so it must not
 * exist, and removed after.
 */
int
profile_here(struct profile_run *r, int fd)
{
	const struct profile_opts *o = r->o;
	char *dir;
	int rc;

	if (target_here(&r->s) < 0)
		return -1;
	dir = o->remote_dir ? xstrdup(o->remote_dir) : fe_tmp_template("pgo-run-local");
	if (o->remote_dir ? mkdir(dir, 0700) < 0 : !mkdtemp(dir)) {
		session_fail(&r->s, "%s: %s%s", dir, strerror(errno), errno == EEXIST ?
			" (--remote-dir on this machine is made afresh and removed after)" : "");
		free(dir);
		return -1;
	}
	rc = stages_after_connect(r, dir, fd, target_names[o->t.target]);
	bb_rmtree(dir);
	free(dir);
	return rc;
}
