// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target: the reader of a common part's list (.kbuild-pack-common,
 * split/stamp.h), which split --common, verify and rpm-deps read from
 * packages. Each input is read as it is, and again with its digest line
 * made right (the digest covers the name, kernel and entry lines), so that
 * the reader's accepting end is reached too. What it accepts must keep the
 * promises of its header: a name and a VERSION.PATCHLEVEL.SUBLEVEL kernel,
 * entries sorted and found, and the text it formats read back the same. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-util.h"
#include "shared/log.h"
#include "shared/sha256.h"
#include "shared/name.h"
#include "split/stamp.h"

static char *dir, *path;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	log_init("fuzz-common-list", LOG_QUIET);
	dir = fuzz_scratch("fuzz-common-list");
	if (asprintf(&path, "%s/" COMMON_LIST_NAME, dir) < 0)
		abort();
	return 0;
}

static bool is_version(const char *v)
{
	for (int part = 0; part < 3; part++) {
		if (!isdigit((unsigned char)*v))
			return false;
		while (isdigit((unsigned char)*v))
			v++;
		if (*v != (part < 2 ? '.' : '\0'))
			return false;
		v++;
	}
	return true;
}

/* What an accepted list promises; abort() on a broken promise. */
static void check_accepted(const struct common_list *cl)
{
	struct common_list again;
	char *text, *text2;

	if (!name_ok(cl->name) || !is_version(cl->kernel))
		abort();
	for (size_t i = 0; i < cl->n; i++) {
		if ((i && strcmp(cl->v[i - 1].rel, cl->v[i].rel) >= 0) || common_list_find(cl, cl->v[i].rel) != &cl->v[i])
			abort();
		if (!*cl->v[i].rel || strchr(cl->v[i].rel, '\n') || (cl->v[i].type == ENTRY_LINK && !cl->v[i].target))
			abort();
	}
	text = common_list_format(cl);
	fuzz_put(path, text, strlen(text));
	if (common_list_read(path, &again) < 0 || again.n != cl->n || strcmp(again.digest, cl->digest))
		abort();
	text2 = common_list_format(&again);
	if (strcmp(text, text2))
		abort();
	free(text);
	free(text2);
	common_list_release(&again);
}

static void read_one(const char *text, size_t len)
{
	struct common_list cl;

	fuzz_put(path, text, len);
	if (common_list_read(path, &cl) == 0) {
		check_accepted(&cl);
		common_list_release(&cl);
	}
	/* the directory holding it is read the same way */
	if (common_list_read(dir, &cl) == 0)
		common_list_release(&cl);
}

/* data with line 3 replaced by the digest of lines 1, 2 and 4..., as the
 * writer computes it over its own (canonical) lines. */
static char *with_digest(const uint8_t *data, size_t size, size_t *len)
{
	const char *s = (const char *)data, *end = s + size;
	const char *l2 = memchr(s, '\n', size), *l3 = l2 ? memchr(l2 + 1, '\n', (size_t)(end - l2 - 1)) : NULL;
	const char *l4 = l3 ? memchr(l3 + 1, '\n', (size_t)(end - l3 - 1)) : NULL;
	struct sha256 c;
	uint8_t d[SHA256_LEN];
	char hex[SHA256_HEX_LEN], *out;

	if (!l4)
		return NULL;
	sha256_init(&c);
	sha256_update(&c, s, (size_t)(l3 + 1 - s));
	sha256_update(&c, l4 + 1, (size_t)(end - l4 - 1));
	sha256_final(&c, d);
	sha256_hex(d, hex);
	*len = (size_t)(l3 + 1 - s) + strlen("digest \n") + strlen(hex) + (size_t)(end - l4 - 1);
	out = malloc(*len + 1); /* sprintf's NUL */
	memcpy(out, s, (size_t)(l3 + 1 - s));
	sprintf(out + (l3 + 1 - s), "digest %s\n", hex);
	memcpy(out + (l3 + 1 - s) + strlen("digest \n") + strlen(hex), l4 + 1, (size_t)(end - l4 - 1));
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len;
	char *fixed = with_digest(data, size, &len);

	read_one((const char *)data, size);
	if (fixed)
		read_one(fixed, len);
	free(fixed);
	return 0;
}
