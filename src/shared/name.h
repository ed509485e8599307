/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one grammar of a name a tree gives: a kernel release, a split's
 * common part, a packed flavour's part. Such a name reaches a path, a
 * Makefile, a shell recipe, an rpm macro and a deb substvar, so it is
 * checked where it is read and nowhere taken otherwise. Kernel releases
 * in the wild fit it (6.1.0-57-amd64, 6.12.9+bpo-arm64, 7.3.0-0~rc2). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define NAME_MAX_LEN 64 /* __NEW_UTS_LEN, the Makefile's UTS_RELEASE limit */
#define NAME_RULE "letters, digits, '.', '_', '+', '~' and '-', starting with a letter or digit, at most 64 bytes"

/* S[0..N) fits the grammar. */
bool name_ok_n(const char *s, size_t n);
bool name_ok(const char *s);
