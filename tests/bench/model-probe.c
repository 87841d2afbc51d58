/* model-probe MODE N: code whose branches and footprint are known, for the
 * counts of bench/model/bpred.c:
 *   alt    a conditional branch taken every other iteration (predictable)
 *   rand   a conditional branch on a pseudo-random bit (not predictable)
 *   icyc   an indirect call cycling through 4 targets (predictable from history)
 *   irand  an indirect call to one of 4 targets at random
 *   big    N passes over 256 KiB of straight-line code
 *   small  N passes over 1 KiB of straight-line code */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

volatile unsigned sink;
static uint32_t seed = 12345;

static uint32_t
lcg(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 16;
}

__attribute__((noinline)) static void f0(void) { sink += 1; }
__attribute__((noinline)) static void f1(void) { sink += 2; }
__attribute__((noinline)) static void f2(void) { sink += 3; }
__attribute__((noinline)) static void f3(void) { sink += 4; }
void (*tab[4])(void) = { f0, f1, f2, f3 };

#if defined(__aarch64__) || defined(__arm__)
#define NOP_BYTES 4
#else
#define NOP_BYTES 1
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

__attribute__((noinline)) static void
big(void)
{
	__asm__ volatile(".rept " STR(262144 / NOP_BYTES) "\n\tnop\n\t.endr" ::: "memory");
}

__attribute__((noinline)) static void
small(void)
{
	__asm__ volatile(".rept " STR(1024 / NOP_BYTES) "\n\tnop\n\t.endr" ::: "memory");
}

int
main(int argc, char **argv)
{
	long n, i;

	if (argc != 3)
		return 2;
	n = atol(argv[2]);
	if (!strcmp(argv[1], "alt")) {
		for (i = 0; i < n; i++)
			if (i & 1)
				sink++;
	} else if (!strcmp(argv[1], "rand")) {
		for (i = 0; i < n; i++)
			if (lcg() & 1)
				sink++;
	} else if (!strcmp(argv[1], "icyc")) {
		for (i = 0; i < n; i++)
			tab[i & 3]();
	} else if (!strcmp(argv[1], "irand")) {
		for (i = 0; i < n; i++)
			tab[lcg() & 3]();
	} else if (!strcmp(argv[1], "big")) {
		for (i = 0; i < n; i++)
			big();
	} else if (!strcmp(argv[1], "small")) {
		for (i = 0; i < n; i++)
			small();
	} else {
		return 2;
	}
	return 0;
}
