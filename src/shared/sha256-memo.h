/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The SHA-256 of files that several threads ask for, each file read once
 * however many ask (split's check: every tree checks the common part's
 * files). */
#pragma once

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "shared/sha256.h"

struct sha256_memo {
	pthread_mutex_t mu;
	struct sha256_memo_slot {
		char *path;
		uint8_t sha[SHA256_LEN];
	} *v;
	size_t size; /* a power of two, twice the paths at least: never full */
};

/* A memo for at most n different paths. */
void sha256_memo_init(struct sha256_memo *m, size_t n);
/* sha256_file(path), from the memo when a thread read it before; from
 * any thread. Negative errno, not printed. */
int sha256_memo_file(struct sha256_memo *m, const char *path, uint8_t sha[SHA256_LEN]);
void sha256_memo_release(struct sha256_memo *m);
