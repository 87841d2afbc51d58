/* SHA-256: the FIPS 180-4 examples, and every padding case around a block */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "generator/sha256.h"

static void
check(const char *msg, size_t n, const char *want)
{
	char hex[65];

	sha256_hex(msg, n, hex);
	assert_string_equal(hex, want);
}

static void
test_fips(void **state)
{
	check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	check("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	check("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
		"klmnopqrlmnopqrsmnopqrstnopqrstu", 112,
		"cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

/* one million 'a': many blocks */
static void
test_million(void **state)
{
	char *a = malloc(1000000);

	assert_non_null(a);
	memset(a, 'a', 1000000);
	check(a, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(a);
}

/*
 * 55, 56, 63, 64 and 65 bytes: the length fits in the last block or needs
 * another (the digests are coreutils' sha256sum's)
 */
static void
test_padding(void **state)
{
	char x[65];

	memset(x, 'x', sizeof(x));
	check(x, 55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
	check(x, 56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
	check(x, 63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2");
	check(x, 64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
	check(x, 65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fips),
		cmocka_unit_test(test_million),
		cmocka_unit_test(test_padding),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
