// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target: the release a tree reports (kernel/release.h), through
 * its public calls only: the input is include/generated/utsrelease.h and
 * include/config/kernel.release of a scratch tree. A release it accepts
 * must be what release.h promises, whatever grammar it checks: one path
 * component of printable characters, no blank, at most 64 bytes. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz-util.h"
#include "kernel/release.h"

static char *dir, uts[4096], conf[4096];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char d[4096];

	(void)argc;
	(void)argv;
	dir = fuzz_scratch("fuzz-release");
	snprintf(d, sizeof(d), "%s/include", dir);
	mkdir(d, 0755);
	snprintf(d, sizeof(d), "%s/include/generated", dir);
	mkdir(d, 0755);
	snprintf(d, sizeof(d), "%s/include/config", dir);
	mkdir(d, 0755);
	snprintf(uts, sizeof(uts), "%s/include/generated/utsrelease.h", dir);
	snprintf(conf, sizeof(conf), "%s/include/config/kernel.release", dir);
	return 0;
}

static void check_release(const char *r)
{
	size_t n = strlen(r);

	if (n == 0 || n > 64 || !strcmp(r, ".") || !strcmp(r, ".."))
		abort();
	for (const char *p = r; *p; p++)
		if (*p <= ' ' || *p > '~' || *p == '/')
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *release = NULL, *err = NULL, *line;

	fuzz_put(uts, data, size);
	if (krelease_read(dir, &release, &err) == 0) {
		check_release(release);
		if (err)
			abort(); /* no message for a release read */
	} else if (!err || strncmp(err, uts, strlen(uts))) {
		abort(); /* a failure names the file */
	}
	free(release);
	free(err);
	fuzz_put(conf, data, size);
	line = krelease_config(dir);
	if (line && strchr(line, '\n'))
		abort();
	free(line);
	return 0;
}
