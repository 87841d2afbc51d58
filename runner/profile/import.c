/* pgo-run import: a profile archive checked and installed */
#include <stdio.h>
#include <stdlib.h>

#include "common/fe.h"
#include "runner/profile/gcda.h"
#include "runner/profile/profile.h"
#include "runner/proc.h"

/* "pgo-run: MSG" on stderr; the exit status 1 */
static int
die(const char *msg)
{
	fprintf(stderr, "pgo-run: %s\n", msg);
	return 1;
}

int
import_run(struct import_opts *o)
{
	struct bb_error err = BB_ERROR_INIT;
	struct collect_result res;
	char *version = NULL;
	int ret = 0;

	clock_gettime(CLOCK_REALTIME, &o->c.start);
	if (fe_source_date_epoch(&o->c.mtime) < 0)
		return die("SOURCE_DATE_EPOCH is not a number of seconds");
	if (o->cc ? gcda_stamp_for_compiler(o->cc, o->c.stamp, &version, &err) :
	    gcda_stamp_from_version(o->version, o->c.stamp, &err))
		ret = die(err.msg);
	o->c.gcc_version = version ? version : o->version;
	o->c.task = o->c.task ? o->c.task : "import";
	o->c.source = o->archive;
	/* a signal stops the import, which removes what it staged */
	if (!ret && proc_signals_init(&err) < 0)
		ret = die(err.msg);
	if (!ret && collect_import_file(o->archive, &o->c, &res, &err) < 0)
		ret = die(err.msg);
	else if (!ret)
		printf("pgo-run: %zu profile files (%llu bytes) installed in %s\n", res.files,
			(unsigned long long)res.bytes, o->c.profile_dir);
	bb_error_clear(&err);
	free(version);
	return ret;
}
