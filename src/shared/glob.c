// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/glob.h"

#include <fnmatch.h>
#include <limits.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/macro.h"
#include "shared/strbuf.h"

bool glob_has_magic(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

static bool seg_has_magic(const char *s, size_t l)
{
	for (size_t i = 0; i < l; i++)
		if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			return true;
	return false;
}

/* Segment [s, s + l) as a C string: in buf when it fits (a file name
 * always does), else on the heap in *heap. Never on the stack by its
 * length: a pattern is a manifest's, and one segment of 16 MB overflowed
 * the stack. */
static const char *seg_str(const char *s, size_t l, char buf[NAME_MAX + 1], char **heap)
{
	char *d = l <= NAME_MAX ? buf : (*heap = xmalloc(l + 1));

	memcpy(d, s, l);
	d[l] = '\0';
	return d;
}

/* fnmatch of one pattern segment against one path segment; apart from
 * match_segs() so that its recursion does not carry the buffers. */
static bool seg_match(const char *p, size_t pl, const char *s, size_t sl)
{
	char pbuf[NAME_MAX + 1], sbuf[NAME_MAX + 1];
	_cleanup_free_ char *pheap = NULL, *sheap = NULL;

	return fnmatch(seg_str(p, pl, pbuf, &pheap), seg_str(s, sl, sbuf, &sheap), 0) == 0;
}

/* p past its leading "**" segments: two in a row match what one does, and
 * each one more would be a level of recursion (a pattern of millions of
 * them overflowed the stack) and a factor of time. */
static const char *skip_stars(const char *p)
{
	while (p[0] == '*' && p[1] == '*' && (p[2] == '/' || !p[2]))
		p += p[2] ? 3 : 2;
	return p;
}

/* Matches pattern segments [p, pe) against path segments [s, se). */
static bool match_segs(const char *p, const char *s, bool allow_partial)
{
	for (;;) {
		const char *pn, *sn;
		size_t pl, sl;

		if (!*p)
			return !*s;
		if (!*s)
			/* Path ran out: a directory whose subtree may still match. */
			return allow_partial || !*skip_stars(p);
		pn = strchr(p, '/');
		pl = pn ? (size_t)(pn - p) : strlen(p);
		if (pl == 2 && p[0] == '*' && p[1] == '*') {
			const char *rest = skip_stars(pn ? pn + 1 : "");
			/* "**" eats zero or more segments, up to all of them: the
			 * recursion is as deep as the path has segments. */
			for (const char *t = s;;) {
				if (match_segs(rest, t, allow_partial))
					return true;
				if (!*t)
					return false;
				t = strchr(t, '/');
				t = t ? t + 1 : "";
			}
		}
		sn = strchr(s, '/');
		sl = sn ? (size_t)(sn - s) : strlen(s);
		if (!seg_match(p, pl, s, sl))
			return false;
		p = pn ? pn + 1 : "";
		s = sn ? sn + 1 : "";
		if (!*s && *p && !allow_partial && *skip_stars(p))
			return false;
	}
}

bool glob_match(const char *pattern, const char *path)
{
	/* A pattern of "**" and one segment NAME matches what the last segment
	 * of path matches: the common excludes are such, and every path walked
	 * meets them. */
	if (pattern[0] == '*' && pattern[1] == '*' && pattern[2] == '/' && pattern[3] && !strchr(pattern + 3, '/')) {
		const char *base = strrchr(path, '/');
		return fnmatch(pattern + 3, base ? base + 1 : path, 0) == 0;
	}
	return match_segs(pattern, path, false);
}

bool glob_match_any(const struct ptrarray *patterns, const char *path)
{
	for (size_t i = 0; i < patterns->n; i++)
		if (glob_match(patterns->v[i], path))
			return true;
	return false;
}

bool glob_match_or_parent(const char *pattern, const char *path)
{
	_cleanup_free_ char *p = xstrdup(path);

	for (;;) {
		if (glob_match(pattern, p))
			return true;
		char *slash = strrchr(p, '/');
		if (!slash)
			return false;
		*slash = '\0';
	}
}

bool glob_may_match_below(const char *pattern, const char *dir)
{
	return match_segs(pattern, dir, true);
}

char *glob_literal_prefix(const char *pattern)
{
	struct strbuf b = { 0 };
	const char *p = pattern;

	while (*p) {
		const char *n = strchr(p, '/');
		size_t l = n ? (size_t)(n - p) : strlen(p);

		if (seg_has_magic(p, l))
			break;
		if (b.len)
			strbuf_addc(&b, '/');
		strbuf_addn(&b, p, l);
		if (!n)
			break;
		p = n + 1;
	}
	return strbuf_steal(&b);
}
