/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SHA-256 (FIPS 180-4): which split part a file goes to (host programs
 * compared without their build ID, kelf.h), the common part's digest and
 * name, an archive's duplicate files, reports and diff. Carried here
 * rather than linked from a crypto library: it is in libkbp-base (kelf
 * uses it), whose sources build for another machine with libelf alone.
 * sha256-shani.h runs its blocks on the CPU's SHA extensions where it
 * has them. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN 32
#define SHA256_HEX_LEN 65 /* with the NUL */

struct sha256 {
	uint32_t h[8];
	uint64_t len;
	uint8_t buf[64];
	size_t nbuf;
};

void sha256_init(struct sha256 *c);
void sha256_update(struct sha256 *c, const void *data, size_t len);
void sha256_final(struct sha256 *c, uint8_t out[SHA256_LEN]);
void sha256_hex(const uint8_t d[SHA256_LEN], char out[SHA256_HEX_LEN]);
/* Digest of a whole file; negative errno on failure. */
int sha256_file(const char *path, uint8_t out[SHA256_LEN]);
