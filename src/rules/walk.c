// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "rules/walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rules/secrets.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/glob.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/path.h"
#include "shared/strbuf.h"
#include "shared/timespec.h"
#include "shared/workqueue.h"

/* One include pattern of one rule, as it is walked. */
struct walk {
	const struct ktree *t;
	const struct select_opts *o;
	const struct rule *r;
	const char *root;    /* the tree the rule reads */
	int rootfd;          /* root, open (-1: it is not there) */
	char *pattern;       /* the expanded include pattern */
	struct ptrarray excl; /* the expanded rule + global excludes */
	bool fixed_mtime;    /* the files get mtime, not their own */
	struct timespec mtime;
	const struct secrets_sig *sig;
	struct workqueue *q;
};

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

/* A piece of the walk: the plan of the rules, one pattern, or one
 * directory. What it took and said, in order, and its sub-pieces at their
 * places: sub i comes after the first subs[i].at entries and the first
 * subs[i].log_at bytes of messages. */
struct part;
struct sub {
	size_t at, log_at;
	struct part *p;
};
struct part {
	struct walk *w;   /* NULL: the plan */
	bool is_pattern;  /* w's own piece: the pattern's count is checked after it */
	char *rel;        /* a directory's: where in the tree ("" the top) */
	int fd;           /* ... open, or -1: opened by rel */
	bool all;         /* ... every entry below it taken */
	struct dir_entry *ents; /* ... its entries, read already: a share of a large one */
	size_t nents;
	struct key_check *v;
	size_t n, cap;
	struct sub *subs;
	size_t nsubs, subcap;
	struct strbuf log;
	int ret;
};

static struct part *new_sub(struct part *p, struct walk *w)
{
	struct part *c = xcalloc(1, sizeof(*c));

	c->w = w;
	c->fd = -1;
	if (p->nsubs == p->subcap) {
		p->subcap = p->subcap ? 2 * p->subcap : 8;
		p->subs = xrealloc(p->subs, p->subcap * sizeof(*p->subs));
	}
	p->subs[p->nsubs++] = (struct sub){ .at = p->n, .log_at = p->log.len, .p = c };
	return c;
}

static void part_free(struct part *p)
{
	for (size_t i = 0; i < p->nsubs; i++)
		part_free(p->subs[i].p);
	for (size_t i = 0; i < p->n; i++)
		filelist_entry_free(p->v[i].e); /* what flatten did not take (NULL) */
	if (p->fd >= 0)
		close(p->fd);
	free(p->v);
	free(p->subs);
	free(p->rel);
	for (size_t i = 0; i < p->nents; i++)
		free(p->ents[i].name);
	free(p->ents);
	strbuf_release(&p->log);
	free(p);
}

static void put(struct part *p, struct pack_entry *e, int found)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 16;
		p->v = xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	p->v[p->n++] = (struct key_check){ .e = e, .found = found };
}

/* e, just taken: key material by what it is or is named, else by its
 * bytes (name in dfd, a link followed). */
static void take(struct part *p, struct pack_entry *e, const struct stat *st, int dfd, const char *name)
{
	int found = secrets_named_key(p->w->sig, e->rel, st);

	put(p, e, found ? found : secrets_file_has_key_at(dfd, name, st));
}

static struct pack_entry *file_entry(const struct walk *w, const char *rel, const char *abs, const struct stat *st)
{
	struct pack_entry *e = filelist_new_entry(rel, ENTRY_FILE);

	e->abs = xstrdup(abs);
	e->origin = w->r->from;
	e->rule = w->r->name;
	e->component = w->r->component;
	e->strip_debug = w->r->strip_debug;
	e->mode = filelist_file_mode(st->st_mode);
	e->size = st->st_size;
	e->mtime = timespec_clamp(w->fixed_mtime ? w->mtime : st->st_mtim, w->o->clamp_mtime);
	e->src = file_id_of(st);
	return e;
}

static struct pack_entry *link_entry(const struct walk *w, const char *rel, const char *abs, const char *target,
				     const struct stat *lst, const struct stat *st)
{
	struct pack_entry *e = filelist_new_entry(rel, ENTRY_LINK);

	e->target = xstrdup(target);
	e->abs = xstrdup(abs);
	e->origin = w->r->from;
	e->rule = w->r->name;
	e->component = w->r->component;
	e->strip_debug = w->r->strip_debug; /* made a copy later, it is stripped as one */
	e->mode = 0777;
	e->size = st->st_size;
	e->mtime = timespec_clamp(lst->st_mtim, w->o->clamp_mtime);
	e->src = file_id_of(st); /* its target's: made a copy, the target is read */
	return e;
}

/* A link whose target (resolved) is in neither tree is never followed: its
 * target could be any file of the host, /etc/shadow as well as /dev/zero. */
static int add_outside_link(struct part *p, const char *rel, const char *abs, const char *target, const char *real,
			    const struct stat *lst, const struct stat *st)
{
	bool same = !strcmp(target, real);
	struct pack_entry *e;

	if (!p->w->o->allow_outside_links) {
		log_err("%s -> %s%s%s: symlink out of the source and object trees; not following it (--allow-outside-links keeps such links as links)",
			abs, target, same ? "" : ", resolved to ", same ? "" : real);
		return -EPERM;
	}
	log_warn("%s -> %s: symlink out of the source and object trees kept as a link (--allow-outside-links)", abs, target);
	e = link_entry(p->w, rel, abs, target, lst, st);
	e->keep_link = true;
	put(p, e, 0); /* a link, never its bytes */
	return 0;
}

static int add_link(struct part *p, int dfd, const char *name, const char *rel, const char *abs, const struct stat *lst)
{
	const struct walk *w = p->w;
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
		return add_outside_link(p, rel, abs, target, real, lst, &st);
	if (!S_ISREG(st.st_mode))
		return 0; /* sockets, fifos, devices have no place in a build dir */
	res = path_resolve_link(rel, target);
	/* its target a key: neither the link nor a copy (select's drop_key_material) */
	if (res) /* made a copy later if its target is not selected */
		take(p, link_entry(w, rel, abs, target, lst, &st), &st, dfd, name);
	else /* into the other tree: a copy */
		take(p, file_entry(w, rel, abs, &st), &st, dfd, name);
	return 0;
}

/* A selected entry rel of the walked tree, named `name` in directory dfd. */
static int add_path(struct part *p, int dfd, const char *name, const char *rel, const struct stat *lst)
{
	_cleanup_free_ char *abs = path_join(p->w->root, rel);

	if (!S_ISREG(lst->st_mode) && !S_ISLNK(lst->st_mode))
		return 0; /* sockets, fifos, devices have no place in a build dir */
	/* The walk itself is relative to directory fds, but the sinks and the
	 * report open files by their absolute path. */
	if (strlen(abs) >= PATH_MAX) {
		log_err("%s: path longer than PATH_MAX (%d bytes): kbuild-pack cannot copy it", abs, PATH_MAX);
		return -ENAMETOOLONG;
	}
	if (S_ISLNK(lst->st_mode))
		return add_link(p, dfd, name, rel, abs, lst);
	take(p, file_entry(p->w, rel, abs, lst), lst, dfd, name);
	return 0;
}

/* Entries of one directory per piece at most: a directory of thousands
 * of headers (include/linux) is shared out too. */
#define WALK_SHARE 128

/* A large directory's entries, read, in pieces of WALK_SHARE for any
 * thread, each opening the directory again. */
static void share_out(struct part *p, struct dir_entry *ents, size_t n)
{
	for (size_t i = 0; i < n; i += WALK_SHARE) {
		struct part *c = new_sub(p, p->w);

		c->rel = xstrdup(p->rel);
		c->all = p->all;
		c->nents = n - i < WALK_SHARE ? n - i : WALK_SHARE;
		c->ents = xmalloc(c->nents * sizeof(*c->ents));
		memcpy(c->ents, ents + i, c->nents * sizeof(*c->ents));
		workqueue_add(p->w->q, c);
	}
	free(ents);
}

/* Walks the directory of p, open as dfd (which it closes): its files taken,
 * each directory to go into a piece of its own, read by whichever thread
 * is free. */
static int walk_dir(struct part *p, int dfd)
{
	struct walk *w = p->w;
	const char *rel = p->rel;
	DIR *d = fdopendir(dfd);
	struct dir_entry *ents = p->ents;
	size_t n = p->nents;
	int r = 0;

	if (!d) {
		r = -errno;
		close(dfd);
		log_err("%s/%s: cannot read directory: %s", w->root, rel, strerror(-r));
		return r;
	}
	if (!ents) {
		n = read_dir(d, &ents);
		if (n > WALK_SHARE) {
			closedir(d);
			share_out(p, ents, n);
			return 0;
		}
	}
	p->ents = NULL;
	p->nents = 0;
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
		m = p->all || glob_match(w->pattern, crel);
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
				struct part *c = new_sub(p, w);

				c->rel = xstrdup(crel);
				c->all = m;
				workqueue_add(w->q, c);
			}
		} else if (m) {
			r = add_path(p, dirfd(d), name, crel, &st);
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

/* The directory of p, which its parent found a directory, opened the same
 * way: in one call where the kernel has openat2 (Linux 5.6). */
static int open_part_dir(struct part *p)
{
	const struct walk *w = p->w;
	struct open_how how = { .flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC,
				.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS };
	long fd;

	if (p->fd >= 0) {
		int own = p->fd;
		p->fd = -1;
		return own;
	}
	if (w->rootfd >= 0) {
		fd = syscall(SYS_openat2, w->rootfd, p->rel, &how, sizeof(how));
		if (fd >= 0)
			return (int)fd;
	}
	/* no openat2 (ENOSYS, or EPERM from a seccomp filter that does not
	 * know it), a path longer than PATH_MAX, or a real failure, which
	 * this says the way the walk always said it */
	return open_dir_below(w->root, p->rel);
}

static void walk_task(struct workqueue *q, void *task)
{
	struct part *p = task;
	struct strbuf *outer = log_capture(&p->log);
	int fd = interrupted() ? -EINTR : open_part_dir(p);

	(void)q;
	if (fd == -EINTR) {
		p->ret = -EINTR;
	} else if (fd < 0) {
		p->ret = fd;
		log_err("%s/%s: cannot read directory: %s", p->w->root, p->rel, strerror(-fd));
	} else {
		p->ret = walk_dir(p, fd);
	}
	log_capture(outer);
}

/* The pattern of p: its literal part looked at here, what lies below it
 * left to the walk. */
static int apply_pattern(struct part *p)
{
	struct walk *w = p->w;
	_cleanup_free_ char *prefix = glob_literal_prefix(w->pattern);
	_cleanup_free_ char *parent = xstrdup(prefix);
	char *slash = strrchr(parent, '/');
	const char *name = slash ? slash + 1 : prefix;
	_cleanup_close_ int pfd = -1;
	struct stat st;
	struct part *c;
	int r;

	if (slash)
		*slash = '\0';
	else
		parent[0] = '\0';
	/* A missing parent, or a symlink in its place, is not followed: no match.
	 * Nor is there a file by a name longer than the file system takes. */
	pfd = open_dir_below(w->root, parent);
	if (pfd == -ENOENT || pfd == -ENOTDIR || pfd == -ELOOP || pfd == -ENAMETOOLONG)
		return 0;
	if (pfd < 0) {
		log_err("%s/%s: cannot read directory: %s", w->root, parent, strerror(-pfd));
		return pfd;
	}
	if (!*prefix) { /* the whole tree */
		c = new_sub(p, w);
		c->rel = xstrdup("");
		c->fd = pfd;
		pfd = -1;
		workqueue_add(w->q, c);
		return 0;
	}
	if (fstatat(pfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT || errno == ENAMETOOLONG)
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
		c = new_sub(p, w);
		c->rel = xstrdup(prefix);
		c->fd = fd;
		c->all = glob_match(w->pattern, prefix);
		workqueue_add(w->q, c);
		return 0;
	}
	if (glob_match(w->pattern, prefix))
		return add_path(p, pfd, name, prefix, &st);
	return 0;
}

/* The trees' roots, each open once for all the walks below it. */
struct roots {
	struct {
		char *path;
		int fd;
	} v[8];
	size_t n;
};

static int root_fd(struct roots *rs, const char *path)
{
	for (size_t i = 0; i < rs->n; i++)
		if (!strcmp(rs->v[i].path, path))
			return rs->v[i].fd;
	if (rs->n == ARRAY_SIZE(rs->v))
		return -1; /* the walks open by path, one directory after the other */
	rs->v[rs->n].path = xstrdup(path);
	rs->v[rs->n].fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return rs->v[rs->n++].fd;
}

struct plan {
	const struct ktree *t;
	const struct manifest_set *ms;
	const struct select_opts *o;
	struct secrets_sig sig;
	struct workqueue q;
	struct roots roots;
	struct ptrarray walks;
	struct part *top;
};

/* Each include pattern of rule r: its piece of the plan; stops at the
 * first that fails. */
static int plan_rule(struct plan *pl, const struct rule *r)
{
	const struct ktree *t = pl->t;
	_cleanup_free_ char *own = NULL;
	struct stat mk;
	bool fixed = false;
	int ret = 0;

	if (r->from == ORIGIN_TOOL) {
		/* kbuild-pack's own files: files/ beside the manifest that names
		 * them, as old as the tree's Makefile (not as their installation:
		 * two packs of one tree stay identical) */
		_cleanup_free_ char *mdir = path_dirname(r->file), *mkfile = path_join(t->src, "Makefile");
		own = path_join(mdir, "files");
		fixed = stat(mkfile, &mk) == 0;
	}
	for (size_t i = 0; ret == 0 && i < r->ninclude; i++) {
		struct walk *w = xcalloc(1, sizeof(*w));
		struct part *p;
		struct strbuf *outer;

		*w = (struct walk){ .t = t, .o = pl->o, .r = r, .sig = &pl->sig, .q = &pl->q, .fixed_mtime = fixed,
				    .mtime = fixed ? mk.st_mtim : (struct timespec){ 0 } };
		w->root = r->from == ORIGIN_TOOL ? xstrdup(own) : r->from == ORIGIN_OBJ ? t->obj : t->src;
		w->rootfd = root_fd(&pl->roots, w->root);
		w->pattern = manifest_expand(r->include[i], t->srcarch);
		w->excl = manifest_excludes(pl->ms, r, t->srcarch);
		ptrarray_push(&pl->walks, w);
		p = new_sub(pl->top, w);
		p->is_pattern = true;
		outer = log_capture(&p->log);
		p->ret = ret = interrupted() ? -EINTR : apply_pattern(p);
		log_capture(outer);
	}
	return ret;
}

/* After the walk of a pattern: what some configuration needs, this source
 * may not have. */
static int check_pattern(const struct walk *w, size_t matched, bool walked)
{
	const struct rule *r = w->r;
	int ret = 0;

	if (walked && r->required && !(w->o->any_config && r->nwhen) && matched == 0) {
		log_err("%s:%u:%u: required rule '%s' matched nothing for '%s' in %s", r->file, r->line, r->column,
			r->name, w->pattern, w->root);
		ret = -ENOENT;
	}
	log_debug("rule %s: %s: %zu files", r->name, w->pattern, matched);
	return ret;
}

/* p's entries and messages, with its subs' at their places, into fl and
 * keys and said, in order; stops at the first failure. *taken counts the
 * entries. */
static int flatten(struct part *p, struct filelist *fl, struct key_checks *keys, size_t *taken)
{
	size_t e = 0, l = 0, before = *taken;
	int r = 0;

	for (size_t i = 0; r == 0 && i <= p->nsubs; i++) {
		size_t at = i < p->nsubs ? p->subs[i].at : p->n;
		size_t log_at = i < p->nsubs ? p->subs[i].log_at : p->log.len;

		if (log_at > l) /* no messages: no buffer (NULL + 0 is undefined) */
			log_replay(p->log.s + l, log_at - l);
		l = log_at;
		for (; e < at; e++) {
			if (keys->n == keys->cap) {
				keys->cap = keys->cap ? 2 * keys->cap : 1024;
				keys->v = xrealloc(keys->v, keys->cap * sizeof(*keys->v));
			}
			keys->v[keys->n++] = p->v[e];
			filelist_append(fl, p->v[e].e);
			p->v[e].e = NULL;
			(*taken)++;
		}
		if (i < p->nsubs)
			r = flatten(p->subs[i].p, fl, keys, taken);
	}
	if (r == 0)
		r = p->ret;
	if (p->is_pattern) {
		int c = check_pattern(p->w, *taken - before, r == 0);
		r = r ? r : c;
	}
	return r;
}

static void walk_free(void *p)
{
	struct walk *w = p;

	if (w->r->from == ORIGIN_TOOL)
		free((char *)w->root);
	free(w->pattern);
	ptrarray_free(&w->excl, free);
	free(w);
}

int walk_rules(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
	       struct filelist *fl, struct key_checks *keys)
{
	struct plan pl = { .t = t, .ms = ms, .o = o, .top = xcalloc(1, sizeof(*pl.top)) };
	struct strbuf *outer;
	size_t taken = 0;
	int r = 0;

	pl.top->fd = -1;
	secrets_sig_init(&pl.sig, t);
	workqueue_init(&pl.q, walk_task, NULL);
	/* The plan, here: what each rule's patterns name at their top. */
	for (size_t i = 0; r == 0 && i < ms->nrules; i++) {
		const struct rule *rule = ms->rules[i];

		outer = log_capture(&pl.top->log);
		if (interrupted())
			r = pl.top->ret = -EINTR;
		else if (o->any_config ? !rule_in_kernel(rule, t->version, t->patchlevel)
				       : !rule_applies(rule, &t->config, t->version, t->patchlevel))
			log_debug("rule %s: condition not met", rule->name);
		else
			r = plan_rule(&pl, rule);
		log_capture(outer);
	}
	/* The directories below, on every CPU. */
	workqueue_run(&pl.q);
	r = flatten(pl.top, fl, keys, &taken);
	part_free(pl.top);
	ptrarray_free(&pl.walks, walk_free);
	for (size_t i = 0; i < pl.roots.n; i++) {
		if (pl.roots.v[i].fd >= 0)
			close(pl.roots.v[i].fd);
		free(pl.roots.v[i].path);
	}
	workqueue_release(&pl.q);
	return r;
}
