// SPDX-License-Identifier: GPL-2.0-or-later
/* .kbuild-pack-common: "name NAME", "kernel VERSION", "digest HEX", then
 * one line per entry, sorted by path:
 *   F<TAB>MODE<TAB>SHA256<TAB>PATH      a file
 *   L<TAB>MODE<TAB>TARGET<TAB>PATH      a symbolic link
 * The digest is the SHA-256 of the name and kernel lines and the entry
 * lines: every field that reaches a path or a Makefile. The same files
 * under the same name give the same digest, whichever trees they came
 * from, in whatever order. */
#define _GNU_SOURCE
#include "split/stamp.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/path.h"
#include "shared/strbuf.h"

int common_list_name_ok(const char *rel, const char *target)
{
	_cleanup_free_ char *shown = NULL;

	if (!name_flaws(rel) && (!target || !name_flaws(target)))
		return 0;
	shown = name_escape(rel);
	log_err("%s: a split's part list cannot name it: its name or link text holds a control character (a tab, "
		"a newline), a backslash or bytes that are not UTF-8",
		shown);
	return -EINVAL;
}

static void format_entries(const struct common_list *cl, struct strbuf *b)
{
	for (size_t i = 0; i < cl->n; i++) {
		const struct common_file *f = &cl->v[i];

		if (f->type == ENTRY_LINK) {
			strbuf_addf(b, "L\t%04o\t%s\t%s\n", (unsigned)f->mode, f->target, f->rel);
		} else {
			char hex[SHA256_HEX_LEN];

			sha256_hex(f->sha, hex);
			strbuf_addf(b, "F\t%04o\t%s\t%s\n", (unsigned)f->mode, hex, f->rel);
		}
	}
}

static void hash_text(const struct strbuf *b, char hex[SHA256_HEX_LEN])
{
	struct sha256 c;
	uint8_t d[SHA256_LEN];

	sha256_init(&c);
	sha256_update(&c, b->len ? b->s : "", b->len);
	sha256_final(&c, d);
	sha256_hex(d, hex);
}

void common_list_content_id(const struct common_list *cl, char hex[SHA256_HEX_LEN])
{
	struct strbuf b = { 0 };

	format_entries(cl, &b);
	hash_text(&b, hex);
	strbuf_release(&b);
}

void common_list_digest(struct common_list *cl)
{
	struct strbuf b = { 0 };

	strbuf_addf(&b, "name %s\nkernel %s\n", cl->name, cl->kernel);
	format_entries(cl, &b);
	hash_text(&b, cl->digest);
	strbuf_release(&b);
}

char *common_list_format(const struct common_list *cl)
{
	struct strbuf b = { 0 };

	strbuf_addf(&b, "name %s\nkernel %s\ndigest %s\n", cl->name, cl->kernel, cl->digest);
	format_entries(cl, &b);
	return strbuf_steal(&b);
}

static int hex_byte(const char *s)
{
	char t[3] = { s[0], s[1], 0 };
	char *end;
	long v = strtol(t, &end, 16);

	return *end || !s[0] || !s[1] ? -1 : (int)v;
}

/* One entry line (without its newline); false when it is not one. */
static bool parse_entry(char *line, struct common_file *f)
{
	char *fields[4];
	char *end;
	size_t n = 0;

	for (char *p = line; n < 4; n++) {
		fields[n] = p;
		p = n < 3 ? strchr(p, '\t') : NULL;
		if (n < 3 && !p)
			return false;
		if (p)
			*p++ = '\0';
	}
	if ((strcmp(fields[0], "F") && strcmp(fields[0], "L")) || !*fields[3])
		return false;
	f->mode = (mode_t)strtoul(fields[1], &end, 8);
	if (*end || end == fields[1])
		return false;
	f->rel = xstrdup(fields[3]);
	if (fields[0][0] == 'L') {
		f->type = ENTRY_LINK;
		f->target = xstrdup(fields[2]);
		return true;
	}
	f->type = ENTRY_FILE;
	if (strlen(fields[2]) != 2 * SHA256_LEN)
		return false;
	for (size_t i = 0; i < SHA256_LEN; i++) {
		int v = hex_byte(fields[2] + 2 * i);
		if (v < 0)
			return false;
		f->sha[i] = (uint8_t)v;
	}
	return true;
}

static bool header(char *line, const char *key, char **value)
{
	size_t k = strlen(key);

	if (strncmp(line, key, k) || line[k] != ' ' || !line[k + 1])
		return false;
	*value = xstrdup(line + k + 1);
	return true;
}

/* Three numbers of digits alone: sscanf's %u took "6.+1.0", "6.-1.0" and
 * "6. 1.0" (found by tests/fuzz/fuzz-common-list). */
static bool kernel_version_ok(const char *v)
{
	for (int i = 0; i < 3; i++, v++) {
		if (!isdigit((unsigned char)*v))
			return false;
		while (isdigit((unsigned char)*v))
			v++;
		if (*v != (i < 2 ? '.' : '\0'))
			return false;
	}
	return true;
}

static int parse(const char *file, char *text, struct common_list *cl)
{
	char *digest = NULL;
	unsigned lineno = 0;
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (lineno == 1 && header(line, "name", &cl->name))
			continue;
		if (lineno == 2 && header(line, "kernel", &cl->kernel))
			continue;
		if (lineno == 3 && header(line, "digest", &digest))
			continue;
		if (lineno > 3) {
			cl->v = xrealloc(cl->v, (cl->n + 1) * sizeof(*cl->v));
			memset(&cl->v[cl->n], 0, sizeof(cl->v[cl->n]));
			if (parse_entry(line, &cl->v[cl->n])) {
				if (cl->n && strcmp(cl->v[cl->n - 1].rel, cl->v[cl->n].rel) >= 0) {
					cl->n++;
					log_err("%s:%u: not sorted after the line before", file, lineno);
					free(digest);
					return -EINVAL;
				}
				cl->n++;
				continue;
			}
			/* what parse_entry took before it found the line bad */
			free(cl->v[cl->n].rel);
			free(cl->v[cl->n].target);
		}
		log_err("%s:%u: not a line of a kbuild-pack common part list", file, lineno);
		free(digest);
		return -EINVAL;
	}
	if (!digest) {
		log_err("%s: not a kbuild-pack common part list (no name, kernel and digest lines)", file);
		return -EINVAL;
	}
	/* The name (a directory, a Makefile's word) and the kernel are checked
	 * as the options are, and the digest covers them with the entries. */
	if (!name_ok(cl->name)) {
		log_err("%s:1: name '%s': a common part's name (a directory, a Makefile's word) is " NAME_RULE, file,
			cl->name);
		free(digest);
		return -EINVAL;
	}
	if (!kernel_version_ok(cl->kernel)) {
		log_err("%s:2: kernel '%s': not a kernel version (VERSION.PATCHLEVEL.SUBLEVEL)", file, cl->kernel);
		free(digest);
		return -EINVAL;
	}
	common_list_digest(cl);
	if (strcmp(digest, cl->digest)) {
		log_err("%s: its name, kernel and entries do not give its digest %s (they give %s): the list was changed",
			file, digest, cl->digest);
		free(digest);
		return -EINVAL;
	}
	free(digest);
	return 0;
}

/* PATH itself, PATH/.kbuild-pack-common, or the one
 * PATH/usr/src/DIR/.kbuild-pack-common (a part's root); NULL: none, or
 * several (printed). */
static char *find_list(const char *path)
{
	_cleanup_free_ char *in_dir = path_join(path, COMMON_LIST_NAME);
	_cleanup_free_ char *usr_src = path_join(path, "usr/src");
	DIR *d;
	struct dirent *de;
	char *found = NULL;

	if (path_is_reg(path))
		return xstrdup(path);
	if (path_is_reg(in_dir))
		return xstrdup(in_dir);
	d = opendir(usr_src);
	while (d && (de = readdir(d)) != NULL) {
		_cleanup_free_ char *dir = path_join(usr_src, de->d_name);
		_cleanup_free_ char *f = path_join(dir, COMMON_LIST_NAME);

		if (de->d_name[0] == '.' || !path_is_reg(f))
			continue;
		if (found) {
			log_err("%s holds several common parts (%s and %s): name one", path, found, f);
			free(found);
			found = NULL;
			break;
		}
		found = xstrdup(f);
	}
	if (d)
		closedir(d);
	return found;
}

int common_list_read(const char *path, struct common_list *cl)
{
	_cleanup_free_ char *file = find_list(path);
	_cleanup_free_ char *text = NULL, *err = NULL;
	size_t len;
	int r;

	memset(cl, 0, sizeof(*cl));
	if (!file) {
		log_err("%s: no common part here (no %s in it, nor in a usr/src/* directory below it)", path,
			COMMON_LIST_NAME);
		return -ENOENT;
	}
	r = read_control_file(file, 0, &text, &len, &err);
	if (r < 0) {
		log_err("cannot read %s", err);
		return r;
	}
	if (memchr(text, '\0', len)) {
		log_err("%s: not a kbuild-pack common part list (it holds a NUL byte)", file);
		return -EINVAL;
	}
	r = parse(file, text, cl);
	if (r < 0)
		common_list_release(cl);
	return r;
}

static int by_rel(const void *key, const void *elem)
{
	return strcmp(key, ((const struct common_file *)elem)->rel);
}

const struct common_file *common_list_find(const struct common_list *cl, const char *rel)
{
	return cl->n ? bsearch(rel, cl->v, cl->n, sizeof(*cl->v), by_rel) : NULL;
}

void common_list_release(struct common_list *cl)
{
	for (size_t i = 0; i < cl->n; i++) {
		free(cl->v[i].rel);
		free(cl->v[i].target);
	}
	free(cl->v);
	free(cl->name);
	free(cl->kernel);
	memset(cl, 0, sizeof(*cl));
}
