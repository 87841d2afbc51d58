#include <stddef.h>

#include "common/lazy.h"
#include "runner/profile/la.h"

#define F(name) { "archive_" #name, offsetof(struct la, name) }

static const struct lazy_sym syms[] = {
	F(entry_clear),
	F(entry_filetype),
	F(entry_free),
	F(entry_hardlink),
	F(entry_new),
	F(entry_pathname),
	F(entry_set_filetype),
	F(entry_set_mtime),
	F(entry_set_pathname),
	F(entry_set_perm),
	F(entry_set_size),
	F(entry_set_symlink),
	F(entry_size),
	F(entry_size_is_set),
	F(entry_symlink),
	F(error_string),
	F(format),
	F(read_data),
	F(read_free),
	F(read_new),
	F(read_next_header),
	F(read_open_fd),
	F(read_support_filter_gzip),
	F(read_support_format_empty),
	F(read_support_format_tar),
	F(write_add_filter_none),
	F(write_close),
	F(write_data),
	F(write_free),
	F(write_header),
	F(write_new),
	F(write_open_fd),
	F(write_set_format_pax_restricted),
	F(write_set_options),
};

/* the soname of the library configure found */
static struct lazy_lib lib = {
	"libarchive.so.13", "libarchive", syms, sizeof(syms) / sizeof(syms[0]), NULL
};

LAZY_API(la, la_api, lib)
