// SPDX-License-Identifier: GPL-2.0-or-later
/* Every sink, the same cases: each DEFINE_TEST_EACH runs once per format
 * (unit.sink.CASE.FORMAT, the formats of src/sink/sink.c), and what it
 * leaves is compared, entry by entry and byte by byte, with the one tree
 * every format must give: a directory as it is on disk, an archive as
 * libarchive reads it back. */
#define _GNU_SOURCE
#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rules/filelist.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/fs.h"
#include "shared/path.h"
#include "shared/strbuf.h"
#include "sink/sink.h"
#include "testsuite.h"

#define RELEASE "6.1.0-test"
#define T0 1000000000
#define T1 1000000100 /* the newest entry's time, and SOURCE_DATE_EPOCH */

/* An entry of a tree to pack. */
struct tree_entry {
	const char *rel;
	enum entry_type type;
	mode_t mode;
	time_t mtime;
	const char *data; /* FILE: its bytes; LINK: its target */
};

/* inc/c.h repeats inc/a.h (bytes, mode, time): --hardlink-dups joins them. */
static const struct tree_entry tree_a[] = {
	{ "inc", ENTRY_DIR, 0755, T0, NULL },
	{ "inc/a.h", ENTRY_FILE, 0644, T1, "#define A 1\n" },
	{ "inc/b.h", ENTRY_LINK, 0777, T0, "a.h" },
	{ "inc/c.h", ENTRY_FILE, 0644, T1, "#define A 1\n" },
	{ "inc/empty.h", ENTRY_FILE, 0644, T0, "" },
	{ "scripts", ENTRY_DIR, 0755, T0, NULL },
	{ "scripts/run", ENTRY_FILE, 0755, T0, "#!/bin/sh\nexit 0\n" },
};
/* What another pack writes to the same output. */
static const struct tree_entry tree_b[] = {
	{ "inc", ENTRY_DIR, 0755, T0, NULL },
	{ "inc/a.h", ENTRY_FILE, 0644, T1, "#define A 2\n" },
};

/* What a published output holds, as snapshot() lists it: OUT is the
 * output (the DESTDIR, or the archive); lib/modules/RELEASE around build/
 * (a DESTDIR's directories keep their own times: none shown); the source
 * link at the newest entry's time. */
#define TOP \
	"OUT/lib d 0755\n" \
	"OUT/lib/modules d 0755\n" \
	"OUT/lib/modules/" RELEASE " d 0755\n" \
	"OUT/lib/modules/" RELEASE "/build d 0755 1000000100\n"
#define B "OUT/lib/modules/" RELEASE "/build/"
#define SOURCE "OUT/lib/modules/" RELEASE "/source l 0777 1000000100 -> build\n"
#define ENTRIES_A(p) \
	p "inc d 0755 1000000000\n" \
	p "inc/a.h f 0644 1000000100 \"#define A 1\\n\"\n" \
	p "inc/b.h l 0777 1000000000 -> a.h\n" \
	p "inc/c.h f 0644 1000000100 \"#define A 1\\n\"\n" \
	p "inc/empty.h f 0644 1000000000 \"\"\n" \
	p "scripts d 0755 1000000000\n" \
	p "scripts/run f 0755 1000000000 \"#!/bin/sh\\nexit 0\\n\"\n"
#define ENTRIES_B(p) \
	p "inc d 0755 1000000000\n" \
	p "inc/a.h f 0644 1000000100 \"#define A 2\\n\"\n"
static const char published_a[] = TOP ENTRIES_A(B) SOURCE;
static const char published_b[] = TOP ENTRIES_B(B) SOURCE;

/* One case's scratch directory, the tree's source files in it, and the
 * output OUT (DIR/out, or DIR/out.FORMAT) beside nothing else. */
struct fixture {
	enum sink_format format;
	char *root; /* scratch */
	char *dir;  /* where the output goes */
	char *out;
	struct filelist fl;
};

static void put_file(const char *path, const char *data, mode_t mode, time_t mtime)
{
	struct timespec ts[2] = { { .tv_sec = mtime }, { .tv_sec = mtime } };
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);

	if (fd < 0 || write(fd, data, strlen(data)) != (ssize_t)strlen(data) || fchmod(fd, mode) < 0 ||
	    futimens(fd, ts) < 0)
		abort();
	close(fd);
}

/* fl: the entries of t, each file checked (its identity taken) as the walk does. */
static void make_list(struct fixture *f, struct filelist *fl, const char *name, const struct tree_entry *t,
		      size_t n)
{
	_cleanup_free_ char *src = path_join(f->root, name);

	mkdir(src, 0755);
	*fl = (struct filelist){ 0 };
	for (size_t i = 0; i < n; i++) {
		struct pack_entry *e = filelist_add(fl, t[i].rel, t[i].type);
		struct stat st;

		e->mode = t[i].mode;
		e->mtime.tv_sec = t[i].mtime;
		if (t[i].type == ENTRY_LINK) {
			e->target = xstrdup(t[i].data);
		} else if (t[i].type == ENTRY_FILE) {
			char *base = xstrdup(t[i].rel);

			for (char *p = base; *p; p++)
				if (*p == '/')
					*p = '_';
			e->abs = path_join(src, base);
			free(base);
			put_file(e->abs, t[i].data, t[i].mode, t[i].mtime);
			if (stat(e->abs, &st) < 0)
				abort();
			e->src = file_id_of(&st);
			e->size = st.st_size;
		}
	}
	filelist_sort_dedup(fl);
}

static void fixture_init(struct fixture *f, const char *variant)
{
	const char *tmp = getenv("TMPDIR");

	umask(022); /* the modes of the directories a directory sink makes */
	if (sink_format_parse(variant, &f->format) < 0) {
		fprintf(stderr, "unknown sink format %s\n", variant);
		exit(2);
	}
	f->root = xasprintf("%s/kbp-unit-sink.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(f->root))
		abort();
	f->dir = path_join(f->root, "dest");
	mkdir(f->dir, 0755);
	f->out = f->format == FORMAT_DIR ? path_join(f->dir, "out")
					 : xasprintf("%s/out.%s", f->dir, sink_format_name(f->format));
	make_list(f, &f->fl, "a", tree_a, ARRAY_SIZE(tree_a));
}

static void fixture_release(struct fixture *f)
{
	rm_rf(f->root);
	free(f->root);
	free(f->dir);
	free(f->out);
	filelist_release(&f->fl);
}

static struct sink *new_sink(const struct fixture *f, const struct sink_config *over)
{
	struct sink_config sc = over ? *over : (struct sink_config){ 0 };

	sc.out = f->out;
	sc.release = RELEASE;
	sc.clamp_mtime = T1;
	sc.format = f->format;
	return sink_new(&sc);
}

/* Where a committed sink says its result is. */
static char *published_path(const struct fixture *f)
{
	return f->format == FORMAT_DIR ? xasprintf("%s/lib/modules/%s/build", f->out, RELEASE) : xstrdup(f->out);
}

/* ---- snapshot: what the output directory holds, one line per entry ---- */

static void add_bytes(struct strbuf *sb, const char *p, size_t n)
{
	strbuf_addc(sb, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if (c == '\n')
			strbuf_adds(sb, "\\n");
		else if (c == '"' || c == '\\')
			strbuf_addf(sb, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			strbuf_addf(sb, "\\x%02x", c);
		else
			strbuf_addc(sb, (char)c);
	}
	strbuf_addc(sb, '"');
}

/* The directories around build/ keep the DESTDIR's times, not the pack's. */
static bool around_build(const char *name)
{
	return !strcmp(name, "OUT/lib") || !strcmp(name, "OUT/lib/modules") ||
	       !strcmp(name, "OUT/lib/modules/" RELEASE);
}

/* "NAME TYPE MODE [MTIME] [\"BYTES\" | -> TARGET]" */
static void add_line(struct strbuf *sb, const char *name, char type, mode_t mode, time_t mtime, const char *data,
		     size_t n)
{
	strbuf_addf(sb, "%s %c %04o", name, type, (unsigned)(mode & 07777));
	if (!(type == 'd' && around_build(name)))
		strbuf_addf(sb, " %lld", (long long)mtime);
	if (type == 'f') {
		strbuf_addc(sb, ' ');
		add_bytes(sb, data, n);
	} else if (data) {
		strbuf_addf(sb, " -> %s", data);
	}
	strbuf_addc(sb, '\n');
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect(const char *top, const char *rel, struct ptrarray *names)
{
	_cleanup_free_ char *path = *rel ? path_join(top, rel) : xstrdup(top);
	DIR *d = opendir(path);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char *r;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		r = *rel ? path_join(rel, de->d_name) : xstrdup(de->d_name);
		ptrarray_push(names, r);
		if (de->d_type == DT_DIR)
			collect(top, r, names);
	}
	closedir(d);
}

/* An archive's entries in its order; a hard link has the bytes of its
 * group (tar: the first entry carries them; newc: the last link). */
struct read_entry {
	char *name;
	char type;
	mode_t mode;
	time_t mtime;
	char *target; /* a link's; a hard link whose file is not there: its name */
	size_t group; /* a file: its bytes, bytes[group] */
};

static int list_archive(const char *path, struct strbuf *sb, size_t *hardlinks)
{
	struct archive *ar = archive_read_new();
	struct archive_entry *ae;
	struct read_entry *v = NULL;
	struct strbuf *bytes = NULL;
	size_t n = 0, nbytes = 0;
	int r;

	archive_read_support_filter_all(ar);
	archive_read_support_format_all(ar);
	if (archive_read_open_filename(ar, path, 1 << 16) != ARCHIVE_OK) {
		fprintf(stderr, "%s: %s\n", path, archive_error_string(ar));
		archive_read_free(ar);
		return -1;
	}
	while ((r = archive_read_next_header(ar, &ae)) == ARCHIVE_OK) {
		const char *hl = archive_entry_hardlink(ae);
		struct strbuf data = { 0 };
		struct read_entry *e;
		char buf[4096];
		ssize_t got;

		v = xrealloc(v, (n + 1) * sizeof(*v));
		e = &v[n++];
		*e = (struct read_entry){ .name = xasprintf("OUT/%s", archive_entry_pathname(ae)),
					  .mode = archive_entry_perm(ae), .mtime = archive_entry_mtime(ae) };
		if (e->name[strlen(e->name) - 1] == '/')
			e->name[strlen(e->name) - 1] = '\0';
		while ((got = archive_read_data(ar, buf, sizeof(buf))) > 0)
			strbuf_addn(&data, buf, (size_t)got);
		if (hl) {
			_cleanup_free_ char *to = xasprintf("OUT/%s", hl);
			bool found = false;

			e->type = 'f';
			(*hardlinks)++;
			for (size_t i = 0; i + 1 < n; i++)
				if (!strcmp(v[i].name, to) && v[i].type == 'f') {
					e->group = v[i].group;
					found = true;
				}
			if (!found) {
				e->type = '?';
				e->target = xstrdup(to);
				strbuf_release(&data);
				continue;
			}
			if (data.len) { /* newc: the group's bytes come with its last link */
				strbuf_release(&bytes[e->group]);
				bytes[e->group] = data;
			} else {
				strbuf_release(&data);
			}
			continue;
		}
		switch (archive_entry_filetype(ae)) {
		case AE_IFDIR:
			e->type = 'd';
			break;
		case AE_IFLNK:
			e->type = 'l';
			e->target = xstrdup(archive_entry_symlink(ae));
			break;
		case AE_IFREG:
			e->type = 'f';
			break;
		default:
			e->type = '?';
		}
		bytes = xrealloc(bytes, (nbytes + 1) * sizeof(*bytes));
		bytes[nbytes] = data;
		e->group = nbytes++;
	}
	if (r != ARCHIVE_EOF)
		fprintf(stderr, "%s: %s\n", path, archive_error_string(ar));
	for (size_t i = 0; i < n; i++) {
		struct read_entry *e = &v[i];

		if (e->type == 'f')
			add_line(sb, e->name, e->type, e->mode, e->mtime, strbuf_str(&bytes[e->group]), bytes[e->group].len);
		else
			add_line(sb, e->name, e->type, e->mode, e->mtime, e->target, 0);
		free(e->name);
		free(e->target);
	}
	for (size_t i = 0; i < nbytes; i++)
		strbuf_release(&bytes[i]);
	free(bytes);
	free(v);
	archive_read_free(ar);
	return r == ARCHIVE_EOF ? 0 : -1;
}

/* What f->dir holds, sorted: the output as OUT (a directory's entries, or
 * an archive's in its order), anything else by its own name (a staging
 * place left behind, say). *hardlinks: the archive's hard links. */
static char *snapshot(const struct fixture *f, size_t *hardlinks)
{
	struct ptrarray names = { 0 };
	struct strbuf sb = { 0 };
	const char *outname = path_basename(f->out);
	size_t k = strlen(outname), none = 0;

	if (!hardlinks)
		hardlinks = &none;
	collect(f->dir, "", &names);
	if (names.n)
		qsort(names.v, names.n, sizeof(*names.v), by_name);
	for (size_t i = 0; i < names.n; i++) {
		const char *rel = names.v[i];
		_cleanup_free_ char *path = path_join(f->dir, rel);
		_cleanup_free_ char *name = NULL;
		struct stat st;

		if (lstat(path, &st) < 0)
			abort();
		if (!strcmp(rel, outname) && S_ISREG(st.st_mode) && f->format != FORMAT_DIR) {
			if (list_archive(path, &sb, hardlinks) < 0)
				strbuf_addf(&sb, "%s: unreadable archive\n", rel);
			continue;
		}
		if (!strcmp(rel, outname) && S_ISDIR(st.st_mode))
			continue; /* OUT itself */
		name = !strncmp(rel, outname, k) && rel[k] == '/' ? xasprintf("OUT%s", rel + k) : xstrdup(rel);
		if (S_ISDIR(st.st_mode)) {
			add_line(&sb, name, 'd', st.st_mode, st.st_mtime, NULL, 0);
		} else if (S_ISLNK(st.st_mode)) {
			char target[4096];
			ssize_t n = readlink(path, target, sizeof(target) - 1);

			target[n < 0 ? 0 : n] = '\0';
			add_line(&sb, name, 'l', st.st_mode, st.st_mtime, target, 0);
		} else {
			_cleanup_free_ char *data = xmalloc((size_t)st.st_size + 1);
			int fd = open(path, O_RDONLY | O_CLOEXEC);

			if (fd < 0 || read(fd, data, (size_t)st.st_size) != st.st_size)
				abort();
			close(fd);
			add_line(&sb, name, S_ISREG(st.st_mode) ? 'f' : '?', st.st_mode, st.st_mtime, data,
				 (size_t)st.st_size);
		}
	}
	ptrarray_free(&names, free);
	return strbuf_steal(&sb);
}

#define assert_snapshot(f, want)                                 \
	do {                                                     \
		_cleanup_free_ char *_got = snapshot((f), NULL); \
		assert_str_eq(_got, (want));                     \
	} while (0)

/* ---- the cases ---- */

/* The output, exactly: every entry's type, mode, time and bytes; the
 * result where it was published; an abort after commit changes nothing. */
DEFINE_TEST_EACH(commit)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *where = NULL;

	fixture_init(&f, variant);
	where = published_path(&f);
	s = new_sink(&f, NULL);
	assert_int_eq(sink_end(s, sink_fill(s, &f.fl)), 0);
	assert_int_eq(s->state, SINK_COMMITTED);
	assert_str_eq(s->path, where);
	sink_abort(s); /* published: not removed */
	assert_int_eq(s->state, SINK_COMMITTED);
	assert_snapshot(&f, published_a);
	sink_free(s);
	fixture_release(&f);
}

/* A split's part: the entries at the top, nothing around them, no source link. */
DEFINE_TEST_EACH(bare)
{
	struct fixture f;
	struct sink *s;

	fixture_init(&f, variant);
	s = new_sink(&f, &(struct sink_config){ .bare = true });
	assert_int_eq(sink_end(s, sink_fill(s, &f.fl)), 0);
	assert_str_eq(s->path, f.out);
	assert_snapshot(&f, ENTRIES_A("OUT/"));
	sink_free(s);
	fixture_release(&f);
}

/* --hardlink-dups: the same files in every format (an archive links them). */
DEFINE_TEST_EACH(hardlink_dups)
{
	struct fixture f;
	struct sink *s;
	size_t links = 0;
	_cleanup_free_ char *got = NULL;

	fixture_init(&f, variant);
	s = new_sink(&f, &(struct sink_config){ .hardlink_dups = true });
	assert_int_eq(sink_end(s, sink_fill(s, &f.fl)), 0);
	got = snapshot(&f, &links);
	assert_str_eq(got, published_a);
	assert_int_eq(links, f.format == FORMAT_DIR ? 0 : 1); /* inc/c.h and inc/a.h */
	sink_free(s);
	fixture_release(&f);
}

/* Aborted before finish: nothing left, twice is once, and no commit after. */
DEFINE_TEST_EACH(abort_twice)
{
	struct fixture f;
	struct sink *s;

	fixture_init(&f, variant);
	s = new_sink(&f, NULL);
	assert_int_eq(sink_write_all(s, &f.fl), 0);
	if (f.format == FORMAT_DIR)
		assert_true(s->path && path_is_dir(s->path)); /* staged, to be checked */
	else
		assert_true(s->path == NULL); /* nothing to look at before finish */
	sink_abort(s);
	assert_int_eq(s->state, SINK_ABORTED);
	sink_abort(s);
	assert_snapshot(&f, "");
	assert_int_eq(sink_commit(s), -EINVAL); /* an aborted sink publishes nothing */
	assert_snapshot(&f, "");
	sink_free(s);
	fixture_release(&f);
}

/* Finished (to be checked before commit), then aborted: the staged result
 * is gone with everything the sink made. */
DEFINE_TEST_EACH(abort_after_finish)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *staged = NULL, *where = NULL;

	fixture_init(&f, variant);
	where = published_path(&f);
	s = new_sink(&f, NULL);
	assert_int_eq(sink_fill(s, &f.fl), 0);
	assert_int_eq(sink_finish(s), 0); /* once is enough */
	assert_true(s->path && path_exists(s->path) && strcmp(s->path, where));
	staged = xstrdup(s->path);
	sink_abort(s);
	sink_abort(s);
	assert_false(path_exists(staged));
	assert_snapshot(&f, "");
	sink_free(s);
	fixture_release(&f);
}

/* An output that is there is not replaced without force, and stays as it was. */
DEFINE_TEST_EACH(exists)
{
	struct fixture f;
	struct filelist b;
	struct sink *s, *t;

	fixture_init(&f, variant);
	make_list(&f, &b, "b", tree_b, ARRAY_SIZE(tree_b));
	s = new_sink(&f, NULL);
	assert_int_eq(sink_end(s, sink_fill(s, &f.fl)), 0);
	t = new_sink(&f, NULL);
	assert_int_eq(sink_end(t, sink_fill(t, &b)), -EEXIST);
	sink_abort(t);
	assert_snapshot(&f, published_a);
	sink_free(s);
	sink_free(t);
	filelist_release(&b);
	fixture_release(&f);
}

/* With force, the new output replaces the old one whole. */
DEFINE_TEST_EACH(force)
{
	struct fixture f;
	struct filelist b;
	struct sink *s, *t;

	fixture_init(&f, variant);
	make_list(&f, &b, "b", tree_b, ARRAY_SIZE(tree_b));
	s = new_sink(&f, NULL);
	assert_int_eq(sink_end(s, sink_fill(s, &f.fl)), 0);
	t = new_sink(&f, &(struct sink_config){ .force = true });
	assert_int_eq(sink_end(t, sink_fill(t, &b)), 0);
	assert_snapshot(&f, published_b);
	sink_free(s);
	sink_free(t);
	filelist_release(&b);
	fixture_release(&f);
}

/* Another pack published the output after this one began: its commit
 * refuses to replace it, and its abort leaves the other's output alone. */
DEFINE_TEST_EACH(appeared)
{
	struct fixture f;
	struct filelist b;
	struct sink *s, *t;

	fixture_init(&f, variant);
	make_list(&f, &b, "b", tree_b, ARRAY_SIZE(tree_b));
	s = new_sink(&f, NULL);
	assert_int_eq(sink_fill(s, &f.fl), 0);
	t = new_sink(&f, NULL);
	assert_int_eq(sink_end(t, sink_fill(t, &b)), 0);
	assert_int_eq(sink_end(s, 0), -EEXIST);
	assert_int_eq(s->state, SINK_ABORTED);
	assert_snapshot(&f, published_b);
	sink_free(s);
	sink_free(t);
	filelist_release(&b);
	fixture_release(&f);
}

/* A file replaced after its check is never read: the sink fails and
 * leaves nothing. */
DEFINE_TEST_EACH(stale_source)
{
	struct fixture f;
	struct sink *s;
	struct pack_entry *e;
	_cleanup_free_ char *other = NULL;

	fixture_init(&f, variant);
	e = filelist_find(&f.fl, "inc/a.h");
	other = xasprintf("%s.new", e->abs);
	put_file(other, "#define A 1\n", 0644, T1); /* the same bytes, another file */
	assert_int_eq(rename(other, e->abs), 0);
	s = new_sink(&f, NULL);
	assert_int_eq(sink_end(s, sink_fill(s, &f.fl)), -ESTALE);
	assert_snapshot(&f, "");
	sink_free(s);
	fixture_release(&f);
}

/* A commit that fails returns its own errno, not one its cleanup met, and
 * what was published or there before stays. A directory: the source link
 * cannot be made (a directory holds its temporary name; unlinking that
 * fails too, EISDIR), after build/ was published. An archive: a directory
 * took its name after begin (with force, rename says EISDIR). */
DEFINE_TEST_EACH(commit_error)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *blocker = NULL;

	fixture_init(&f, variant);
	s = new_sink(&f, &(struct sink_config){ .force = f.format != FORMAT_DIR });
	assert_int_eq(sink_fill(s, &f.fl), 0);
	if (f.format == FORMAT_DIR) {
		blocker = xasprintf("%s/lib/modules/%s/.source.kbuild-pack-%d", f.out, RELEASE, (int)getpid());
		assert_int_eq(mkdir_p(blocker, 0755, NULL, NULL), 0);
		assert_int_eq(sink_end(s, 0), -EEXIST);
		assert_int_eq(rmdir(blocker), 0);
		assert_snapshot(&f, TOP ENTRIES_A(B));
	} else {
		blocker = path_join(f.out, "x");
		assert_int_eq(mkdir(f.out, 0755), 0);
		put_file(blocker, "x", 0644, T0);
		assert_int_eq(sink_end(s, 0), -EISDIR);
		assert_snapshot(&f, "OUT/x f 0644 1000000000 \"x\"\n");
	}
	sink_free(s);
	fixture_release(&f);
}

/* The formats CMake gave a test each ($KBP_SINK_FORMATS, read from
 * src/sink/sink.c) are every format the sinks know. */
DEFINE_TEST(formats)
{
	const char *list = getenv("KBP_SINK_FORMATS");
	struct strbuf known = { 0 };

	for (enum sink_format fmt = 0; strcmp(sink_format_name(fmt), "?"); fmt++)
		strbuf_addf(&known, "%s%s", fmt ? " " : "", sink_format_name(fmt));
	assert_str_eq(list, strbuf_str(&known));
	strbuf_release(&known);
}
