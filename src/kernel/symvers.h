/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Module.symvers: "0x%08x\tsym\tmodule\tEXPORT_SYMBOL[_GPL]\tnamespace\n" per line. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct symvers_entry {
	uint32_t crc;
	char *name;
	char *module;
	char *export_type; /* "EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL", ... as read */
	char *ns;          /* "" when none */
	bool gpl;
	unsigned line;
};

struct symvers {
	struct symvers_entry *v;
	size_t n, cap;
	char *text, *text_end; /* the file symvers_parse read: its entries' strings */
};

/* Parses a symvers file into sv, empty or of symvers_add alone. On a malformed line returns -EINVAL and, when
 * errmsg is given, sets it to "FILE:LINE: reason" (caller frees). */
int symvers_read(const char *path, struct symvers *sv, char **errmsg);
int symvers_parse(const char *path, const char *buf, size_t len, struct symvers *sv, char **errmsg);
void symvers_add(struct symvers *sv, uint32_t crc, const char *name, const char *module,
		 bool gpl, const char *ns);
/* Writes one line in the kernel's exact format. */
void symvers_write_entry(FILE *f, const struct symvers_entry *e);
int symvers_write(const char *path, const struct symvers *sv);
void symvers_release(struct symvers *sv);

/* The kernel modpost's own acceptance rule (its read_dump()): four tabs
 * split five fields, the last being the rest of the line; the CRC is
 * whatever strtoul(..., 16) fully consumes (an empty one reads as 0).
 * Parsing stops at a NUL byte, and a last empty line is not a line.
 * buf is modified in place (NUL-terminated at len). fn gets each line in
 * order; a non-zero return from fn stops the walk and is returned.
 * A malformed line gives -EINVAL with *bad_line set to its number. */
struct symvers_line {
	uint32_t crc;
	const char *name, *module, *export_type, *ns;
	unsigned line;
};
int symvers_parse_kernel(char *buf, int (*fn)(const struct symvers_line *l, void *userdata),
			 void *userdata, unsigned *bad_line);
