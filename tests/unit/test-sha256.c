// SPDX-License-Identifier: GPL-2.0-or-later
/* SHA-256 against FIPS 180-4's examples, on whichever block function this
 * CPU runs (the SHA extensions or the C one), and both on the same bytes
 * where the CPU has the extensions. */
#include <stdlib.h>
#include <string.h>

#include "shared/sha256-shani.h"
#include "shared/sha256.h"
#include "testsuite.h"

static void hex_of(const void *data, size_t len, size_t piece, char out[SHA256_HEX_LEN])
{
	uint8_t d[SHA256_LEN];
	struct sha256 c;

	sha256_init(&c);
	for (size_t i = 0; i < len; i += piece) /* pieces: the partial blocks between updates */
		sha256_update(&c, (const char *)data + i, len - i < piece ? len - i : piece);
	sha256_final(&c, d);
	sha256_hex(d, out);
}

static void check_fips_examples(void)
{
	static const char *const abc56 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char *million = malloc(1000000);
	char h[SHA256_HEX_LEN];

	hex_of("", 0, 1, h);
	assert_true(!strcmp(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
	hex_of("abc", 3, 1, h);
	assert_true(!strcmp(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
	hex_of(abc56, strlen(abc56), 7, h);
	assert_true(!strcmp(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
	memset(million, 'a', 1000000);
	for (size_t piece = 1; piece <= 1000000; piece *= 10) {
		hex_of(million, 1000000, piece, h);
		assert_true(!strcmp(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
	}
	free(million);
}

/* whichever rounds this CPU gets */
DEFINE_TEST(sha256_fips_examples)
{
	check_fips_examples();
}

/* the C rounds, also on a CPU with the SHA extensions */
DEFINE_TEST(sha256_fips_examples_portable)
{
	sha256_portable_only = true;
	check_fips_examples();
	sha256_portable_only = false;
}

/* The C rounds, written out again as the standard gives them (its
 * constants are sha256.c's, which the examples above check): the reference
 * the SHA extensions' blocks are compared with. */
static uint32_t ror(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static void reference_block(uint32_t h[8], const uint8_t *p)
{
	uint32_t w[64], v[8];

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++)
		w[i] = w[i - 16] + (ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 7] +
		       (ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10));
	memcpy(v, h, sizeof(v));
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) + ((v[4] & v[5]) ^ (~v[4] & v[6])) +
			      sha256_k[i] + w[i];
		uint32_t t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof(*v));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (int i = 0; i < 8; i++)
		h[i] += v[i];
}

DEFINE_TEST(sha256_shani_blocks_as_reference)
{
	uint32_t a[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	uint32_t b[8];
	uint8_t data[64 * 33];
	unsigned seed = 1;

	if (!sha256_shani_usable())
		return; /* the C rounds alone: the examples above hold them */
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)((seed = seed * 1103515245 + 12345) >> 16);
	memcpy(b, a, sizeof(b));
	sha256_shani_blocks(a, data, 33);
	for (size_t i = 0; i < 33; i++)
		reference_block(b, data + 64 * i);
	assert_true(!memcmp(a, b, sizeof(a)));
}
