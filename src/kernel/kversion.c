// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/kversion.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/macro.h"
#include "shared/path.h"
#include "shared/fileio.h"

int kversion_parse(const char *s, unsigned *version, unsigned *patchlevel)
{
	char *e;
	unsigned long v, p;

	while (*s == ' ' || *s == '\t' || *s == '"')
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	v = strtoul(s, &e, 10);
	if (*e != '.' || !isdigit((unsigned char)e[1]))
		return -EINVAL;
	p = strtoul(e + 1, &e, 10);
	if (v > 1000 || p > 1000)
		return -EINVAL;
	*version = (unsigned)v;
	*patchlevel = (unsigned)p;
	return 0;
}

static int from_utsrelease(const char *path, unsigned *v, unsigned *p)
{
	_cleanup_free_ char *buf = NULL;
	const char *q;
	int r = read_control_file(path, 0, &buf, NULL, NULL);

	if (r < 0)
		return r;
	q = strstr(buf, "UTS_RELEASE");
	if (!q)
		return -EINVAL;
	q = strchr(q, '"');
	if (!q)
		return -EINVAL;
	return kversion_parse(q + 1, v, p);
}

static int makefile_var(const char *buf, const char *name, unsigned *val)
{
	size_t n = strlen(name);

	for (const char *l = buf; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *q = l;

		if (strncmp(q, name, n) != 0)
			continue;
		q += n;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '=')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!isdigit((unsigned char)*q))
			return -EINVAL;
		*val = (unsigned)strtoul(q, NULL, 10);
		return 0;
	}
	return -ENOENT;
}

static int from_makefile(const char *path, unsigned *v, unsigned *p)
{
	_cleanup_free_ char *buf = NULL;
	int r = read_control_file(path, 0, &buf, NULL, NULL);

	if (r < 0)
		return r;
	r = makefile_var(buf, "VERSION", v);
	if (r < 0)
		return r;
	return makefile_var(buf, "PATCHLEVEL", p);
}

int kversion_read_tree(const char *dir, unsigned *version, unsigned *patchlevel)
{
	_cleanup_free_ char *rel = path_join(dir, "include/config/kernel.release");
	_cleanup_free_ char *uts = path_join(dir, "include/generated/utsrelease.h");
	_cleanup_free_ char *mk = path_join(dir, "Makefile");
	_cleanup_free_ char *srcmk = path_join(dir, "source/Makefile");
	_cleanup_free_ char *line = NULL;

	if (read_line_file(rel, 0, &line, NULL) == 0 && kversion_parse(line, version, patchlevel) == 0)
		return 0;
	if (from_utsrelease(uts, version, patchlevel) == 0)
		return 0;
	if (from_makefile(mk, version, patchlevel) == 0)
		return 0;
	if (from_makefile(srcmk, version, patchlevel) == 0)
		return 0;
	return -ENOENT;
}

/* The series whose modpost kbuild-modpost reproduces; a new series is a
 * row here plus what differs in src/modpost, keyed on its format. */
static const struct modpost_series {
	unsigned version, patchlevel;
	enum kbp_modpost_format fmt;
} modpost_series[] = {
	{ 5, 10, KBP_MODPOST_5_10 },
	{ 6, 1, KBP_MODPOST_6_1 },
	{ 6, 12, KBP_MODPOST_6_12 },
	{ 7, 2, KBP_MODPOST_7_2 },
};

enum kbp_modpost_format kbp_modpost_format(unsigned version, unsigned patchlevel)
{
	for (size_t i = 0; i < ARRAY_SIZE(modpost_series); i++)
		if (modpost_series[i].version == version && modpost_series[i].patchlevel == patchlevel)
			return modpost_series[i].fmt;
	return KBP_MODPOST_UNKNOWN;
}

const char *kbp_modpost_known_series(void)
{
	static char known[64];

	if (!known[0]) {
		size_t n = 0;

		for (size_t i = 0; i < ARRAY_SIZE(modpost_series); i++)
			n += (size_t)snprintf(known + n, sizeof(known) - n, "%s%u.%u", i ? ", " : "",
					      modpost_series[i].version, modpost_series[i].patchlevel);
	}
	return known;
}

bool kbp_modpost_supports(unsigned version, unsigned patchlevel)
{
	return kbp_modpost_format(version, patchlevel) != KBP_MODPOST_UNKNOWN;
}
