/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A name from a tree is data. Two rules, one owner:
 * - the grammar of a name a tree gives that kbuild-pack puts into a path,
 *   a Makefile, a shell recipe, an rpm macro or a deb substvar (a kernel
 *   release, a split's common part, a part's name): checked where it is
 *   read, refused otherwise (name_ok). Kernel releases in the wild fit it
 *   (6.1.0-57-amd64, 6.12.9+bpo-arm64, 7.3.0-0~rc2).
 * - any other name a tree holds (a file's): printed in a list so that it
 *   cannot pass for another (name_flaws, name_escape, below). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define NAME_MAX_LEN 64 /* __NEW_UTS_LEN, the Makefile's UTS_RELEASE limit */
#define NAME_RULE "letters, digits, '.', '_', '+', '~' and '-', starting with a letter or digit, at most 64 bytes"

/* S[0..N) fits the grammar. */
bool name_ok_n(const char *s, size_t n);
bool name_ok(const char *s);

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
