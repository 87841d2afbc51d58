/* run scripts, log.task_order, the log.TASK link and stamps */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "bblang/os.h"
#include "runner/task/log.h"

static int
sys_error(struct bb_error *err, const char *what, const char *path)
{
	return bb_error(err, NULL, "%s '%s': %s", what, path, strerror(errno));
}

static int
close_file(FILE *f, const char *path, struct bb_error *err)
{
	int bad = fflush(f) != 0 || ferror(f);

	if (fclose(f) != 0 || bad)
		return sys_error(err, "cannot write", path);
	return 0;
}

int
log_write_script(const char *path, const char *text, size_t len, struct bb_error *err)
{
	FILE *f;

	unlink(path);
	if (!(f = fopen(path, "w")))
		return sys_error(err, "cannot create", path);
	fwrite(text, 1, len, f);
	if (close_file(f, path, err) < 0)
		return -1;
	if (chmod(path, 0775) < 0)
		return sys_error(err, "cannot chmod", path);
	return 0;
}

int
log_task_order(const char *dir, const char *task, long pid, const char *logbase,
	struct bb_error *err)
{
	char *path = bb_path_join(dir, "log.task_order"), stamp[32];
	struct timeval tv;
	struct tm tm;
	FILE *f;
	int ret = 0;

	gettimeofday(&tv, NULL);
	localtime_r(&tv.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	if (!(f = fopen(path, "a")))
		ret = sys_error(err, "cannot open", path);
	else {
		fprintf(f, "%s.%06ld %s (%ld): %s\n", stamp, (long)tv.tv_usec, task, pid, logbase);
		ret = close_file(f, path, err);
	}
	free(path);
	return ret;
}

int
log_link(const char *dir, const char *name, const char *target, struct bb_error *err)
{
	char *path = bb_path_join(dir, name);
	int ret = 0;

	if (unlink(path) < 0 && errno != ENOENT)
		ret = sys_error(err, "cannot remove", path);
	else if (symlink(target, path) < 0)
		ret = sys_error(err, "cannot make the link", path);
	free(path);
	return ret;
}

int
log_stamp_write(const char *path, const char *task, const char *recipe, struct bb_error *err)
{
	char *dir = bb_path_dirname(path);
	char *tmp = xasprintf("%s/.stamp.XXXXXX", *dir ? dir : ".");
	int fd = mkstemp(tmp), ret;
	FILE *f;

	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		ret = sys_error(err, "cannot create", tmp);
		if (fd >= 0)
			close(fd);
	} else {
		fchmod(fd, 0644);
		fprintf(f, "%s\ntask %s\nrecipe %s\n", LOG_STAMP_HEADER, task, recipe);
		ret = close_file(f, tmp, err);
		if (!ret && rename(tmp, path) < 0)
			ret = sys_error(err, "cannot write the stamp", path);
	}
	if (ret && fd >= 0)
		unlink(tmp);
	free(tmp);
	free(dir);
	return ret;
}

int
log_stamp_remove(const char *path, struct bb_error *err)
{
	if (unlink(path) < 0 && errno != ENOENT)
		return sys_error(err, "cannot remove the stamp", path);
	return 0;
}
