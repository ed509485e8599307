// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "rules/select.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "rules/walk.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/log.h"
#include "shared/path.h"
#include "shared/timespec.h"

/* A link whose target did not make it into the list becomes a copy, with
 * the mode a copy of its target gets. */
static int fix_links(struct filelist *fl)
{
	for (size_t i = 0; i < fl->n; i++) {
		struct pack_entry *e = fl->v[i];
		_cleanup_free_ char *res = NULL;
		struct pack_entry *tgt;
		struct stat st;

		if (e->type != ENTRY_LINK || e->keep_link)
			continue;
		res = path_resolve_link(e->rel, e->target);
		tgt = res ? filelist_find(fl, res) : NULL;
		if (tgt && tgt->type == ENTRY_FILE)
			continue;
		if (stat(e->abs, &st) < 0) {
			int r = -errno;
			log_err("%s: %s", e->abs, strerror(-r));
			return r;
		}
		e->type = ENTRY_FILE;
		free(e->target);
		e->target = NULL;
		e->mode = filelist_file_mode(st.st_mode);
	}
	return 0;
}

/* A directory that holds entries of the (sorted) list, as its walk up
 * meets it: its entry gets the origin of the last entry below it, and
 * src_rule_too when one before that came from the source tree. (The same
 * as one directory entry per entry below it, sorted and deduplicated,
 * without making and dropping tens of thousands.) */
struct open_dir {
	char *rel;
	size_t len;
	enum origin last;
	bool src_before;
};

static void close_dir(struct filelist *fl, struct open_dir *d)
{
	struct pack_entry *e = filelist_add(fl, d->rel, ENTRY_DIR);

	e->origin = d->last;
	e->src_rule_too = d->src_before;
	e->rule = "(directory)";
	e->mode = 0755;
	e->seq = 0;
	free(d->rel);
}

static void add_parent_dirs(struct filelist *fl)
{
	struct open_dir *open = NULL;
	size_t n = fl->n, depth = 0, cap = 0;

	for (size_t i = 0; i < n; i++) {
		const char *rel = fl->v[i]->rel;
		enum origin org = fl->v[i]->origin;
		size_t k = 0;

		/* the open directories that hold rel stay open */
		while (k < depth && !strncmp(rel, open[k].rel, open[k].len) && rel[open[k].len] == '/')
			k++;
		while (depth > k)
			close_dir(fl, &open[--depth]);
		for (const char *slash = strchr(rel + (depth ? open[depth - 1].len + 1 : 0), '/'); slash;
		     slash = strchr(slash + 1, '/')) {
			if (depth == cap) {
				cap = cap ? 2 * cap : 16;
				open = xrealloc(open, cap * sizeof(*open));
			}
			open[depth++] = (struct open_dir){ .rel = xstrndup(rel, (size_t)(slash - rel)),
							   .len = (size_t)(slash - rel), .last = org };
		}
		for (size_t j = 0; j < k; j++) {
			open[j].src_before |= open[j].last == ORIGIN_SRC;
			open[j].last = org;
		}
	}
	while (depth > 0)
		close_dir(fl, &open[--depth]);
	free(open);
}

/* kconfig writes autoconf.h a moment before auto.conf; make the copies
 * follow the manifests' mtime-order so no make rule ever sees a config
 * file newer than what was generated from it. */
static void apply_mtime_order(const struct manifest_set *ms, struct filelist *fl)
{
	struct pack_entry *prev = NULL;

	for (size_t i = 0; i < ms->nmtime_order; i++) {
		struct pack_entry *e = filelist_find(fl, ms->mtime_order[i]);

		if (!e)
			continue;
		if (prev && timespec_cmp(&e->mtime, &prev->mtime) < 0) {
			log_debug("%s: mtime raised to that of %s", e->rel, prev->rel);
			e->mtime = prev->mtime;
		}
		prev = e;
	}
}

/* What the key check found (walk.h) leaves the list, with the reason, in
 * the order of the selection: key material, and what could not be read to
 * clear it. */
static void drop_key_material(struct filelist *fl, const struct key_checks *keys)
{
	struct ptrarray gone = { 0 };

	for (size_t i = 0; i < keys->n; i++) {
		const struct key_check *k = &keys->v[i];

		if (k->found < 0)
			log_warn("not copying %s: cannot read it to check it for private key material: %s", k->e->abs,
				 filelist_open_strerror(k->found));
		else if (k->found > 0)
			log_warn("not copying private key material: %s", k->e->abs);
		if (k->found)
			ptrarray_push(&gone, k->e);
	}
	filelist_remove(fl, (struct pack_entry *const *)gone.v, gone.n);
	ptrarray_free(&gone, NULL);
}

int select_files(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
		 struct filelist *fl)
{
	struct key_checks keys = { 0 };
	int ret = walk_rules(t, ms, o, fl, &keys);

	if (ret == 0)
		drop_key_material(fl, &keys);
	free(keys.v);
	if (ret < 0)
		return ret;
	filelist_sort_dedup(fl);
	ret = fix_links(fl);
	if (ret < 0)
		return ret;
	apply_mtime_order(ms, fl);
	add_parent_dirs(fl);
	filelist_sort_dedup(fl);
	/* Directory times: the newest entry inside, clamped like the files. */
	for (size_t i = fl->n; i-- > 0;) {
		struct pack_entry *e = fl->v[i];
		if (e->type != ENTRY_DIR)
			continue;
		size_t l = strlen(e->rel);
		for (size_t j = i + 1; j < fl->n && !strncmp(fl->v[j]->rel, e->rel, l); j++) {
			/* "net.h" sorts between "net" and "net/...": skip such siblings. */
			if (fl->v[j]->rel[l] != '/')
				continue;
			if (timespec_cmp(&e->mtime, &fl->v[j]->mtime) < 0)
				e->mtime = fl->v[j]->mtime;
		}
	}
	return 0;
}
