// SPDX-License-Identifier: GPL-2.0-or-later
/* The life of a sink: abort removes what a sink made, at most once, and
 * never what it published. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rules/filelist.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "sink/sink.h"
#include "testsuite.h"

/* A scratch dir holding a.h and an empty out/; a list of inc and inc/a.h. */
struct fixture {
	char *root, *out;
	char *build; /* where a directory sink publishes */
	struct filelist fl;
};

static void fixture_init(struct fixture *f)
{
	const char *tmp = getenv("TMPDIR");
	struct pack_entry *e;
	_cleanup_free_ char *src = NULL;
	FILE *fp;

	f->root = xasprintf("%s/kbp-unit-sink.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(f->root))
		abort();
	src = path_join(f->root, "a.h");
	f->out = path_join(f->root, "out");
	f->build = xasprintf("%s/lib/modules/6.1.0-test/build", f->out);
	mkdir(f->out, 0755);
	fp = fopen(src, "we");
	fputs("#define A 1\n", fp);
	fclose(fp);
	f->fl = (struct filelist){ 0 };
	e = filelist_add(&f->fl, "inc", ENTRY_DIR);
	e->mode = 0755;
	e->mtime.tv_sec = 1000000000;
	e = filelist_add(&f->fl, "inc/a.h", ENTRY_FILE);
	e->abs = xstrdup(src);
	e->mode = 0644;
	e->size = 12;
	e->mtime.tv_sec = 1000000000;
}

static void fixture_release(struct fixture *f)
{
	rm_rf(f->root);
	free(f->root);
	free(f->out);
	free(f->build);
	filelist_release(&f->fl);
}

static struct sink *new_sink(enum sink_format format, const char *out)
{
	struct sink_config sc = { .out = out, .release = "6.1.0-test", .clamp_mtime = -1, .format = format };

	return sink_new(&sc);
}

/* Nothing under dir at all. */
static bool dir_is_empty(const char *dir)
{
	_cleanup_free_ char *lib = path_join(dir, "lib");

	return !path_exists(lib);
}

DEFINE_TEST(sink_dir_abort_twice)
{
	struct fixture f;
	struct sink *s;

	fixture_init(&f);
	s = new_sink(FORMAT_DIR, f.out);
	assert_int_eq(sink_write_all(s, &f.fl), 0);
	assert_true(s->path && path_is_dir(s->path)); /* staged, to be checked */
	sink_abort(s);
	assert_int_eq(s->state, SINK_ABORTED);
	sink_abort(s);
	assert_true(dir_is_empty(f.out));
	assert_int_eq(sink_commit(s), -EINVAL); /* an aborted sink publishes nothing */
	assert_true(dir_is_empty(f.out));
	sink_free(s);
	fixture_release(&f);
}

DEFINE_TEST(sink_dir_abort_after_commit)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *file = NULL;

	fixture_init(&f);
	file = path_join(f.build, "inc/a.h");
	s = new_sink(FORMAT_DIR, f.out);
	assert_int_eq(sink_write_all(s, &f.fl), 0);
	assert_int_eq(sink_commit(s), 0);
	assert_str_eq(s->path, f.build);
	sink_abort(s); /* published: not removed */
	assert_int_eq(s->state, SINK_COMMITTED);
	assert_true(path_is_reg(file));
	sink_free(s);
	fixture_release(&f);
}

DEFINE_TEST(sink_dir_failed_begin)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *marker = NULL;

	fixture_init(&f);
	marker = path_join(f.build, "marker");
	assert_int_eq(mkdir_p(f.build, 0755, NULL, NULL), 0);
	fclose(fopen(marker, "we"));
	s = new_sink(FORMAT_DIR, f.out); /* no --force */
	assert_int_eq(sink_write_all(s, &f.fl), -EEXIST);
	sink_abort(s);
	sink_abort(s);
	assert_true(path_is_reg(marker)); /* the tree that was there stays */
	sink_free(s);
	fixture_release(&f);
}

DEFINE_TEST(sink_archive_abort_after_finish)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *out = NULL, *staged = NULL;

	fixture_init(&f);
	out = path_join(f.out, "build.tar");
	s = new_sink(FORMAT_TAR, out);
	assert_int_eq(sink_write_all(s, &f.fl), 0);
	assert_true(s->path == NULL); /* nothing to look at before finish */
	assert_int_eq(sink_finish(s), 0);
	assert_int_eq(sink_finish(s), 0); /* once is enough */
	assert_true(s->path && path_is_reg(s->path));
	staged = xstrdup(s->path);
	sink_abort(s);
	sink_abort(s);
	assert_false(path_exists(staged));
	assert_false(path_exists(out));
	sink_free(s);
	fixture_release(&f);
}

DEFINE_TEST(sink_archive_commit)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *out = NULL;

	fixture_init(&f);
	out = path_join(f.out, "build.tar");
	s = new_sink(FORMAT_TAR, out);
	assert_int_eq(sink_write_all(s, &f.fl), 0);
	assert_int_eq(sink_commit(s), 0); /* finishes first */
	assert_str_eq(s->path, out);
	sink_abort(s);
	assert_true(path_is_reg(out));
	sink_free(s);
	fixture_release(&f);
}

/* A step that fails reports its own errno, not one a later cleanup set:
 * here the 'source' link cannot be made (a directory holds its temporary
 * name), and the cleanup's unlink of that name fails too (EISDIR). */
DEFINE_TEST(sink_dir_source_link_errno)
{
	struct fixture f;
	struct sink *s;
	_cleanup_free_ char *blocker = NULL;

	fixture_init(&f);
	s = new_sink(FORMAT_DIR, f.out);
	assert_int_eq(sink_write_all(s, &f.fl), 0);
	blocker = xasprintf("%s/lib/modules/6.1.0-test/.source.kbuild-pack-%d", f.out, (int)getpid());
	assert_int_eq(mkdir_p(blocker, 0755, NULL, NULL), 0);
	assert_int_eq(sink_commit(s), -EEXIST);
	sink_free(s);
	fixture_release(&f);
}
