/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one rule for a name read from a tree (data: any bytes but NUL) in
 * the lists kbuild-pack prints: pack --list, diff, verify's problems,
 * split --list, audit's findings, the YAML reports, rpm-files and a
 * split's part lists. A name is printed as it is when name_flaws() finds
 * nothing in it; otherwise each list escapes it its own way, or refuses it,
 * so that no name can pass for another or forge a field or a line:
 *   lines of text: name_escape();
 *   YAML (shared/yaml-out): its double-quoted escapes, and !!binary for a
 *     name that is not UTF-8;
 *   rpm-files: a glob for the backslash; a name rpm refuses (a control
 *     character, not UTF-8) refused;
 *   a split's part lists (no escape at all): refused. */
#pragma once

#include <stddef.h>

enum {
	NAME_CONTROL = 1 << 0,   /* a byte below 0x20, or 0x7f: a tab or a newline splits a record */
	NAME_BACKSLASH = 1 << 1, /* the escape character of name_escape() */
	NAME_NOT_UTF8 = 1 << 2,  /* a byte that is not part of valid UTF-8 */
};

/* The flaws above that name has; 0: it is printed as it is everywhere. */
unsigned name_flaws(const char *name);
/* name with a tab as \t, a newline as \n, a backslash as \\ and every other
 * byte that is a flaw as \xHH (two lower-case hex digits), the rest (UTF-8
 * characters too) as it is: a copy of name when it has no flaw. */
char *name_escape(const char *name);
/* The length of the valid UTF-8 character at s (1 for ASCII), or 0. */
size_t utf8_char_len(const unsigned char *s);
