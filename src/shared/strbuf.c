// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"

void strbuf_grow(struct strbuf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->len + extra + 1)
			cap *= 2;
		b->s = xrealloc(b->s, cap);
		b->cap = cap;
	}
}

void strbuf_addn(struct strbuf *b, const char *s, size_t n)
{
	strbuf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void strbuf_adds(struct strbuf *b, const char *s)
{
	strbuf_addn(b, s, strlen(s));
}

void strbuf_addc(struct strbuf *b, char c)
{
	strbuf_addn(b, &c, 1);
}

void strbuf_addvf(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	if (n >= 0) {
		strbuf_grow(b, (size_t)n);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
		b->len += (size_t)n;
	}
	va_end(again);
}

void strbuf_addf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_addvf(b, fmt, ap);
	va_end(ap);
}

const char *strbuf_str(struct strbuf *b)
{
	if (!b->s)
		strbuf_grow(b, 0), b->s[0] = '\0';
	return b->s;
}

char *strbuf_steal(struct strbuf *b)
{
	char *s;

	strbuf_str(b);
	s = b->s;
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void strbuf_release(struct strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
