/* tests/bench/task-select.sh's program: each letter of argv[1] runs one
 * function of its own (a b c d), or with "s" the start-up's own branch;
 * what a profile counts is known from the letters its runs were given. */
#include <stdio.h>
#include <string.h>

static volatile unsigned long sink;

static void a(int n) { for (int i = 0; i < n; i++) sink += (i & 1) ? (unsigned long)i : 3; }
static void b(int n) { for (int i = 0; i < n; i++) if (i % 3 == 0) sink ^= (unsigned long)i; }
static void c(int n) { for (int i = 0; i < n; i++) sink += (unsigned long)i * 7; }
static void d(int n) { for (int i = 0; i < n; i++) if (i % 5 == 0) sink -= 1; else sink += 2; }

int main(int argc, char **argv)
{
	const char *p = argc > 1 ? argv[1] : "";

	for (; *p; p++) {
		switch (*p) {
		case 'a': a(100000); break;
		case 'b': b(100000); break;
		case 'c': c(100000); break;
		case 'd': d(100000); break;
		case 's': sink++; break;
		default: fprintf(stderr, "select-probe: no part '%c'\n", *p); return 2;
		}
	}
	return 0;
}
