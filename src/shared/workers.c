// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/workers.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "shared/alloc.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/strbuf.h"

#define WORKERS_MAX 8
/* Below this many items a thread costs more than it saves. */
#define WORKERS_MIN_ITEMS 64

/* Items are handed out in runs of neighbours: a sink's files of one
 * directory made by one thread, not two contending for its lock. */
#define WORKERS_RUN_MAX 32

struct run {
	size_t n, run;
	int (*fn)(void *arg, size_t i);
	void *arg;
	atomic_size_t next;
	atomic_int failure;
};

static void *work(void *p)
{
	struct run *w = p;

	for (;;) {
		size_t i = atomic_fetch_add(&w->next, w->run), end = i + w->run < w->n ? i + w->run : w->n;

		for (; i < end; i++) {
			int r;

			if (atomic_load(&w->failure))
				return NULL;
			r = interrupted() ? -EINTR : w->fn(w->arg, i);
			if (r < 0) {
				int none = 0;
				atomic_compare_exchange_strong(&w->failure, &none, r);
				return NULL;
			}
		}
		if (end >= w->n)
			return NULL;
	}
}

size_t workers_count(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 1;
	n = CPU_COUNT(&set);
	return n < 1 ? 1 : n > WORKERS_MAX ? WORKERS_MAX : (size_t)n;
}

static int run_on(size_t nthreads, size_t n, int (*fn)(void *arg, size_t i), void *arg)
{
	size_t per = n / (nthreads * 16); /* small enough to even out the ends */
	struct run w = { .n = n, .run = per < 1 ? 1 : per > WORKERS_RUN_MAX ? WORKERS_RUN_MAX : per, .fn = fn, .arg = arg };
	pthread_t tid[WORKERS_MAX];
	size_t started = 0;

	atomic_init(&w.next, 0);
	atomic_init(&w.failure, 0);
	/* A thread that cannot be made leaves its share to the others. */
	for (size_t t = 1; t < nthreads; t++)
		if (pthread_create(&tid[started], NULL, work, &w) == 0)
			started++;
	work(&w);
	for (size_t t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	return atomic_load(&w.failure);
}

int workers_run(size_t n, int (*fn)(void *arg, size_t i), void *arg)
{
	return run_on(n < WORKERS_MIN_ITEMS ? 1 : workers_count(), n, fn, arg);
}

#define NOT_RUN 1

struct in_order {
	int (*fn)(void *arg, size_t i);
	void *arg;
	struct strbuf *said;
	int *ret;
};

static int run_saying(void *arg, size_t i)
{
	struct in_order *o = arg;
	struct strbuf *outer = log_capture(&o->said[i]);

	o->ret[i] = o->fn(o->arg, i);
	log_capture(outer);
	return 0;
}

int workers_run_in_order(size_t n, int (*fn)(void *arg, size_t i), void *arg)
{
	struct in_order o = { .fn = fn, .arg = arg, .said = xcalloc(n ? n : 1, sizeof(*o.said)),
			      .ret = xmalloc((n ? n : 1) * sizeof(*o.ret)) };
	int r = 0;

	for (size_t i = 0; i < n; i++)
		o.ret[i] = NOT_RUN; /* a signal stopped it before this one */
	workers_run(n, run_saying, &o);
	for (size_t i = 0; i < n; i++) {
		if (r == 0) {
			log_replay(o.said[i].s, o.said[i].len);
			r = o.ret[i] == NOT_RUN ? -EINTR : o.ret[i] < 0 ? o.ret[i] : 0;
		}
		strbuf_release(&o.said[i]);
	}
	free(o.said);
	free(o.ret);
	return r;
}
