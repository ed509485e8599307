/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the targets that read their input from files share. */
#pragma once

#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char *fuzz_scratch_dir;

static int fuzz_scratch_rm(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)type;
	(void)f;
	return remove(p);
}

static void fuzz_scratch_remove(void)
{
	nftw(fuzz_scratch_dir, fuzz_scratch_rm, 16, FTW_DEPTH | FTW_PHYS);
}

/* A scratch directory for NAME's files: on /dev/shm where it is there, as
 * a file rewritten for every input costs a flush on ext4 (fuzz-release:
 * 1,100 runs/s in /tmp), else in $TMPDIR or /tmp. Removed at exit, which
 * is how libFuzzer ends a run that found nothing. */
static inline char *fuzz_scratch(const char *name)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	if (asprintf(&fuzz_scratch_dir, "%s/kbp-%s.XXXXXX", base, name) < 0 || !mkdtemp(fuzz_scratch_dir))
		abort();
	atexit(fuzz_scratch_remove);
	return fuzz_scratch_dir;
}

/* PATH holding exactly DATA. */
static inline void fuzz_put(const char *path, const void *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size || close(fd) < 0)
		abort();
}
