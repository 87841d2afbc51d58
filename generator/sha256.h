/*
 * SHA-256 (FIPS 180-4), for the checksum of the runner's source tarball that
 * pgo-gen writes into the layer with the recipe that names it
 */
#ifndef GEN_SHA256_H
#define GEN_SHA256_H

#include <stddef.h>

/* the digest of p[0..n) as 64 lowercase hex digits and a NUL, into hex */
void sha256_hex(const void *p, size_t n, char hex[65]);

#endif
