// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/sha256-memo.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/str.h"

void sha256_memo_init(struct sha256_memo *m, size_t n)
{
	m->size = 64;
	while (m->size < 2 * n)
		m->size *= 2;
	m->v = xcalloc(m->size, sizeof(*m->v));
	pthread_mutex_init(&m->mu, NULL);
}

/* path's slot, or the empty one where it goes (linear probing). */
static struct sha256_memo_slot *slot(struct sha256_memo *m, const char *path)
{
	size_t h;

	for (h = str_hash(path) & (m->size - 1); m->v[h].path && strcmp(m->v[h].path, path); h = (h + 1) & (m->size - 1))
		;
	return &m->v[h];
}

int sha256_memo_file(struct sha256_memo *m, const char *path, uint8_t sha[SHA256_LEN])
{
	struct sha256_memo_slot *s;
	bool hit;
	int r;

	/* what the slot held is decided under the lock: once it is released,
	 * another thread may fill the very slot this one found empty (issue
	 * 46: tests/unit/test-sha256-memo.c makes every path collide) */
	pthread_mutex_lock(&m->mu);
	s = slot(m, path);
	hit = s->path != NULL;
	if (hit)
		memcpy(sha, s->sha, SHA256_LEN);
	pthread_mutex_unlock(&m->mu);
	if (hit)
		return 0;
	r = sha256_file(path, sha); /* another thread may read it too: the same digest */
	if (r < 0)
		return r;
	pthread_mutex_lock(&m->mu);
	s = slot(m, path);
	if (!s->path) {
		s->path = xstrdup(path);
		memcpy(s->sha, sha, SHA256_LEN);
	}
	pthread_mutex_unlock(&m->mu);
	return 0;
}

void sha256_memo_release(struct sha256_memo *m)
{
	for (size_t i = 0; i < m->size; i++)
		free(m->v[i].path);
	free(m->v);
	pthread_mutex_destroy(&m->mu);
	*m = (struct sha256_memo){ 0 };
}
