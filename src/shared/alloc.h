/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Allocation: failure is not recoverable for a command-line tool. */
#pragma once

#include <stddef.h>

#include "shared/macro.h"

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) _printf_(1, 2);
