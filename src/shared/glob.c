// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/glob.h"

#include <fnmatch.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/strbuf.h"

bool glob_has_magic(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
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
			return allow_partial || strcmp(p, "**") == 0;
		pn = strchr(p, '/');
		pl = pn ? (size_t)(pn - p) : strlen(p);
		if (pl == 2 && p[0] == '*' && p[1] == '*') {
			const char *rest = pn ? pn + 1 : "";
			/* "**" eats zero or more segments, up to all of them. */
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
		{
			char pseg[pl + 1], sseg[sl + 1];
			memcpy(pseg, p, pl);
			pseg[pl] = '\0';
			memcpy(sseg, s, sl);
			sseg[sl] = '\0';
			if (fnmatch(pseg, sseg, 0) != 0)
				return false;
		}
		p = pn ? pn + 1 : "";
		s = sn ? sn + 1 : "";
		if (!*s && *p && !allow_partial && strcmp(p, "**") != 0)
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
		char seg[l + 1];

		memcpy(seg, p, l);
		seg[l] = '\0';
		if (glob_has_magic(seg))
			break;
		if (b.len)
			strbuf_addc(&b, '/');
		strbuf_adds(&b, seg);
		if (!n)
			break;
		p = n + 1;
	}
	return strbuf_steal(&b);
}
