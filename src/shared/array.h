/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Growable array of pointers. */
#pragma once

#include <dirent.h>
#include <stddef.h>

struct ptrarray {
	void **v;
	size_t n, cap;
};
void ptrarray_push(struct ptrarray *a, void *p);
void ptrarray_free(struct ptrarray *a, void (*fn)(void *));
/* Reverses the order of the elements in place. */
void ptrarray_reverse(struct ptrarray *a);
/* Sorts an array of C strings bytewise (an empty array is fine). */
void ptrarray_sort_strings(struct ptrarray *a);
/* The names in an open directory stream but . and .., sorted bytewise, so
 * that what walks a tree does not depend on the filesystem's order. */
void dir_sorted_names(DIR *d, struct ptrarray *names);
