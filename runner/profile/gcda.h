/*
 * the header of a GCC profile data file (.gcda): the magic and the version
 * stamp of the compiler that wrote it
 *
 * A .gcda starts with three 32-bit words in the byte order of the machine that
 * wrote it: the magic 0x67636461 ("gcda"), the version stamp and a checksum.
 * The stamp is four characters built from the compiler's version (GCC 5 and
 * later, gcc/genversion.cc): major / 10 + 'A', major % 10 + '0', minor + '0',
 * then '*' for a release or prerelease ('e' on the development trunk); GCC 12.2
 * writes "B22*". The patch level is not part of it. Stamps are handled here
 * as those four characters in that order, whatever the file's byte order.
 */
#ifndef RUNNER_GCDA_H
#define RUNNER_GCDA_H

#include <stddef.h>

#include "bblang/util.h"

#define GCDA_MAGIC 0x67636461u
/* the bytes gcda_check needs: magic and stamp */
#define GCDA_HEADER_SIZE 8
/* in an expected stamp, matches any character (the minor version of "12.%") */
#define GCDA_STAMP_ANY '?'

/*
 * the stamp GCC VERSION writes: "12.2.0" and "12.2" give "B22*"; "12" and
 * "12.%" (BitBake's GCCVERSION) give "B2?*", which accepts any 12.x;
 * -1 with err set when version is not of that form
 */
int gcda_stamp_from_version(const char *version, char stamp[4], struct bb_error *err);

/*
 * the stamp the compiler cc writes, from "cc -dumpfullversion" (cc is split
 * into words as the shell would, so "gcc -m32" works); *version receives the
 * version string (caller frees) unless version is NULL
 */
int gcda_stamp_for_compiler(const char *cc, char stamp[4], char **version,
	struct bb_error *err);

/* reads the stamp of the n bytes at buf; -1 when they do not start as a .gcda does */
int gcda_stamp(const void *buf, size_t n, char stamp[4]);

/*
 * checks that the n bytes at buf start with the gcda magic (either byte
 * order) and the expected stamp; -1 with a message in err otherwise
 */
int gcda_check(const void *buf, size_t n, const char expected[4], struct bb_error *err);

/* the stamp in a printable form, "B22*" or "\x00..."; caller frees */
char *gcda_stamp_str(const char stamp[4]);

#endif
