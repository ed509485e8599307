/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Growable string. */
#pragma once

#include <stdarg.h>
#include <stddef.h>

#include "shared/macro.h"

struct strbuf {
	char *s;
	size_t len, cap;
};
/* Room for extra more bytes and a NUL. */
void strbuf_grow(struct strbuf *b, size_t extra);
void strbuf_addn(struct strbuf *b, const char *s, size_t n);
void strbuf_adds(struct strbuf *b, const char *s);
void strbuf_addf(struct strbuf *b, const char *fmt, ...) _printf_(2, 3);
void strbuf_addvf(struct strbuf *b, const char *fmt, va_list ap) _printf_(2, 0);
void strbuf_addc(struct strbuf *b, char c);
const char *strbuf_str(struct strbuf *b); /* never NULL */
char *strbuf_steal(struct strbuf *b);
void strbuf_release(struct strbuf *b);
