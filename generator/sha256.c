/* SHA-256 as FIPS 180-4 specifies it: 64-byte blocks, big-endian words */
#include <stdint.h>
#include <string.h>

#include "generator/sha256.h"

static const uint32_t k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

static uint32_t
ror(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static uint32_t
load32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* the message schedule of one block */
static void
schedule(const unsigned char *block, uint32_t w[64])
{
	for (int i = 0; i < 16; i++)
		w[i] = load32(block + 4 * i);
	for (int i = 16; i < 64; i++) {
		uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
}

static void
compress(uint32_t h[8], const unsigned char *block)
{
	uint32_t w[64], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6],
		 hh = h[7];

	schedule(block, w);
	for (int i = 0; i < 64; i++) {
		uint32_t s1 = ror(e, 6) ^ ror(e, 11) ^ ror(e, 25);
		uint32_t ch = (e & f) ^ (~e & g);
		uint32_t t1 = hh + s1 + ch + k[i] + w[i];
		uint32_t s0 = ror(a, 2) ^ ror(a, 13) ^ ror(a, 22);
		uint32_t maj = (a & b) ^ (a & c) ^ (b & c);

		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + s0 + maj;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d;
	h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

/* the last one or two blocks: the rest of the message, 0x80, zeros, the bit length */
static void
finish(uint32_t h[8], const unsigned char *rest, size_t nrest, uint64_t total)
{
	unsigned char tail[128] = { 0 };
	size_t len = nrest < 56 ? 64 : 128;
	uint64_t bits = total * 8;

	memcpy(tail, rest, nrest);
	tail[nrest] = 0x80;
	for (int i = 0; i < 8; i++)
		tail[len - 1 - i] = (unsigned char)(bits >> (8 * i));
	compress(h, tail);
	if (len == 128)
		compress(h, tail + 64);
}

void
sha256_hex(const void *p, size_t n, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	uint32_t h[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};
	const unsigned char *s = p;
	size_t full = n - n % 64;

	for (size_t i = 0; i < full; i += 64)
		compress(h, s + i);
	finish(h, s + full, n - full, n);
	for (int i = 0; i < 64; i++)
		hex[i] = digits[(h[i / 8] >> (28 - 4 * (i % 8))) & 0xf];
	hex[64] = '\0';
}
