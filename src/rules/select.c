// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "rules/select.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "shared/glob.h"
#include "rules/secrets.h"
#include "shared/log.h"
#include "shared/datadir.h"
#include "shared/timespec.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/path.h"
#include "shared/interrupt.h"
#include "shared/strbuf.h"
#include "shared/workers.h"

struct walk {
	const struct ktree *t;
	const struct select_opts *o;
	const struct rule *r;
	const char *root;       /* tree the rule reads */
	const char *pattern;    /* expanded include pattern */
	struct ptrarray excl;   /* expanded rule + global excludes */
	struct filelist *fl;
	size_t matched;
	const struct timespec *mtime; /* what the files get, if not their own */
	const struct secrets_sig *sig;
	struct key_checks *keys;
};

/* The key check of the selected files, in the order of the selection: by
 * what a file is or is named during the walk (found 1), by its bytes after
 * it, for all of them at once (drop_key_material). */
struct key_check {
	struct pack_entry *e;
	int found; /* 1: key material, 0: not (yet), negative errno: unreadable */
};
struct key_checks {
	struct key_check *v;
	size_t n, cap;
};

static void key_checks_grow(struct key_checks *k, size_t more)
{
	if (k->n + more <= k->cap)
		return;
	k->cap = k->n + more > 2 * k->cap ? k->n + more : 2 * k->cap;
	k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
}

/* e, just selected (rel; st: its stat, a link followed), to be checked. */
static void check_for_key(struct walk *w, struct pack_entry *e, const struct stat *st)
{
	struct key_checks *k = w->keys;

	key_checks_grow(k, 1);
	k->v[k->n++] = (struct key_check){ .e = e, .found = secrets_named_key(w->sig, e->rel, st) };
}

static struct pack_entry *add_file_entry(struct walk *w, const char *rel, const char *abs, const struct stat *st)
{
	struct pack_entry *e = filelist_add(w->fl, rel, ENTRY_FILE);

	e->abs = xstrdup(abs);
	e->origin = w->r->from;
	e->rule = w->r->name;
	e->component = w->r->component;
	e->strip_debug = w->r->strip_debug;
	e->mode = filelist_file_mode(st->st_mode);
	e->size = st->st_size;
	e->mtime = timespec_clamp(w->mtime ? *w->mtime : st->st_mtim, w->o->clamp_mtime);
	w->matched++;
	return e;
}

static struct pack_entry *add_link_entry(struct walk *w, const char *rel, const char *abs, const char *target,
					 const struct stat *lst, const struct stat *st)
{
	struct pack_entry *e = filelist_add(w->fl, rel, ENTRY_LINK);

	e->target = xstrdup(target);
	e->abs = xstrdup(abs);
	e->origin = w->r->from;
	e->rule = w->r->name;
	e->component = w->r->component;
	e->strip_debug = w->r->strip_debug; /* made a copy later, it is stripped as one */
	e->mode = 0777;
	e->size = st->st_size;
	e->mtime = timespec_clamp(lst->st_mtim, w->o->clamp_mtime);
	w->matched++;
	return e;
}

/* A link whose target (resolved) is in neither tree is never followed: its
 * target could be any file of the host, /etc/shadow as well as /dev/zero. */
static int add_outside_link(struct walk *w, const char *rel, const char *abs, const char *target, const char *real,
			    const struct stat *lst, const struct stat *st)
{
	bool same = !strcmp(target, real);

	if (!w->o->allow_outside_links) {
		log_err("%s -> %s%s%s: symlink out of the source and object trees; not following it (--allow-outside-links keeps such links as links)",
			abs, target, same ? "" : ", resolved to ", same ? "" : real);
		return -EPERM;
	}
	log_warn("%s -> %s: symlink out of the source and object trees kept as a link (--allow-outside-links)", abs, target);
	add_link_entry(w, rel, abs, target, lst, st)->keep_link = true;
	return 0;
}

static int add_link(struct walk *w, int dfd, const char *name, const char *rel, const char *abs, const struct stat *lst)
{
	char target[PATH_MAX];
	ssize_t n = readlinkat(dfd, name, target, sizeof(target));
	_cleanup_free_ char *real = NULL, *res = NULL;
	struct stat st;

	if (n < 0 || (size_t)n >= sizeof(target)) {
		int r = n < 0 ? -errno : -ENAMETOOLONG;
		log_err("%s: cannot read the symlink: %s", abs, strerror(-r));
		return r;
	}
	target[n] = '\0';
	if (fstatat(dfd, name, &st, 0) < 0) {
		log_warn("skipping dangling symlink %s -> %s", abs, target);
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		log_debug("not following directory symlink %s", abs);
		return 0;
	}
	real = realpath(abs, NULL);
	if (!real) {
		int r = -errno;
		log_err("%s -> %s: cannot resolve the symlink: %s", abs, target, strerror(-r));
		return r;
	}
	if (!path_is_below(real, w->t->src) && !path_is_below(real, w->t->obj))
		return add_outside_link(w, rel, abs, target, real, lst, &st);
	if (!S_ISREG(st.st_mode))
		return 0; /* sockets, fifos, devices have no place in a build dir */
	res = path_resolve_link(rel, target);
	/* its target a key: neither the link nor a copy (drop_key_material) */
	if (res) /* made a copy later if its target is not selected */
		check_for_key(w, add_link_entry(w, rel, abs, target, lst, &st), &st);
	else /* into the other tree: a copy */
		check_for_key(w, add_file_entry(w, rel, abs, &st), &st);
	return 0;
}

/* A selected entry rel of the walked tree, named `name` in directory dfd. */
static int add_path(struct walk *w, int dfd, const char *name, const char *rel, const struct stat *lst)
{
	_cleanup_free_ char *abs = path_join(w->root, rel);

	if (!S_ISREG(lst->st_mode) && !S_ISLNK(lst->st_mode))
		return 0; /* sockets, fifos, devices have no place in a build dir */
	/* The walk itself is relative to directory fds, but the sinks, the key
	 * check and the report open files by their absolute path. */
	if (strlen(abs) >= PATH_MAX) {
		log_err("%s: path longer than PATH_MAX (%d bytes): kbuild-pack cannot copy it", abs, PATH_MAX);
		return -ENAMETOOLONG;
	}
	if (S_ISLNK(lst->st_mode))
		return add_link(w, dfd, name, rel, abs, lst);
	check_for_key(w, add_file_entry(w, rel, abs, lst), lst);
	return 0;
}

/* A directory's entries, sorted bytewise, with their types (DT_UNKNOWN
 * where the file system does not say). The type spares a stat of what
 * the walk does not take: in an object tree, most of it. */
struct dir_entry {
	char *name;
	unsigned char type;
};

static int by_entry_name(const void *a, const void *b)
{
	return strcmp(((const struct dir_entry *)a)->name, ((const struct dir_entry *)b)->name);
}

static size_t read_dir(DIR *d, struct dir_entry **v)
{
	struct dirent *de;
	size_t n = 0;

	*v = NULL;
	while ((de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n % 64 == 0)
			*v = xrealloc(*v, (n + 64) * sizeof(**v));
		(*v)[n++] = (struct dir_entry){ .name = xstrdup(de->d_name), .type = de->d_type };
	}
	if (n)
		qsort(*v, n, sizeof(**v), by_entry_name);
	return n;
}

/* Walks directory dfd (rel in the tree), which it closes. */
static int walk_dir(struct walk *w, int dfd, const char *rel, bool all)
{
	DIR *d = fdopendir(dfd);
	struct dir_entry *ents = NULL;
	size_t n = 0;
	int r = 0;

	if (!d) {
		r = -errno;
		close(dfd);
		log_err("%s/%s: cannot read directory: %s", w->root, rel, strerror(-r));
		return r;
	}
	n = read_dir(d, &ents);
	for (size_t i = 0; r == 0 && i < n; i++) {
		const char *name = ents[i].name;
		_cleanup_free_ char *crel = *rel ? xasprintf("%s/%s", rel, name) : xstrdup(name);
		struct stat st;
		bool m;

		if (interrupted()) {
			r = -EINTR;
			break;
		}
		if (glob_match_any(&w->excl, crel))
			continue;
		m = all || glob_match(w->pattern, crel);
		/* neither taken nor a directory to go into: no stat */
		if (!m && ents[i].type != DT_DIR && ents[i].type != DT_UNKNOWN)
			continue;
		if (!m && ents[i].type == DT_DIR && !glob_may_match_below(w->pattern, crel))
			continue;
		if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			r = errno == ENOENT ? 0 : -errno; /* ENOENT: removed since readdir */
			if (r < 0)
				log_err("%s/%s: %s", w->root, crel, strerror(-r));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			if (m || glob_may_match_below(w->pattern, crel)) {
				int cfd = openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
				r = cfd < 0 ? -errno : walk_dir(w, cfd, crel, m);
				if (cfd < 0)
					log_err("%s/%s: cannot read directory: %s", w->root, crel, strerror(-r));
			}
		} else if (m) {
			r = add_path(w, dirfd(d), name, crel, &st);
		}
	}
	closedir(d);
	for (size_t i = 0; i < n; i++)
		free(ents[i].name);
	free(ents);
	return r;
}

/* Opens root/rel, a directory, without following a symlink on the way. */
static int open_dir_below(const char *root, const char *rel)
{
	_cleanup_free_ char *segs = xstrdup(rel);
	char *save = NULL;
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	for (char *seg = strtok_r(segs, "/", &save); fd >= 0 && seg; seg = strtok_r(NULL, "/", &save)) {
		int next = openat(fd, seg, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		fd = next;
	}
	return fd < 0 ? -errno : fd;
}

static int apply_pattern(struct walk *w)
{
	_cleanup_free_ char *prefix = glob_literal_prefix(w->pattern);
	_cleanup_free_ char *parent = xstrdup(prefix);
	char *slash = strrchr(parent, '/');
	const char *name = slash ? slash + 1 : prefix;
	_cleanup_close_ int pfd = -1;
	struct stat st;
	int r;

	if (slash)
		*slash = '\0';
	else
		parent[0] = '\0';
	/* A missing parent, or a symlink in its place, is not followed: no match. */
	pfd = open_dir_below(w->root, parent);
	if (pfd == -ENOENT || pfd == -ENOTDIR || pfd == -ELOOP)
		return 0;
	if (pfd < 0) {
		log_err("%s/%s: cannot read directory: %s", w->root, parent, strerror(-pfd));
		return pfd;
	}
	if (!*prefix) { /* the whole tree */
		int fd = pfd;
		pfd = -1;
		return walk_dir(w, fd, "", false);
	}
	if (fstatat(pfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return 0;
		r = -errno;
		log_err("%s/%s: %s", w->root, prefix, strerror(-r));
		return r;
	}
	/* A path named literally is taken even where an exclude would drop it. */
	if (glob_has_magic(w->pattern) && glob_match_any(&w->excl, prefix))
		return 0;
	if (S_ISDIR(st.st_mode)) {
		int fd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0) {
			r = -errno;
			log_err("%s/%s: cannot read directory: %s", w->root, prefix, strerror(-r));
			return r;
		}
		return walk_dir(w, fd, prefix, glob_match(w->pattern, prefix));
	}
	if (glob_match(w->pattern, prefix))
		return add_path(w, pfd, name, prefix, &st);
	return 0;
}

static int apply_rule(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
		      const struct secrets_sig *sig, struct key_checks *keys, const struct rule *r,
		      struct filelist *fl)
{
	struct walk w = { .t = t, .o = o, .r = r, .fl = fl, .sig = sig, .keys = keys };
	_cleanup_free_ char *own = NULL;
	struct stat mk;
	int ret = 0;

	if (r->from == ORIGIN_TOOL) {
		/* kbuild-pack's own files: files/ beside the manifest that names
		 * them, as old as the tree's Makefile (not as their installation:
		 * two packs of one tree stay identical) */
		_cleanup_free_ char *mdir = path_dirname(r->file), *mkfile = path_join(t->src, "Makefile");
		own = path_join(mdir, "files");
		if (stat(mkfile, &mk) == 0)
			w.mtime = &mk.st_mtim;
	}
	w.root = r->from == ORIGIN_TOOL ? own : r->from == ORIGIN_OBJ ? t->obj : t->src;
	w.excl = manifest_excludes(ms, r, t->srcarch);
	for (size_t i = 0; ret == 0 && i < r->ninclude; i++) {
		_cleanup_free_ char *pat = manifest_expand(r->include[i], t->srcarch);
		size_t before = w.matched;

		w.pattern = pat;
		ret = interrupted() ? -EINTR : apply_pattern(&w);
		/* what some configuration needs, this source may not have */
		if (ret == 0 && r->required && !(o->any_config && r->nwhen) && w.matched == before) {
			log_err("%s:%u:%u: required rule '%s' matched nothing for '%s' in %s", r->file, r->line,
				r->column, r->name, pat, w.root);
			ret = -ENOENT;
		}
		log_debug("rule %s: %s: %zu files", r->name, pat, w.matched - before);
	}
	ptrarray_free(&w.excl, free);
	return ret;
}

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

static void add_parent_dirs(struct filelist *fl)
{
	size_t n = fl->n;

	for (size_t i = 0; i < n; i++) {
		_cleanup_free_ char *d = xstrdup(fl->v[i]->rel);
		enum origin org = fl->v[i]->origin;
		char *slash;

		while ((slash = strrchr(d, '/')) != NULL) {
			struct pack_entry *e;
			*slash = '\0';
			e = filelist_add(fl, d, ENTRY_DIR);
			e->origin = org;
			e->rule = "(directory)";
			e->mode = 0755;
			e->seq = 0; /* identical duplicates: any one may stay */
		}
	}
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

static int read_for_key(void *arg, size_t i)
{
	struct key_check *k = &((struct key_check *)arg)[i];

	if (!k->found)
		k->found = secrets_file_has_key(k->e->abs);
	return 0;
}

/* The key check's reads, of every selected file (and link target) at once,
 * on every CPU; what holds key material, or cannot be read to clear it,
 * leaves the list, with the reason, in the order of the selection. */
static int drop_key_material(struct filelist *fl, struct key_checks *keys)
{
	struct ptrarray gone = { 0 };
	int r = workers_run(keys->n, read_for_key, keys->v);

	for (size_t i = 0; r == 0 && i < keys->n; i++) {
		const struct key_check *k = &keys->v[i];

		if (k->found < 0)
			log_warn("not copying %s: cannot read it to check it for private key material: %s", k->e->abs,
				 strerror(-k->found));
		else if (k->found > 0)
			log_warn("not copying private key material: %s", k->e->abs);
		if (k->found)
			ptrarray_push(&gone, k->e);
	}
	if (r == 0)
		filelist_remove(fl, (struct pack_entry *const *)gone.v, gone.n);
	ptrarray_free(&gone, NULL);
	return r;
}

/* One rule's part of the selection: made on any thread, its entries, their
 * key checks and its messages are put together in the rules' order, as if
 * the rules had been walked one after the other. */
struct rule_pick {
	struct filelist fl;
	struct key_checks keys;
	struct strbuf log;
	int ret; /* PICK_NOT_RUN: not walked (another failed first) */
};
#define PICK_NOT_RUN 1

struct picking {
	const struct ktree *t;
	const struct manifest_set *ms;
	const struct select_opts *o;
	const struct secrets_sig *sig;
	struct rule_pick *picks;
};

static int pick_rule(void *arg, size_t i)
{
	struct picking *p = arg;
	struct rule_pick *k = &p->picks[i];
	const struct rule *r = p->ms->rules[i];

	log_capture(&k->log);
	if (interrupted()) {
		k->ret = -EINTR;
	} else if (p->o->any_config ? !rule_in_kernel(r, p->t->version, p->t->patchlevel)
				    : !rule_applies(r, &p->t->config, p->t->version, p->t->patchlevel)) {
		log_debug("rule %s: condition not met", r->name);
		k->ret = 0;
	} else {
		k->ret = apply_rule(p->t, p->ms, p->o, p->sig, &k->keys, r, &k->fl);
	}
	log_capture(NULL);
	return k->ret;
}

static void take_key_checks(struct key_checks *to, struct key_checks *from)
{
	key_checks_grow(to, from->n);
	if (from->n)
		memcpy(to->v + to->n, from->v, from->n * sizeof(*from->v));
	to->n += from->n;
	free(from->v);
	*from = (struct key_checks){ 0 };
}

/* The rules' walks, on every CPU, their results in the rules' order up to
 * the first that failed. */
static int pick_all(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
		    const struct secrets_sig *sig, struct key_checks *keys, struct filelist *fl)
{
	struct picking p = { .t = t, .ms = ms, .o = o, .sig = sig, .picks = xcalloc(ms->nrules, sizeof(*p.picks)) };
	int ret = 0;

	for (size_t i = 0; i < ms->nrules; i++)
		p.picks[i].ret = PICK_NOT_RUN;
	workers_run_each(ms->nrules, pick_rule, &p);
	for (size_t i = 0; ret == 0 && i < ms->nrules; i++) {
		struct rule_pick *k = &p.picks[i];

		if (k->ret == PICK_NOT_RUN)
			pick_rule(&p, i);
		log_print_captured(&k->log);
		ret = k->ret;
		if (ret == 0) {
			filelist_take(fl, &k->fl);
			take_key_checks(keys, &k->keys);
		}
	}
	for (size_t i = 0; i < ms->nrules; i++) {
		filelist_release(&p.picks[i].fl);
		free(p.picks[i].keys.v);
		strbuf_release(&p.picks[i].log);
	}
	free(p.picks);
	return ret;
}

int select_files(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
		 struct filelist *fl)
{
	struct key_checks keys = { 0 };
	struct secrets_sig sig;
	int ret;

	secrets_sig_init(&sig, t);
	ret = pick_all(t, ms, o, &sig, &keys, fl);
	if (ret == 0)
		ret = drop_key_material(fl, &keys);
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
