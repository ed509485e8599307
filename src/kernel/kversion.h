/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Which kernel a build directory belongs to, and which modpost format
 * kbuild-modpost speaks for it. */
#pragma once

#include <stdbool.h>

enum kbp_modpost_format {
	KBP_MODPOST_UNKNOWN = 0,
	KBP_MODPOST_5_10, /* 5.10.y: __crc_ symbols in the objects, one symbol per name, UNUSED/GPL_FUTURE exports */
	KBP_MODPOST_6_1,  /* 6.1.y: __ksymtab_ sections, SYMBOL_CRC, vermagic in .mod.c */
	KBP_MODPOST_6_12, /* 6.12.y: .export_symbol, KSYMTAB_*, module-common.c */
	KBP_MODPOST_7_2,  /* 7.2.y: string namespaces, SYMBOL_FLAGS, -b/-x versions, cwd M= */
};

/* Reads VERSION.PATCHLEVEL of the tree at dir: include/config/kernel.release,
 * else include/generated/utsrelease.h, else the top Makefile (through
 * the "source" link/Makefile of an O= directory when needed).
 * Negative errno when none of them gives a version. */
int kversion_read_tree(const char *dir, unsigned *version, unsigned *patchlevel);

/* Parses "6.1.0-13-amd64" style strings; -EINVAL when not X.Y... */
int kversion_parse(const char *s, unsigned *version, unsigned *patchlevel);

/* The modpost format kbuild-modpost uses for a kernel, or KBP_MODPOST_UNKNOWN. */
enum kbp_modpost_format kbp_modpost_format(unsigned version, unsigned patchlevel);

/* The series kbuild-modpost knows, oldest first: "5.10, 6.1, 6.12, 7.2". */
const char *kbp_modpost_known_series(void);

/* True when kbuild-modpost knows the modpost format of that kernel
 * (kbuild-pack --modpost=bundled refuses the others). */
bool kbp_modpost_supports(unsigned version, unsigned patchlevel);
