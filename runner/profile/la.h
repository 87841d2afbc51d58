/*
 * libarchive, loaded on first use (pgo-run import, the collect stage of
 * pgo-run profile): the other commands never load it, nor the libraries behind
 * it (libxml2, ICU, libstdc++, the compressors), which are most of a process's
 * start-up time
 */
#ifndef RUNNER_LA_H
#define RUNNER_LA_H

#include <archive.h>
#include <archive_entry.h>

#include "bblang/util.h"

/* each function as archive_NAME declares it, without the prefix */
struct la {
	__typeof__(archive_entry_clear) *entry_clear;
	__typeof__(archive_entry_filetype) *entry_filetype;
	__typeof__(archive_entry_free) *entry_free;
	__typeof__(archive_entry_hardlink) *entry_hardlink;
	__typeof__(archive_entry_new) *entry_new;
	__typeof__(archive_entry_pathname) *entry_pathname;
	__typeof__(archive_entry_set_filetype) *entry_set_filetype;
	__typeof__(archive_entry_set_mtime) *entry_set_mtime;
	__typeof__(archive_entry_set_pathname) *entry_set_pathname;
	__typeof__(archive_entry_set_perm) *entry_set_perm;
	__typeof__(archive_entry_set_size) *entry_set_size;
	__typeof__(archive_entry_set_symlink) *entry_set_symlink;
	__typeof__(archive_entry_size) *entry_size;
	__typeof__(archive_entry_size_is_set) *entry_size_is_set;
	__typeof__(archive_entry_symlink) *entry_symlink;
	__typeof__(archive_error_string) *error_string;
	__typeof__(archive_format) *format;
	__typeof__(archive_read_data) *read_data;
	__typeof__(archive_read_free) *read_free;
	__typeof__(archive_read_new) *read_new;
	__typeof__(archive_read_next_header) *read_next_header;
	__typeof__(archive_read_open_fd) *read_open_fd;
	__typeof__(archive_read_support_filter_gzip) *read_support_filter_gzip;
	__typeof__(archive_read_support_format_empty) *read_support_format_empty;
	__typeof__(archive_read_support_format_tar) *read_support_format_tar;
	__typeof__(archive_write_add_filter_none) *write_add_filter_none;
	__typeof__(archive_write_close) *write_close;
	__typeof__(archive_write_data) *write_data;
	__typeof__(archive_write_free) *write_free;
	__typeof__(archive_write_header) *write_header;
	__typeof__(archive_write_new) *write_new;
	__typeof__(archive_write_open_fd) *write_open_fd;
	__typeof__(archive_write_set_format_pax_restricted) *write_set_format_pax_restricted;
	__typeof__(archive_write_set_options) *write_set_options;
};

/* the library's functions, or NULL with err set when it cannot be loaded */
const struct la *la_api(struct bb_error *err);

#endif
