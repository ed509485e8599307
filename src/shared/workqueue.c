// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/workqueue.h"

#include "shared/alloc.h"
#include "shared/workers.h"

#define WORKQUEUE_MAX_THREADS 8

void workqueue_init(struct workqueue *q, void (*fn)(struct workqueue *q, void *task), void *arg)
{
	*q = (struct workqueue){ .fn = fn, .arg = arg };
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->cv, NULL);
}

void workqueue_add(struct workqueue *q, void *task)
{
	pthread_mutex_lock(&q->mu);
	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 64;
		q->v = xrealloc(q->v, q->cap * sizeof(*q->v));
	}
	q->v[q->n++] = task;
	pthread_cond_signal(&q->cv);
	pthread_mutex_unlock(&q->mu);
}

static void *work(void *p)
{
	struct workqueue *q = p;

	pthread_mutex_lock(&q->mu);
	for (;;) {
		void *task;

		while (q->n == 0 && q->running > 0)
			pthread_cond_wait(&q->cv, &q->mu);
		if (q->n == 0)
			break; /* none waiting, none running that could add one */
		task = q->v[--q->n];
		q->running++;
		pthread_mutex_unlock(&q->mu);
		q->fn(q, task);
		pthread_mutex_lock(&q->mu);
		if (--q->running == 0 && q->n == 0)
			pthread_cond_broadcast(&q->cv);
	}
	pthread_mutex_unlock(&q->mu);
	return NULL;
}

void workqueue_run(struct workqueue *q)
{
	size_t nthreads = workers_count(), started = 0;
	pthread_t tid[WORKQUEUE_MAX_THREADS];

	if (nthreads > WORKQUEUE_MAX_THREADS)
		nthreads = WORKQUEUE_MAX_THREADS;
	/* A thread that cannot be made leaves its share to the others. */
	for (size_t t = 1; t < nthreads; t++)
		if (pthread_create(&tid[started], NULL, work, q) == 0)
			started++;
	work(q);
	for (size_t t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
}

void workqueue_release(struct workqueue *q)
{
	free(q->v);
	pthread_mutex_destroy(&q->mu);
	pthread_cond_destroy(&q->cv);
}
