// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "inspect/packed-tree.h"

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/path.h"
#include "shared/fileio.h"
#include "shared/fs.h"
#include "shared/name.h"
#include "shared/sha256.h"
#include "shared/str.h"
#include "shared/scratch.h"
#include "kernel/tree.h"
#include "sink/sink.h"

/* lstat, not stat: what an archive holds is never followed out of it. */
static bool real_dir(const char *p)
{
	struct stat st;
	return lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_split_flavour(const char *dir)
{
	_cleanup_free_ char *common = NULL, *digest = NULL;

	return packed_split_common(dir, NULL, &common, &digest) == 0 && common;
}

/* Where a DESTDIR keeps its kernels' module directories: merged /usr
 * (forky, or dpkg --root into an empty root) has only usr/lib/modules. */
static const char *const module_dirs[] = { "lib/modules", "usr/lib/modules" };

/* In an archive extracted to path: dir and each of its parents real
 * directories ("lib -> /" would make verify read the whole host). */
static bool real_dirs(const char *path, const char *dir)
{
	_cleanup_free_ char *d = xstrdup(dir);

	for (char *slash = d;; slash++) {
		slash = strchr(slash, '/');
		if (slash)
			*slash = '\0';
		_cleanup_free_ char *p = path_join(path, d);
		if (!real_dir(p))
			return false;
		if (!slash)
			return true;
		*slash = '/';
	}
}

struct found_builds {
	struct ptrarray build, names, dirs; /* dirs: the module directories read, resolved */
	char *dangling;                     /* the first build link that leads to nothing in a DESTDIR */
};

/* The build directories of one module directory md of path. A DESTDIR is a
 * closed world: its links are resolved inside it, as in a chroot (so a link
 * never leads verify to a tree elsewhere on this machine). */
static int scan_module_dir(const char *path, const char *archive, const char *md, struct found_builds *f)
{
	_cleanup_free_ char *res = archive ? xstrdup(md) : path_resolve_in_root(path, md);
	_cleanup_free_ char *mods = NULL;
	struct dirent *de;
	DIR *d;

	if (!res)
		return 0;
	mods = path_join(path, res);
	if (archive ? !real_dirs(path, md) : !path_is_dir(mods))
		return 0;
	for (size_t i = 0; i < f->dirs.n; i++)
		if (!strcmp(f->dirs.v[i], res)) /* lib -> usr/lib: read once */
			return 0;
	ptrarray_push(&f->dirs, xstrdup(res));
	d = opendir(mods);
	while (d && (de = readdir(d)) != NULL) {
		_cleanup_free_ char *rel = path_join(mods, de->d_name);
		_cleanup_free_ char *link = xasprintf("%s/%s/build", md, de->d_name);
		_cleanup_free_ char *at = path_join(path, link);
		_cleanup_free_ char *bres = NULL;
		char *b;
		struct stat st;

		if (de->d_name[0] == '.' || !(archive ? real_dir(rel) : path_is_dir(rel)) || lstat(at, &st) < 0)
			continue;
		if (archive) {
			if (!real_dir(at)) {
				log_err("%s: %s is not a directory (a link in an archive is never followed)", archive, link);
				closedir(d);
				return -ENOTDIR;
			}
			b = xstrdup(at);
		} else {
			bres = path_resolve_in_root(path, link);
			b = bres ? path_join(path, bres) : NULL;
			if (!b || !path_is_dir(b)) {
				if (!f->dangling)
					f->dangling = bres ? xasprintf("%s leads to /%s, which %s does not hold", link, bres, path)
							   : xasprintf("%s is a loop of links", link);
				free(b);
				continue;
			}
		}
		ptrarray_push(&f->build, b);
		ptrarray_push(&f->names, xstrdup(de->d_name));
	}
	if (d)
		closedir(d);
	return 0;
}

/* PATH itself when it is a kernel tree, else its only
 * {,usr/}lib/modules/<release>/build. */
static int find_build_dir(const char *path, const char *archive, char **build, char **release_dir)
{
	struct found_builds f = { 0 };
	int r = 0;

	if (!ktree_missing_mark(path, archive ? KTREE_NOFOLLOW : 0) || (!archive && is_split_flavour(path))) {
		*build = xstrdup(path);
		return 0;
	}
	for (size_t i = 0; r == 0 && i < ARRAY_SIZE(module_dirs); i++)
		r = scan_module_dir(path, archive, module_dirs[i], &f);
	if (r == 0 && f.build.n != 1) {
		r = f.build.n ? -EINVAL : -ENOENT;
		if (f.build.n == 0 && f.dangling)
			log_err("%s: %s", archive ? archive : path, f.dangling);
		else if (f.build.n == 0)
			log_err("%s: neither a build directory (no %s) nor a tree holding lib/modules/<release>/build",
				archive ? archive : path, ktree_missing_mark(path, archive ? KTREE_NOFOLLOW : 0));
		else
			log_err("%s holds %zu build directories (lib/modules/*/build); name one", archive ? archive : path,
				f.build.n);
	}
	if (r == 0) {
		*build = f.build.v[0];
		*release_dir = f.names.v[0];
		free(f.build.v);
		free(f.names.v);
	} else {
		ptrarray_free(&f.build, free);
		ptrarray_free(&f.names, free);
	}
	ptrarray_free(&f.dirs, free);
	free(f.dangling);
	return r;
}

/* Refused in an archive: extracting them would create device nodes, or
 * FIFOs that hang whoever reads them. A build directory has none. */
static const char *special_type(const struct archive_entry *ae)
{
	switch (archive_entry_filetype((struct archive_entry *)ae)) {
	case AE_IFCHR:
		return "a character device";
	case AE_IFBLK:
		return "a block device";
	case AE_IFIFO:
		return "a FIFO";
	case AE_IFSOCK:
		return "a socket";
	default:
		return NULL;
	}
}

static char *size_text(uint64_t v)
{
	static const char *const units[] = { "GiB", "MiB", "KiB" };

	for (int i = 0; i < 3; i++)
		if (v && v % (1ull << (30 - 10 * i)) == 0)
			return xasprintf("%" PRIu64 " %s", v >> (30 - 10 * i), units[i]);
	return xasprintf("%" PRIu64 " bytes", v);
}

/* What an archive may still make: bytes (its data, and PACKED_ENTRY_COST
 * plus the name and link target of each entry and of each directory made
 * above one) and entries. */
struct budget {
	uint64_t max, used, max_entries, entries;
	char *dir; /* the directory the last entry was made in (or was) */
};

static int too_big(const char *file, const struct budget *b)
{
	_cleanup_free_ char *max = size_text(b->max);

	log_err("%s: extracts to more than %s; refusing it (see --max-extract-size)", file, max);
	return -EFBIG;
}

static int charge(const char *file, struct budget *b, uint64_t bytes)
{
	if (bytes > b->max - b->used)
		return too_big(file, b);
	b->used += bytes;
	return 0;
}

static int charge_entry(const char *file, struct budget *b, uint64_t bytes)
{
	if (b->entries >= b->max_entries) {
		log_err("%s: holds more than %" PRIu64 " entries; refusing it (see --max-extract-entries)", file,
			b->max_entries);
		return -EFBIG;
	}
	b->entries++;
	return charge(file, b, PACKED_ENTRY_COST + bytes);
}

/* Charges the directories of dir that b->dir does not pass through: the
 * ones extracting an entry there may make (libarchive makes the missing
 * parents of every path). Sorted, as a pack writes them, each directory
 * is charged once; 100 levels below a new top cost 100 entries. */
static int charge_dirs(const char *file, struct budget *b, const char *dir)
{
	const char *prev = b->dir ? b->dir : "";
	size_t i = 0, keep = 0;
	int r = 0;

	for (; dir[i] && dir[i] == prev[i]; i++)
		if (dir[i] == '/')
			keep = i + 1;
	if (!dir[i] && (!prev[i] || prev[i] == '/'))
		return 0; /* dir is b->dir or above it */
	for (const char *s = dir + keep; r == 0 && *s;) {
		size_t l = strcspn(s, "/");

		r = charge_entry(file, b, l);
		s += l + (s[l] == '/');
	}
	return r;
}

/* An entry's cost before anything of it is made: the directories above
 * it, a header, its name and link target; its data is charged as it is
 * read (the size in a header can lie), but a size said too big is
 * refused here already. */
static int charge_header(const char *file, struct budget *b, struct archive_entry *ae)
{
	const char *link = archive_entry_hardlink(ae) ? archive_entry_hardlink(ae) : archive_entry_symlink(ae);
	bool is_dir = archive_entry_filetype(ae) == AE_IFDIR;
	_cleanup_free_ char *name = xstrdup(archive_entry_pathname(ae));
	_cleanup_free_ char *parent = NULL;
	size_t l = strlen(name);
	const char *slash;
	int r;

	while (l > 1 && name[l - 1] == '/')
		name[--l] = '\0';
	slash = strrchr(name, '/');
	parent = xstrndup(name, slash ? (size_t)(slash - name) : 0);
	r = charge_dirs(file, b, parent);
	if (r == 0)
		r = charge_entry(file, b, (uint64_t)l + (link ? strlen(link) : 0));
	if (r == 0 && archive_entry_size_is_set(ae) && (uint64_t)archive_entry_size(ae) > b->max - b->used)
		r = too_big(file, b);
	if (r == 0) {
		/* where the next entry's parents are made from */
		free(b->dir);
		if (is_dir) {
			b->dir = name;
			name = NULL;
		} else {
			b->dir = parent;
			parent = NULL;
		}
	}
	return r;
}

static int extract(const char *file, const char *dir, const struct packed_opts *o)
{
	struct archive *in = archive_read_new(), *out = archive_write_disk_new();
	struct archive_entry *ae;
	struct budget b = { .max = o && o->max_extract_size ? o->max_extract_size : PACKED_MAX_EXTRACT_DEFAULT,
			    .max_entries = o && o->max_extract_entries ? o->max_extract_entries
								     : PACKED_MAX_ENTRIES_DEFAULT };
	int r = 0, ar;

	archive_read_support_format_all(in);
	archive_read_support_filter_all(in);
	/* Keep what the archive says (times, modes) but let nothing land outside dir. */
	archive_write_disk_set_options(out, ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_PERM |
						    ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT);
	if (archive_read_open_filename(in, file, 1 << 16) != ARCHIVE_OK) {
		log_err("%s: %s", file, archive_error_string(in));
		r = -EINVAL;
		goto out;
	}
	while ((ar = archive_read_next_header(in, &ae)) == ARCHIVE_OK) {
		_cleanup_free_ char *p = path_join(dir, archive_entry_pathname(ae));
		const char *hl = archive_entry_hardlink(ae);
		_cleanup_free_ char *hp = hl ? path_join(dir, hl) : NULL;
		const void *buf;
		size_t len;
		la_int64_t off;

		if (interrupted()) {
			r = -EINTR;
			goto out;
		}
		/* Checked here, as the prefix makes every path absolute for libarchive's own check. */
		if (archive_entry_pathname(ae)[0] == '/' || (hl && hl[0] == '/')) {
			log_err("%s: entry with an absolute path: %s", file, archive_entry_pathname(ae));
			r = -EINVAL;
			goto out;
		}
		if (!hl && special_type(ae)) {
			log_err("%s: %s is %s; refusing the archive (a build directory holds only files, directories and links)",
				file, archive_entry_pathname(ae), special_type(ae));
			r = -EINVAL;
			goto out;
		}
		r = charge_header(file, &b, ae);
		if (r < 0)
			goto out;
		/* A directory stays writable for its owner, so the scratch tree
		 * can be removed without root; verify reads no directory mode. */
		if (archive_entry_filetype(ae) == AE_IFDIR)
			archive_entry_set_perm(ae, archive_entry_perm(ae) | 0700);
		archive_entry_set_pathname(ae, p);
		if (hp)
			archive_entry_set_hardlink(ae, hp);
		if (archive_write_header(out, ae) < ARCHIVE_WARN) {
			log_err("%s: cannot extract %s: %s", file, p, archive_error_string(out));
			r = -EIO;
			goto out;
		}
		while ((ar = archive_read_data_block(in, &buf, &len, &off)) == ARCHIVE_OK) {
			if (interrupted()) {
				r = -EINTR;
				goto out;
			}
			r = charge(file, &b, len);
			if (r < 0)
				goto out;
			if (archive_write_data_block(out, buf, len, off) < ARCHIVE_OK) {
				log_err("%s: cannot write %s: %s", file, p, archive_error_string(out));
				r = -EIO;
				goto out;
			}
		}
		if (ar != ARCHIVE_EOF) {
			log_err("%s: %s", file, archive_error_string(in));
			r = -EIO;
			goto out;
		}
		archive_write_finish_entry(out);
	}
	if (ar != ARCHIVE_EOF) {
		log_err("%s: %s", file, archive_error_string(in));
		r = -EINVAL;
	}
out:
	/* On -EINTR the command prints the one "interrupted" message. */
	archive_write_close(out);
	archive_write_free(out);
	archive_read_free(in);
	free(b.dir);
	return r;
}

int packed_open(const char *path, const struct packed_opts *o, struct packed_tree *ts)
{
	struct stat st;
	int r;

	*ts = (struct packed_tree){ 0 };
	if (stat(path, &st) < 0) {
		r = -errno;
		log_err("%s: %s", path, strerror(errno));
		return r;
	}
	if (S_ISDIR(st.st_mode)) {
		r = find_build_dir(path, NULL, &ts->build, &ts->release_dir);
		if (r == 0 && ts->release_dir)
			ts->root = xstrdup(path);
		return r;
	}
	ts->archive = true;
	r = scratch_make("extract", &ts->scratch);
	if (r < 0)
		return r;
	r = extract(path, ts->scratch, o);
	if (r == 0)
		r = find_build_dir(ts->scratch, path, &ts->build, &ts->release_dir);
	if (r == 0 && ts->release_dir)
		ts->root = xstrdup(ts->scratch);
	if (r < 0)
		packed_close(ts);
	return r;
}

void packed_close(struct packed_tree *ts)
{
	if (ts->scratch) {
		scratch_remove(ts->scratch);
		free(ts->scratch);
	}
	free(ts->build);
	free(ts->release_dir);
	free(ts->root);
	*ts = (struct packed_tree){ 0 };
}

static int by_rel_cmp(const void *a, const void *b)
{
	return strcmp(((const struct tree_file *)a)->rel, ((const struct tree_file *)b)->rel);
}

static bool arch_list_name_ok(const char *name)
{
	const char *arch = str_after_prefix(name, SPLIT_ARCH_LIST_PREFIX);

	return arch && ktree_arch_name_ok(arch);
}

static bool digest_ok(const char *d)
{
	return strlen(d) == SHA256_HEX_LEN - 1 && strspn(d, "0123456789abcdef") == SHA256_HEX_LEN - 1;
}

/* "MARK NAME DIGEST" in a split flavour's Makefile: 0 when there is no
 * such line, -EINVAL when NAME fails name_fits or DIGEST is no digest: what
 * a Makefile names becomes a path here and an rpm dependency in rpm-deps. */
static int split_mark(const char *build, const char *mark, bool (*name_fits)(const char *), char **name,
		      char **digest)
{
	_cleanup_free_ char *mk = path_join(build, "Makefile");
	_cleanup_free_ char *text = NULL, *needle = xasprintf("\n%s", mark);
	_cleanup_free_ char *n = NULL, *d = NULL;
	size_t len;
	const char *m, *sp, *nl;

	*name = *digest = NULL;
	if (read_control_file(mk, 0, &text, &len, NULL) < 0)
		return 0;
	m = strstr(text, needle);
	if (!m)
		return 0;
	m += strlen(needle);
	sp = strchr(m, ' ');
	nl = strchr(m, '\n');
	if (!sp || !nl || sp > nl)
		return -EINVAL;
	n = xstrndup(m, (size_t)(sp - m));
	d = xstrndup(sp + 1, (size_t)(nl - sp - 1));
	if (!name_fits(n) || !digest_ok(d))
		return -EINVAL;
	*name = n;
	*digest = d;
	n = d = NULL;
	return 1;
}

/* NAME beside build inside root, resolved as in a chroot: a link there
 * never leads out of root. */
static char *common_in_root(const char *root, const char *build, const char *name)
{
	const char *rel = build + strlen(root);
	_cleanup_free_ char *parent = NULL, *at = NULL, *res = NULL;

	while (*rel == '/')
		rel++;
	parent = path_dirname(rel);
	at = path_join(parent, name);
	res = path_resolve_in_root(root, at);
	return res ? path_join(root, res) : NULL;
}

int packed_split_common(const char *build, const char *root, char **common, char **digest)
{
	_cleanup_free_ char *real = NULL, *parent = NULL, *name = NULL;
	int r;

	*common = NULL;
	r = split_mark(build, SPLIT_MAKEFILE_MARK, name_ok, &name, digest);
	if (r <= 0)
		return r;
	if (root) {
		*common = common_in_root(root, build, name);
		r = *common ? 0 : -ELOOP;
	} else {
		real = realpath(build, NULL);
		r = real ? 0 : -errno;
		if (real) {
			parent = path_dirname(real);
			*common = path_join(parent, name);
		}
	}
	if (r < 0) {
		free(*digest);
		*digest = NULL;
	}
	return r;
}

int packed_split_arch(const char *build, char **list, char **digest)
{
	int r = split_mark(build, SPLIT_MAKEFILE_ARCH_MARK, arch_list_name_ok, list, digest);

	return r < 0 ? r : 0;
}

void tree_view_overlay(struct tree_view *over, struct tree_view *under, const char *under_root)
{
	size_t n = over->n;

	over->v = xrealloc(over->v, (over->n + under->n + 1) * sizeof(*over->v));
	for (size_t i = 0; i < under->n; i++) {
		struct tree_file *u = &under->v[i];
		struct tree_file *hit = bsearch(u, over->v, n, sizeof(*over->v), by_rel_cmp);

		if (hit) {
			free(u->rel);
			free(u->target);
			continue;
		}
		u->root = under_root;
		over->v[over->n++] = *u;
	}
	free(under->v);
	*under = (struct tree_view){ 0 };
	qsort(over->v, over->n, sizeof(*over->v), by_rel_cmp);
}

static void add(struct tree_view *tv, size_t *cap, struct tree_file *f)
{
	if (tv->n == *cap) {
		*cap = *cap ? *cap * 2 : 1024;
		tv->v = xrealloc(tv->v, *cap * sizeof(*tv->v));
	}
	tv->v[tv->n++] = *f;
}

static int walk(const char *root, const char *rel, bool hash, struct tree_view *tv, size_t *cap)
{
	_cleanup_free_ char *abs = *rel ? path_join(root, rel) : xstrdup(root);
	DIR *d = opendir(abs);
	struct ptrarray names = { 0 };
	int r = 0;

	if (!d) {
		r = -errno;
		log_err("%s: %s", abs, strerror(errno));
		return r;
	}
	dir_sorted_names(d, &names);
	closedir(d);
	for (size_t i = 0; r == 0 && i < names.n; i++) {
		_cleanup_free_ char *crel = *rel ? xasprintf("%s/%s", rel, (char *)names.v[i]) : xstrdup(names.v[i]);
		_cleanup_free_ char *cabs = path_join(root, crel);
		struct tree_file f = { 0 };
		struct stat st;

		if (interrupted()) {
			r = -EINTR;
			break;
		}
		if (lstat(cabs, &st) < 0)
			continue;
		f.mode = st.st_mode & 07777;
		f.mtime = st.st_mtim;
		if (S_ISDIR(st.st_mode)) {
			f.type = ENTRY_DIR;
		} else if (S_ISLNK(st.st_mode)) {
			char t[4096];
			ssize_t n = readlink(cabs, t, sizeof(t) - 1);
			f.type = ENTRY_LINK;
			f.target = xstrndup(t, n > 0 ? (size_t)n : 0);
		} else if (S_ISREG(st.st_mode)) {
			f.type = ENTRY_FILE;
			f.size = st.st_size;
			if (hash) {
				r = sha256_file(cabs, f.sha256);
				if (r < 0) {
					log_err("cannot read %s: %s", cabs, strerror(-r));
					break;
				}
			}
		} else {
			continue;
		}
		f.rel = xstrdup(crel);
		add(tv, cap, &f);
		if (S_ISDIR(st.st_mode))
			r = walk(root, crel, hash, tv, cap);
	}
	ptrarray_free(&names, free);
	return r;
}


int tree_walk(const char *dir, bool hash, struct tree_view *tv)
{
	size_t cap = 0;
	int r;

	*tv = (struct tree_view){ 0 };
	r = walk(dir, "", hash, tv, &cap);
	/* Depth-first order puts "a/b" before "a.c": sort to the bytewise order packs use. */
	qsort(tv->v, tv->n, sizeof(*tv->v), by_rel_cmp);
	return r;
}

void tree_view_release(struct tree_view *tv)
{
	for (size_t i = 0; i < tv->n; i++) {
		free(tv->v[i].rel);
		free(tv->v[i].target);
	}
	free(tv->v);
	*tv = (struct tree_view){ 0 };
}
