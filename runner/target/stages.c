/* the stages after the boot: connect, run, collect, install, each through the transport */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/os.h"
#include "common/fe.h"
#include "runner/profile/collect.h"
#include "runner/profile/gcda.h"
#include "runner/profile/overlay.h"
#include "runner/target/session.h"

int
stage_connect(struct session *s, double timeout)
{
	double t = proc_now();
	int r;

	progress_stage(&s->pr, "connect");
	session_repeats_begin(s);
	r = s->tr->connect(s, timeout);
	session_repeats_end(s);
	if (!r)
		progress_note(&s->pr, "%s answers after %.1fs", s->tr->answers, proc_now() - t);
	return r;
}

/* "PYTHON TASK" with GCOV_PREFIX into a fresh dir (the task is shell words) */
char *
stage_task_cmd(const struct profile_opts *o, const char *dir, bool made)
{
	char *qd = ssh_quote(dir), *qp = ssh_quote(o->python);
	char *fresh = made ? xstrdup("") : xasprintf("rm -rf %s && mkdir -p %s && ", qd, qd);
	char *s = xasprintf("%sexport GCOV_PREFIX=%s GCOV_PREFIX_STRIP=%d && exec %s %s", fresh,
		qd, o->strip, qp, o->task);

	free(fresh);
	free(qd);
	free(qp);
	return s;
}

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

static int
stage_run(struct session *s, const char *dir)
{
	const struct profile_opts *o = s->o;
	double t;
	int r;

	progress_stage(&s->pr, "run");
	*s->pr.last = '\0';
	if (s->qemu_user)
		progress_note(&s->pr, "%s%s%s %s %s", s->qemu_user, o->sysroot ? " -L " : "",
			o->sysroot ? o->sysroot : "", o->python, o->task);
	else
		progress_note(&s->pr, "%s %s", o->python, o->task);
	clock_gettime(CLOCK_REALTIME, &s->task_start);
	t = proc_now();
	r = s->tr->run(s, dir);
	s->task_seconds = proc_now() - t;
	if (r > 0 && r < 255 && o->ok_status[r]) {
		progress_note(&s->pr, "the task exited with status %d, accepted by --ok-status", r);
		r = 0;
	}
	if (r > 0)
		return session_fail(s, "the task exited with status %d%s%s", r,
			*s->pr.last ? "; its last line: " : "", s->pr.last);
	if (!r)
		progress_note(&s->pr, "the task ended after %.1fs", s->task_seconds);
	return r;
}

/* waits for the processes the task left that can still write into dir */
static int
stage_linger(struct session *s, const char *dir)
{
	const struct profile_opts *o = s->o;
	char *cmd = stage_linger_cmd(dir, o->linger_timeout);
	double t = proc_now();
	int r;

	*s->pr.last = '\0';
	r = s->tr->shell(s, cmd, o->linger_timeout + o->collect_timeout,
		"waiting for the task's processes");
	free(cmd);
	if (r == 3)
		return session_fail(s, "processes the task left still run after %gs and could "
			"write to %s: %s", o->linger_timeout, dir, s->pr.last);
	if (r == 4)
		return session_fail(s, "cannot look for the processes the task left: %s", s->pr.last);
	if (r > 0)
		return session_fail(s, "looking for the processes the task left exited with status "
			"%d%s%s", r, *s->pr.last ? ": " : "", s->pr.last);
	if (!r && *s->pr.last)
		progress_note(&s->pr, "the processes the task left ended after %.1fs", proc_now() - t);
	return r;
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

/* brings the profile directory back into the temporary file fd */
static int
stage_collect(struct session *s, const char *dir, int fd)
{
	const struct collect_opts co = COLLECT_OPTS_INIT;
	struct tar_meter m;
	double t = proc_now();
	char msg[sizeof(s->cmd_msg)];
	int r;

	progress_stage(&s->pr, "collect");
	if (stage_linger(s, dir) < 0)
		return -1;
	t = proc_now();
	/* the install's budgets, enforced while the archive comes */
	tar_meter_init(&m, co.max_file_size, co.max_total_size, co.max_files);
	s->meter = &m;
	r = s->tr->collect(s, dir, fd);
	s->meter = NULL;
	tar_meter_release(&m);
	tar_line(s, msg, sizeof(msg));
	if (r > 0)
		return session_fail(s, "tar of %s exited with status %d%s%s", dir, r,
			*msg ? ": " : "", msg);
	if (!r)
		progress_note(&s->pr, "%lld bytes of tar in %.1fs", (long long)lseek(fd, 0, SEEK_CUR),
			proc_now() - t);
	return r;
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
manifest_opts(struct session *s, struct collect_opts *co, const char *name)
{
	const struct profile_opts *o = s->o;

	co->profile_dir = o->out;
	co->machine = o->machine ? o->machine : s->vm.conf.machine_name ?
		s->vm.conf.machine_name : s->arch;
	co->image = o->image ? o->image : s->vm.conf.image;
	co->task = s->pr.task;
	co->source = name;
	co->start = s->task_start;
	co->duration = s->task_seconds;
	co->target = profile_target_names[o->target];
	/* resolved at boot: never "auto" */
	co->accel = o->target == TARGET_QEMU ? qemu_accel_names[s->vm.accel] : NULL;
	co->smp = o->target == TARGET_QEMU ? o->smp : 0;
}

static int
stage_install(struct session *s, int fd, const char *name)
{
	const struct profile_opts *o = s->o;
	struct collect_opts co = COLLECT_OPTS_INIT;
	struct collect_result res;
	char *version = NULL, *from;
	int r = -1;

	progress_stage(&s->pr, "install");
	manifest_opts(s, &co, name);
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
stage_overlay_pack(struct session *s)
{
	const struct profile_opts *o = s->o;
	struct overlay_stats *st = &s->overlay_st;
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
	s->overlay_fd = fd;
	if (st->narrowed)
		progress_note(&s->pr, "--overlay: %llu files lose setuid, setgid, sticky or group "
			"and world write on the target (--overlay-keep-modes keeps them)",
			st->narrowed);
	return 0;
}

/* --overlay DIR, packed before, unpacked at / there before the task (ssh only) */
static int
stage_overlay(struct session *s)
{
	const struct profile_opts *o = s->o;
	const struct overlay_stats *st = &s->overlay_st;
	double t = proc_now();
	char msg[sizeof(s->cmd_msg)];
	int r;

	progress_stage(&s->pr, "run");
	progress_note(&s->pr, "--overlay: %llu files (%llu bytes) and %llu links to /",
		st->files, st->bytes, st->links);
	r = ssh_shell_in(s, "tar -x -f - -C /", s->overlay_fd, o->collect_timeout,
		"--overlay's tar");
	tar_line(s, msg, sizeof(msg));
	if (r > 0)
		session_fail(s, "--overlay: tar on the target exited with status %d%s%s%s", r,
			session_disk_full(msg) ? " (its disk is full)" : "", *msg ? ": " : "", msg);
	else if (!r)
		progress_note(&s->pr, "--overlay unpacked in %.1fs", proc_now() - t);
	return r ? -1 : 0;
}

int
stages_after_connect(struct session *s, const char *dir, int fd, const char *name)
{
	int r = -1;

	if ((!s->o->overlay || stage_overlay(s) == 0) && stage_run(s, dir) == 0 &&
	    stage_collect(s, dir, fd) == 0)
		r = stage_install(s, fd, name);
	if (s->tr->shutdown)
		s->tr->shutdown(s, r == 0);
	return r;
}
