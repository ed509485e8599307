/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Work spread over the CPUs this process may run on, for items known
 * beforehand and independent of each other: a directory sink's copies, a
 * split's hashes; and, where the messages must read as if the items ran
 * in order, split's check and verify's files. Work that makes more work
 * as it goes (the walk's directories) is workqueue.h's. */
#pragma once

#include <stddef.h>

/* fn(arg, i) for each i in [0, n), on up to workers_count() threads, the
 * caller's among them, in no particular order. No new item is started
 * after one fails or a signal arrived (interrupt.h). Returns the first
 * failure in time, -EINTR, or 0. Every thread it started has ended when
 * it returns (a fork after it copies no half-done thread). fn must say
 * itself what failed (the others may fail at the same time: say it once). */
int workers_run(size_t n, int (*fn)(void *arg, size_t i), void *arg);

/* workers_run for work whose messages (log.h) must read as if the items
 * ran one after the other: each item's are kept and said afterwards in
 * the items' order, up to the first item that failed, whose failure it
 * returns (what items after it said is dropped, as they would not have
 * run). fn's failures do not stop the others here. */
int workers_run_in_order(size_t n, int (*fn)(void *arg, size_t i), void *arg);

/* The CPUs of this process's affinity mask (cgroups and taskset limit it),
 * at most 8: more threads than that only contend for the same disk. */
size_t workers_count(void);
