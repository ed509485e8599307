// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "devtable.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"

struct devtable_def {
	char *name;
	long value;
};

struct devtable_offsets {
	struct devtable_def *v;
	size_t n;
};

static int def_cmp(const void *a, const void *b)
{
	return strcmp(((const struct devtable_def *)a)->name, ((const struct devtable_def *)b)->name);
}

struct devtable_offsets *devtable_offsets_parse(const char *text)
{
	struct devtable_offsets *o = xcalloc(1, sizeof(*o));
	size_t cap = 0;

	for (const char *l = text; l && *l;) {
		const char *nl = strchr(l, '\n');
		const char *p = l, *name;
		size_t namelen;
		char *end;
		long v;

		l = nl ? nl + 1 : NULL;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "#define", 7) != 0 || (p[7] != ' ' && p[7] != '\t'))
			continue;
		p += 7;
		while (*p == ' ' || *p == '\t')
			p++;
		name = p;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		namelen = (size_t)(p - name);
		if (!namelen || (strncmp(name, "SIZE_", 5) && strncmp(name, "OFF_", 4)))
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		v = strtol(p, &end, 0);
		if (end == p || v < 0)
			continue;
		if (o->n == cap) {
			cap = cap ? cap * 2 : 256;
			o->v = xrealloc(o->v, cap * sizeof(*o->v));
		}
		o->v[o->n].name = xstrndup(name, namelen);
		o->v[o->n].value = v;
		o->n++;
	}
	if (o->n)
		qsort(o->v, o->n, sizeof(*o->v), def_cmp);
	return o;
}

void devtable_offsets_free(struct devtable_offsets *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++)
		free(o->v[i].name);
	free(o->v);
	free(o);
}

long devtable_offsets_get(const struct devtable_offsets *o, const char *name)
{
	struct devtable_def key = { .name = (char *)name };
	const struct devtable_def *d;

	if (!o->n)
		return -1;
	d = bsearch(&key, o->v, o->n, sizeof(*o->v), def_cmp);
	return d ? d->value : -1;
}
