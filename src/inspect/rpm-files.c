// SPDX-License-Identifier: GPL-2.0-or-later
/* The lines of an rpm %files list that name exactly the given paths, for
 * kbuild-pack rpm-files and %kbuild_pack_install (packaging/rpm).
 *
 * rpmbuild does not read a %files -f list as names. rpm 4.18 (Debian 12)
 * macro-expands each line once as it reads it and each name twice more
 * (rpmGenPath), looks for %attr, %caps, %dev, %config, %lang and %verify
 * anywhere in the expanded line, splits it at blanks (one "..." token
 * excepted), and globs a name holding *, ?, [ or a {a,b} group, after
 * splitting it again as popt does (quotes and backslashes). So a kernel file
 * named x%(CMD).h ran CMD inside rpmbuild. The two encodings below were
 * checked with rpmbuild 4.18 (tests/packaging/rpm-hostile-names-test.sh):
 *
 * plain: a name with none of % * ? [ { } and no blank is written as it is
 *   (in double quotes when it holds a blank but no ").
 * glob: anything else is written as a glob pattern that matches only it:
 *   * ? [ as [*] [?] [[], a blank as [[:blank:]] (no blank splits the line;
 *   tabs are refused, so it matches a space only), " ' escaped for popt,
 *   \ as [\\\\] (popt leaves [\\], a bracket holding a backslash: rpm's
 *   glob stats a segment without a wildcard as it is, escapes and all, so
 *   x\%.h as x\\\\%.h was "File not found"), % as ten % and %{nil} (three
 *   expansions leave one %, and no %attr-like word appears after the
 *   first), and the first letter or digit as [x], so that rpm globs even a
 *   name that has none of * ? [ itself.
 * Refused, with the path named: what rpm refuses itself, control characters
 * (a newline would end the line) and names that are not UTF-8 (the rule of
 * every list, shared/name.h); { and } (rpm's glob expands {a,b} and
 * cannot escape it); and, for rpm 4.19 or later (one expansion, its own
 * glob and quoting), any name that needs the glob encoding. */
#define _GNU_SOURCE
#include "inspect/rpm-files.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inspect/packed-tree.h"
#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/strbuf.h"

/* rpm 4.19 expands a list once, globs with its own escapes: the glob
 * encoding is 4.18's. VERSION not a version (%{rpmversion} unexpanded): older. */
bool rpm_419_or_later(const char *version)
{
	int major = 0, minor = 0;

	if (!version || sscanf(version, "%d.%d", &major, &minor) != 2)
		return false;
	return major > 4 || (major == 4 && minor >= 19);
}

/* Why rpm cannot be given p, or NULL. */
static const char *unlistable(const char *p, bool glob, bool rpm419)
{
	if (p[0] != '/')
		return "not an absolute path";
	if (name_flaws(p) & NAME_CONTROL)
		return "it holds a control character (rpm refuses them; a newline would end the line)";
	if (name_flaws(p) & NAME_NOT_UTF8)
		return "it is not UTF-8 (rpm refuses such a name)";
	if (strpbrk(p, "{}"))
		return "it holds '{' or '}' (rpm expands {a,b} in a %files name and cannot escape it)";
	if (rpm419 && (glob || strchr(p, '\\')))
		return "it holds one of % * ? [ \\ (or a blank with '\"'), which kbuild-pack escapes only for rpm 4.18 and older";
	return NULL;
}

/* One %files line (without %dir) naming exactly p, or NULL with *why. */
static char *rpm_line(const char *p, bool rpm419, const char **why)
{
	bool blank = strchr(p, ' '), glob = strpbrk(p, "%*?[") || (blank && strchr(p, '"')), trigger = false;
	struct strbuf b = { 0 };

	*why = unlistable(p, glob, rpm419);
	if (*why)
		return NULL;
	if (!glob)
		return blank ? xasprintf("\"%s\"", p) : xstrdup(p);
	for (const char *c = p; *c; c++) {
		if (strchr("*?[", *c))
			strbuf_addf(&b, "[%c]", *c);
		else if (*c == ' ')
			strbuf_adds(&b, "[[:blank:]]");
		else if (*c == '\\')
			strbuf_adds(&b, "[\\\\\\\\]"); /* popt leaves [\\], glob a \ */
		else if (*c == '"' || *c == '\'')
			strbuf_addf(&b, "\\%c", *c);
		else if (*c == '%')
			strbuf_adds(&b, "%%%%%%%%%%{nil}");
		else if (!trigger && isalnum((unsigned char)*c)) {
			strbuf_addf(&b, "[%c]", *c);
			trigger = true;
		} else
			strbuf_addc(&b, *c);
	}
	return strbuf_steal(&b);
}

/* Adds the line for path (with %dir when dir) to out; 0, or -EINVAL said. */
int rpm_files_add(struct ptrarray *out, const char *path, bool dir, bool rpm419)
{
	const char *why;
	_cleanup_free_ char *line = rpm_line(path, rpm419, &why);

	if (!line) {
		_cleanup_free_ char *s = name_escape(path);
		log_err("%s: cannot be named in an rpm %%files list: %s", s, why);
		return -EINVAL;
	}
	ptrarray_push(out, xasprintf("%s%s", dir ? "%dir " : "", line));
	return 0;
}

/* "%dir dest", a %dir line for each directory below dir, then a line for
 * each file and link, each group sorted bytewise. */
int rpm_files_tree(const char *dir, const char *dest, bool rpm419, struct ptrarray *out)
{
	struct tree_view tv;
	int r = tree_walk(dir, false, &tv);

	if (r == 0)
		r = rpm_files_add(out, dest, true, rpm419);
	for (int dirs = 1; dirs >= 0; dirs--) {
		for (size_t i = 0; r == 0 && i < tv.n; i++) {
			_cleanup_free_ char *p = NULL;

			if ((tv.v[i].type == ENTRY_DIR) != dirs)
				continue;
			p = xasprintf("%s/%s", dest, tv.v[i].rel);
			r = rpm_files_add(out, p, dirs, rpm419);
		}
	}
	tree_view_release(&tv);
	return r;
}

