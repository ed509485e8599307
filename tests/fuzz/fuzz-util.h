/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the targets that read their input from files share. */
#pragma once

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* A scratch directory for NAME's files: on /dev/shm where it is there, as
 * a file rewritten for every input costs a flush on ext4 (fuzz-release:
 * 1,100 runs/s in /tmp), else in $TMPDIR or /tmp. Never removed: libFuzzer
 * ends with exit(). */
static inline char *fuzz_scratch(const char *name)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *d;

	if (asprintf(&d, "%s/kbp-%s.XXXXXX", base, name) < 0 || !mkdtemp(d))
		abort();
	return d;
}

/* PATH holding exactly DATA. */
static inline void fuzz_put(const char *path, const void *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size || close(fd) < 0)
		abort();
}
