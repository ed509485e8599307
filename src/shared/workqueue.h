/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Work that makes more work as it goes (a walk of a tree: each directory
 * read finds the directories to read next), spread over the CPUs. */
#pragma once

#include <pthread.h>
#include <stddef.h>

struct workqueue {
	void (*fn)(struct workqueue *q, void *task);
	void *arg; /* the caller's, for fn */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	void **v; /* waiting tasks, the last added taken first */
	size_t n, cap, running;
};

void workqueue_init(struct workqueue *q, void (*fn)(struct workqueue *q, void *task), void *arg);
/* From any thread, before or during workqueue_run. */
void workqueue_add(struct workqueue *q, void *task);
/* fn(q, task) for every task added, on up to workers_count() threads, the
 * caller's among them, until none is waiting or running. Every thread it
 * started has ended when it returns. fn says itself what failed and stops
 * early on interrupted(). */
void workqueue_run(struct workqueue *q);
void workqueue_release(struct workqueue *q);
