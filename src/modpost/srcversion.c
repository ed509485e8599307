// SPDX-License-Identifier: GPL-2.0-or-later
/* srcversion: the kernel's MD4 variant (sumversion.c) over a module's
 * sources with whitespace and comments dropped. The message words are
 * read big-endian (the kernel's "le32_to_cpu" is ntohl) and the digest
 * words printed after another swap: we reproduce that, host-independent. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <string.h>

#include "modpost.h"
#include "shared/alloc.h"
#include "shared/str.h"

static inline uint32_t lshift(uint32_t x, unsigned s)
{
	return (x << s) | (x >> (32 - s));
}

static inline uint32_t F(uint32_t x, uint32_t y, uint32_t z) { return (x & y) | (~x & z); }
static inline uint32_t G(uint32_t x, uint32_t y, uint32_t z) { return (x & y) | (x & z) | (y & z); }
static inline uint32_t H(uint32_t x, uint32_t y, uint32_t z) { return x ^ y ^ z; }

#define ROUND1(a, b, c, d, k, s) (a = lshift(a + F(b, c, d) + k, s))
#define ROUND2(a, b, c, d, k, s) (a = lshift(a + G(b, c, d) + k + (uint32_t)0x5A827999, s))
#define ROUND3(a, b, c, d, k, s) (a = lshift(a + H(b, c, d) + k + (uint32_t)0x6ED9EBA1, s))

static void words_ntohl(uint32_t *buf, unsigned n)
{
	while (n--) {
		*buf = ntohl(*buf);
		buf++;
	}
}

static void md4_transform(uint32_t *hash, const uint32_t *in)
{
	static const unsigned r2[] = { 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15 };
	static const unsigned r3[] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };
	uint32_t a = hash[0], b = hash[1], c = hash[2], d = hash[3];

	for (unsigned i = 0; i < 16; i += 4) {
		ROUND1(a, b, c, d, in[i], 3);
		ROUND1(d, a, b, c, in[i + 1], 7);
		ROUND1(c, d, a, b, in[i + 2], 11);
		ROUND1(b, c, d, a, in[i + 3], 19);
	}
	for (unsigned i = 0; i < 16; i += 4) {
		ROUND2(a, b, c, d, in[r2[i]], 3);
		ROUND2(d, a, b, c, in[r2[i + 1]], 5);
		ROUND2(c, d, a, b, in[r2[i + 2]], 9);
		ROUND2(b, c, d, a, in[r2[i + 3]], 13);
	}
	for (unsigned i = 0; i < 16; i += 4) {
		ROUND3(a, b, c, d, in[r3[i]], 3);
		ROUND3(d, a, b, c, in[r3[i + 1]], 9);
		ROUND3(c, d, a, b, in[r3[i + 2]], 11);
		ROUND3(b, c, d, a, in[r3[i + 3]], 15);
	}
	hash[0] += a;
	hash[1] += b;
	hash[2] += c;
	hash[3] += d;
}

static void transform_helper(struct md4_ctx *c)
{
	words_ntohl(c->block, 16);
	md4_transform(c->hash, c->block);
}

void mp_md4_init(struct md4_ctx *c)
{
	c->hash[0] = 0x67452301;
	c->hash[1] = 0xefcdab89;
	c->hash[2] = 0x98badcfe;
	c->hash[3] = 0x10325476;
	c->byte_count = 0;
}

void mp_md4_update(struct md4_ctx *c, const unsigned char *data, unsigned len)
{
	const uint32_t avail = sizeof(c->block) - (uint32_t)(c->byte_count & 0x3f);

	c->byte_count += len;
	if (avail > len) {
		memcpy((char *)c->block + (sizeof(c->block) - avail), data, len);
		return;
	}
	memcpy((char *)c->block + (sizeof(c->block) - avail), data, avail);
	transform_helper(c);
	data += avail;
	len -= avail;
	while (len >= sizeof(c->block)) {
		memcpy(c->block, data, sizeof(c->block));
		transform_helper(c);
		data += sizeof(c->block);
		len -= (unsigned)sizeof(c->block);
	}
	memcpy(c->block, data, len);
}

void mp_md4_final_ascii(struct md4_ctx *c, char *out, unsigned len)
{
	const unsigned offset = (unsigned)(c->byte_count & 0x3f);
	char *p = (char *)c->block + offset;
	int padding = 56 - (int)(offset + 1);

	*p++ = (char)0x80;
	if (padding < 0) {
		memset(p, 0x00, (size_t)(padding + (int)sizeof(uint64_t)));
		transform_helper(c);
		p = (char *)c->block;
		padding = 56;
	}
	memset(p, 0, (size_t)padding);
	c->block[14] = (uint32_t)(c->byte_count << 3);
	c->block[15] = (uint32_t)(c->byte_count >> 29);
	words_ntohl(c->block, 14);
	md4_transform(c->hash, c->block);
	words_ntohl(c->hash, 4);
	snprintf(out, len, "%08X%08X%08X%08X", c->hash[0], c->hash[1], c->hash[2], c->hash[3]);
}

static inline void add_char(unsigned char ch, struct md4_ctx *md)
{
	mp_md4_update(md, &ch, 1);
}

void mp_md4_parse_text(struct md4_ctx *md, const char *file, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		/* Collapse and ignore \ and CR. */
		if (file[i] == '\\' && i + 1 < len && file[i + 1] == '\n') {
			i++;
			continue;
		}
		if (isspace((unsigned char)file[i]))
			continue;
		/* strings are kept whole, whitespace included */
		if (file[i] == '"') {
			size_t j;

			add_char((unsigned char)file[i], md);
			for (j = 1; i + j < len; j++) {
				add_char((unsigned char)file[i + j], md);
				if (file[i + j] == '"' && file[i + j - 1] != '\\')
					break;
			}
			i += j;
			continue;
		}
		if (file[i] == '/' && i + 1 < len && file[i + 1] == '*') {
			size_t j;

			for (j = 2; i + j < len; j++)
				if (file[i + j - 1] == '*' && file[i + j] == '/')
					break;
			i += j;
			continue;
		}
		add_char((unsigned char)file[i], md);
	}
}

static void parse_file(const char *fname, struct md4_ctx *md)
{
	_cleanup_free_ char *file = mp_read_text_file(fname);

	/* the kernel stops at the first NUL */
	mp_md4_parse_text(md, file, strlen(file));
}

static bool is_static_library(const char *objfile)
{
	size_t len = strlen(objfile);

	return len >= 2 && objfile[len - 2] == '.' && objfile[len - 1] == 'a';
}

/* dir/file.o: sum the source_ file and the deps_ files that live in dir */
static bool parse_source_files(struct modpost *mp, const char *objfile, struct md4_ctx *md)
{
	_cleanup_free_ char *cmd = NULL, *dir = NULL, *file = NULL;
	const char *base = strrchr(objfile, '/');
	size_t dirlen;
	bool check_files = false;
	char *pos, *line;

	if (base) {
		base++;
		dirlen = (size_t)(base - objfile);
		cmd = xasprintf("%.*s.%s.cmd", (int)dirlen, objfile, base);
	} else {
		dirlen = 0;
		cmd = xasprintf(".%s.cmd", objfile);
	}
	dir = xstrndup(objfile, dirlen);
	file = mp_read_text_file(cmd);
	pos = file;

	while (pos && *pos) {
		char *p, *nl;

		line = pos;
		nl = strchr(pos, '\n');
		if (nl)
			*nl++ = '\0';
		pos = nl;

		while (isspace((unsigned char)*line))
			line++;
		p = line;
		if (str_starts_with(line, "source_")) {
			p = strrchr(line, ' ');
			if (!p) {
				mp_warn(mp, "malformed line: %s\n", line);
				return false;
			}
			parse_file(p + 1, md);
			continue;
		}
		if (str_starts_with(line, "deps_")) {
			check_files = true;
			continue;
		}
		if (!check_files)
			continue;
		/* Continue until line does not end with '\' */
		if (!*p || p[strlen(p) - 1] != '\\')
			break;
		/* Terminate line at first space, to get rid of final ' \' */
		for (; *p; p++)
			if (isspace((unsigned char)*p)) {
				*p = '\0';
				break;
			}
		/* only files in the object's own directory: the kernel's
		 * strstr(line, dir) + strlen(dir) - 1 == strrchr(line, '/') */
		{
			const char *in = strstr(line, dir);
			const char *slash = strrchr(line, '/');

			if (in && dirlen > 0 && slash && (size_t)(slash - in) == dirlen - 1)
				parse_file(line, md);
		}
	}
	return true;
}

void mp_get_src_version(struct modpost *mp, const char *name, char *sum, unsigned sumlen)
{
	bool v510 = mp->fmt == KBP_MODPOST_5_10;
	/* 5.10: "dir/x.o" -> "dir/x.mod" */
	_cleanup_free_ char *filelist = v510 ? xasprintf("%.*smod", (int)strlen(name) - 1, name) :
					      xasprintf("%s.mod", name);
	_cleanup_free_ char *buf = mp_read_text_file(filelist);
	struct md4_ctx md;
	char *pos = buf, *fname;

	if (v510) {
		/* the objects are the first line, separated by spaces */
		if (!*pos) {
			mp_warn(mp, "bad ending versions file for %s\n", name);
			return;
		}
		pos[strcspn(pos, "\n")] = '\0';
	}
	mp_md4_init(&md);
	while ((fname = strsep(&pos, v510 ? " " : "\n"))) {
		if (!*fname)
			continue;
		if (!is_static_library(fname) && !parse_source_files(mp, fname, &md))
			return;
	}
	mp_md4_final_ascii(&md, sum, sumlen);
}
