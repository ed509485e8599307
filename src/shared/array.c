// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/array.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/str.h"

void ptrarray_push(struct ptrarray *a, void *p)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = xrealloc(a->v, a->cap * sizeof(*a->v));
	}
	a->v[a->n++] = p;
}

void ptrarray_reverse(struct ptrarray *a)
{
	for (size_t i = 0, j = a->n; i + 1 < j; i++, j--) {
		void *t = a->v[i];

		a->v[i] = a->v[j - 1];
		a->v[j - 1] = t;
	}
}

void ptrarray_free(struct ptrarray *a, void (*fn)(void *))
{
	if (fn)
		for (size_t i = 0; i < a->n; i++)
			fn(a->v[i]);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
}

void ptrarray_sort_strings(struct ptrarray *a)
{
	/* qsort's base must not be NULL, even for zero elements. */
	if (a->n > 1)
		qsort(a->v, a->n, sizeof(*a->v), strcmp_bytes);
}

void dir_sorted_names(DIR *d, struct ptrarray *names)
{
	struct dirent *de;

	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			ptrarray_push(names, xstrdup(de->d_name));
	ptrarray_sort_strings(names);
}
