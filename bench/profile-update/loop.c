/* bench/profile-update.sh: a branchy loop (a switch over opcodes, as an
 * interpreter runs), built with -fprofile-generate and each counter update */
#include <stdio.h>
#include <stdlib.h>
static unsigned long step(unsigned long x, int op)
{
	switch (op & 7) {
	case 0: return x * 3 + 1;
	case 1: return x >> 1;
	case 2: return x ^ (x << 7);
	case 3: return x + (x >> 3);
	case 4: return x & 1 ? x * 5 : x / 2;
	case 5: return x - 7;
	case 6: return ~x;
	default: return x + op;
	}
}
int main(int argc, char **argv)
{
	unsigned long x = 1, n = argc > 1 ? strtoul(argv[1], 0, 10) : 100000000;
	for (unsigned long i = 0; i < n; i++)
		x = step(x, (int)(x ^ i));
	printf("%lu\n", x);
	return 0;
}
