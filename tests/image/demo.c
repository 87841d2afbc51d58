/* demo.c - a small program for meta-pgo's integration tests.
 *
 * It is built with -fprofile-generate, run in the test image (the profile
 * task), and rebuilt with -fprofile-use against the collected .gcda file.
 * It has a few functions with branches and loops whose counters depend on
 * its input, so that a real profile differs from an empty one.
 *
 * Usage: demo [ROUNDS [PROGRAM [TEXT...]]]
 *   ROUNDS   how many times to run everything (default 50)
 *   PROGRAM  a program for the tiny stack machine below (default: a loop
 *            summing 1..100); characters:
 *              0-9  push the digit        +-*  /  %   arithmetic
 *              d    dup    s swap    r rotate (a b c -> b c a)
 *              p    pop    .  print top
 *              [    if top == 0, jump past the matching ]
 *              ]    if top != 0, jump back to the matching [
 *   TEXT     words to checksum (CRC-32) and sort (default: a fixed sentence)
 *
 * Output: one line per part plus a final digest; exit status 0, or 2 on a
 * bad program.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STACK_MAX 64

static uint32_t crc_table[256];

static void crc32_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32(uint32_t crc, const char *s)
{
    crc = ~crc;
    for (; *s; s++)
        crc = crc_table[(crc ^ (unsigned char)*s) & 0xff] ^ (crc >> 8);
    return ~crc;
}

/* Run PROG on the stack machine; returns 0 on success, -1 on error.
 * *result receives the top of the stack (or 0 if empty). */
static int run_program(const char *prog, long *result, int verbose)
{
    /* the stack depth each instruction needs */
    static const unsigned char needs[128] = {
        ['+'] = 2, ['-'] = 2, ['*'] = 2, ['/'] = 2, ['%'] = 2,
        ['d'] = 1, ['s'] = 2, ['r'] = 3, ['p'] = 1, ['.'] = 1, ['['] = 1, [']'] = 1,
    };
    long stack[STACK_MAX];
    int sp = 0;
    size_t len = strlen(prog);
    long steps = 0;

    for (size_t pc = 0; pc < len; pc++) {
        char c = prog[pc];
        long a, b;

        if (++steps > 1000000)
            return -1;
        if (c >= '0' && c <= '9') {
            if (sp >= STACK_MAX)
                return -1;
            stack[sp++] = c - '0';
            continue;
        }
        if ((unsigned char)c < 128 && sp < needs[(unsigned char)c])
            return -1;
        switch (c) {
        case '+': case '-': case '*': case '/': case '%':
            b = stack[--sp];
            a = stack[--sp];
            if ((c == '/' || c == '%') && b == 0)
                return -1;
            stack[sp++] = c == '+' ? a + b : c == '-' ? a - b :
                          c == '*' ? a * b : c == '/' ? a / b : a % b;
            break;
        case 'd':
            if (sp >= STACK_MAX)
                return -1;
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case 's':
            a = stack[sp - 1];
            stack[sp - 1] = stack[sp - 2];
            stack[sp - 2] = a;
            break;
        case 'r':
            a = stack[sp - 3];
            stack[sp - 3] = stack[sp - 2];
            stack[sp - 2] = stack[sp - 1];
            stack[sp - 1] = a;
            break;
        case 'p':
            sp--;
            break;
        case '.':
            if (verbose)
                printf("%ld\n", stack[sp - 1]);
            break;
        case '[':
            if (stack[sp - 1] == 0) {
                int depth = 1;
                while (depth && ++pc < len)
                    depth += prog[pc] == '[' ? 1 : prog[pc] == ']' ? -1 : 0;
                if (depth)
                    return -1;
            }
            break;
        case ']':
            if (stack[sp - 1] != 0) {
                int depth = 1;
                while (depth && pc-- > 0)
                    depth += prog[pc] == ']' ? 1 : prog[pc] == '[' ? -1 : 0;
                if (depth)
                    return -1;
            }
            break;
        case ' ':
            break;
        default:
            return -1;
        }
    }
    *result = sp ? stack[sp - 1] : 0;
    return 0;
}

static int cmp_words(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(int argc, char **argv)
{
    /* sum 1..100: push s=0 and n=100, loop "s n -> s+n n-1" while n != 0 */
    static const char *default_prog = "0 99*9+9+1+ [dr+s1-] p";
    static const char *default_text[] = {
        "the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog",
    };
    long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 50;
    const char *prog = argc > 2 ? argv[2] : default_prog;
    const char **words;
    int nwords;
    uint32_t digest = 0;
    long result = 0;

    if (rounds < 1)
        rounds = 1;
    if (argc > 3) {
        words = (const char **)(argv + 3);
        nwords = argc - 3;
    } else {
        words = default_text;
        nwords = (int)(sizeof default_text / sizeof *default_text);
    }

    crc32_init();
    const char **sorted = malloc(sizeof *sorted * (size_t)nwords);
    if (!sorted)
        return 1;
    for (long r = 0; r < rounds; r++) {
        if (run_program(prog, &result, 0) != 0) {
            fprintf(stderr, "demo: bad program: %s\n", prog);
            free(sorted);
            return 2;
        }
        digest = crc32(digest, prog);
        memcpy(sorted, words, sizeof *sorted * (size_t)nwords);
        qsort(sorted, (size_t)nwords, sizeof *sorted, cmp_words);
        for (int i = 0; i < nwords; i++)
            digest ^= crc32(0, sorted[i]) + (uint32_t)r;
    }
    printf("program: %s -> %ld\n", prog, result);
    printf("words:");
    for (int i = 0; i < nwords; i++)
        printf(" %s", sorted[i]);
    printf("\nrounds: %ld\ndigest: %08x\n", rounds, (unsigned)digest);
    free(sorted);
    return 0;
}
