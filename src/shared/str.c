// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/str.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int parse_size(const char *s, uint64_t *out)
{
	static const char units[] = "kmgt";
	unsigned long long v;
	const char *u;
	char *end;
	int shift = 0;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	if (*end) {
		u = strchr(units, end[0] | 0x20);
		if (!u || !*u)
			return -EINVAL;
		shift = 10 * (int)(u - units + 1);
		end++;
		if (*end == 'i' && end[1] == 'B')
			end += 2;
		else if (*end == 'B' || *end == 'b')
			end++;
	}
	if (*end || v > (UINT64_MAX >> shift))
		return -EINVAL;
	*out = (uint64_t)v << shift;
	return 0;
}

bool str_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

const char *str_after_prefix(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(s, prefix, n) ? NULL : s + n;
}

int strv_index(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], s))
			return (int)i;
	return -EINVAL;
}

bool str_ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);
	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}

char *str_strip(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

int strcmp_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t str_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (size_t)h;
}
