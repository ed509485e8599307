/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Attributes and cleanup helpers (kmod's shared/macro.h). */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* nonnull: a recoverable UBSan build otherwise sees a NULL format path (-Wformat-truncation). */
#define _printf_(a, b) __attribute__((format(printf, a, b), nonnull(a)))
#define _noreturn_ __attribute__((noreturn))
#define _unused_ __attribute__((unused))

static inline void freep(void *p) { free(*(void **)p); }
static inline void closep(int *fd) { if (*fd >= 0) close(*fd); }
static inline void fclosep(FILE **f) { if (*f) fclose(*f); }
#define _cleanup_(f) __attribute__((cleanup(f)))
#define _cleanup_free_ _cleanup_(freep)
#define _cleanup_close_ _cleanup_(closep)
#define _cleanup_fclose_ _cleanup_(fclosep)
