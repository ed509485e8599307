/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SHA-256's block function on the x86 SHA extensions (SHA-NI): a split
 * hashes every file of every tree it takes, and the C block function was
 * two thirds of its time. sha256.c picks it where the CPU has them. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* FIPS 180-4's round constants (sha256.c), 16-byte aligned. */
extern const uint32_t sha256_k[64];

/* The C rounds whatever the CPU has (tests/unit/test-sha256.c runs the
 * examples through both). */
extern bool sha256_portable_only;

/* Does this CPU have them (and this build the code)? */
bool sha256_shani_usable(void);
/* n blocks of 64 bytes at p into the state h. */
void sha256_shani_blocks(uint32_t h[8], const uint8_t *p, size_t n);
