/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Strings: prefixes, suffixes, enum names, sizes. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "4G", "512M", "100k" or plain bytes (binary units); -EINVAL otherwise. */
int parse_size(const char *s, uint64_t *out);

bool str_starts_with(const char *s, const char *prefix);
/* s past prefix when s starts with it, else NULL. */
const char *str_after_prefix(const char *s, const char *prefix);
/* The index of s in names[0..n) (an enum's names), or -EINVAL. */
int strv_index(const char *const *names, size_t n, const char *s);
bool str_ends_with(const char *s, const char *suffix);
char *str_strip(char *s);
int strcmp_bytes(const void *a, const void *b); /* qsort on char ** */
/* FNV-1a of s: the one string hash of the lookup tables (symbols, exports,
 * digests); the order of no output depends on it. */
size_t str_hash(const char *s);
