// SPDX-License-Identifier: GPL-2.0-or-later
/* shared/sha256-memo under contention (issue 46): threads asking for the
 * digests of files whose paths all hash to one slot, so that every
 * insert lands on a slot another thread has just found empty, as split's
 * check's trees do on the common part's files. Bounded: ROUNDS fresh
 * memos, each asked by THREADS threads for every file in their own
 * order. A digest the memo returned without writing it (the race
 * c85f25c fixed, put back) reads as a wrong one in about nine runs of
 * ten; ThreadSanitizer reports the race itself in every run. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/sha256-memo.h"
#include "shared/str.h"
#include "testsuite.h"

#define NFILES 40
#define THREADS 4
#define ROUNDS 1000

struct stress {
	struct sha256_memo memo;
	pthread_barrier_t start, done;
	char *paths[NFILES];
	uint8_t want[NFILES][SHA256_LEN];
	size_t wrong, failed;
	pthread_mutex_t mu;
};

struct worker {
	struct stress *s;
	size_t id;
};

static void *ask(void *arg)
{
	struct worker *w = arg;
	struct stress *s = w->s;

	for (int round = 0; round < ROUNDS; round++) {
		size_t wrong = 0, failed = 0;

		pthread_barrier_wait(&s->start);
		for (size_t k = 0; k < NFILES; k++) {
			/* each thread its own order: misses and inserts interleave */
			size_t i = (w->id * NFILES / THREADS + (w->id & 1 ? NFILES - k : k)) % NFILES;
			uint8_t sha[SHA256_LEN];

			memset(sha, 0xa5, sizeof(sha)); /* what "never written" reads as */
			if (sha256_memo_file(&s->memo, s->paths[i], sha) < 0)
				failed++;
			else if (memcmp(sha, s->want[i], SHA256_LEN))
				wrong++;
		}
		pthread_mutex_lock(&s->mu);
		s->wrong += wrong;
		s->failed += failed;
		pthread_mutex_unlock(&s->mu);
		pthread_barrier_wait(&s->done);
	}
	return NULL;
}

DEFINE_TEST(sha256_memo_colliding_paths)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/kbp-unit-memo.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	struct stress s = { 0 };
	struct worker w[THREADS];
	pthread_t tid[THREADS];
	size_t target, found = 0;

	assert_true(mkdtemp(dir) != NULL);
	sha256_memo_init(&s.memo, NFILES);
	/* names whose paths all start probing at the slot of the first: the
	 * table's size is the memo's own, whatever it chooses for NFILES */
	for (unsigned c = 0; found < NFILES && c < 1000000; c++) {
		char *p = xasprintf("%s/f%u", dir, c);

		if (found && (str_hash(p) & (s.memo.size - 1)) != target) {
			free(p);
			continue;
		}
		if (!found)
			target = str_hash(p) & (s.memo.size - 1);
		assert_int_eq(write_file(p, p, strlen(p)), 0);
		assert_int_eq(sha256_file(p, s.want[found]), 0);
		s.paths[found++] = p;
	}
	assert_int_eq(found, NFILES);
	pthread_mutex_init(&s.mu, NULL);
	pthread_barrier_init(&s.start, NULL, THREADS + 1);
	pthread_barrier_init(&s.done, NULL, THREADS + 1);
	for (size_t t = 0; t < THREADS; t++) {
		w[t] = (struct worker){ &s, t };
		assert_int_eq(pthread_create(&tid[t], NULL, ask, &w[t]), 0);
	}
	for (int round = 0; round < ROUNDS; round++) {
		pthread_barrier_wait(&s.start);
		pthread_barrier_wait(&s.done);
		/* every path inserted once, in the chain of the one slot */
		for (size_t i = 0; i < NFILES; i++)
			assert_true(s.memo.v[(target + i) & (s.memo.size - 1)].path != NULL);
		sha256_memo_release(&s.memo);
		sha256_memo_init(&s.memo, NFILES);
	}
	for (size_t t = 0; t < THREADS; t++)
		pthread_join(tid[t], NULL);
	assert_int_eq(s.wrong, 0);
	assert_int_eq(s.failed, 0);
	sha256_memo_release(&s.memo);
	pthread_barrier_destroy(&s.start);
	pthread_barrier_destroy(&s.done);
	pthread_mutex_destroy(&s.mu);
	for (size_t i = 0; i < NFILES; i++) {
		unlink(s.paths[i]);
		free(s.paths[i]);
	}
	rmdir(dir);
	free(dir);
}
