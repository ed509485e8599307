// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "inspect/includes.h"

#include <stdbool.h>
#include <string.h>

#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/path.h"

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* The name of a line `# include "name"` (blanks allowed around '#'), or NULL. */
static char *quoted_include(const char *p, const char *end)
{
	const char *q;

	p = skip_blank(p, end);
	if (p == end || *p != '#')
		return NULL;
	p = skip_blank(p + 1, end);
	if ((size_t)(end - p) < 7 || memcmp(p, "include", 7))
		return NULL;
	p = skip_blank(p + 7, end);
	if (p == end || *p != '"')
		return NULL;
	q = memchr(p + 1, '"', (size_t)(end - p - 1));
	return q && q > p + 1 ? xstrndup(p + 1, (size_t)(q - p - 1)) : NULL;
}

static bool climbs(const char *name)
{
	return !strncmp(name, "../", 3) || strstr(name, "/../");
}

unsigned includes_dangling(const char *build, const char *rel, const char *buf, size_t len, dangling_include_fn fn,
			   void *ctx)
{
	const char *p = buf, *end = buf + len;
	unsigned line = 0, found = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		_cleanup_free_ char *name = quoted_include(p, eol);

		line++;
		p = nl ? nl + 1 : end;
		if (!name || !climbs(name))
			continue;
		/* resolved from the header's directory, as a link at rel would be */
		_cleanup_free_ char *res = path_resolve_link(rel, name);
		_cleanup_free_ char *abs = res ? path_join(build, res) : NULL;
		if (abs && path_is_reg(abs))
			continue;
		fn(ctx, rel, line, name, res);
		found++;
	}
	return found;
}
