// SPDX-License-Identifier: GPL-2.0-or-later
/* The pipeline as a library, on the synthetic tree (tests/data/tree, made
 * writable by mktree.sh): select, filelist, the sinks, verify, diff, report
 * and the private-key test, held against expected files (expected/). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inspect/diff.h"
#include "inspect/verify.h"
#include "kernel/tree.h"
#include "rules/filelist.h"
#include "rules/manifest.h"
#include "pack/pack.h"
#include "rules/secrets.h"
#include "rules/select.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "shared/fileio.h"
#include "testsuite.h"

#define REL "6.1.99-quick"

static char *scratch;

/* A fresh scratch dir holding the tree in LAYOUT ("split": S/t/src, S/t/obj):
 * a copy of the one made for the run (CTest fixture quick-tree), or made here. */
static const char *mktree(const char *layout)
{
	char tmpl[] = "/tmp/kbp-quick.XXXXXX";
	const char *trees = getenv("KBP_QUICK_TREES");
	_cleanup_free_ char *cmd = NULL;

	if (!mkdtemp(tmpl)) {
		perror(tmpl);
		exit(1);
	}
	scratch = xstrdup(tmpl);
	if (trees && *trees)
		cmd = xasprintf("cp -a '%s/%s' '%s/t'", trees, layout, scratch);
	else
		cmd = xasprintf("'%s/../data/mktree.sh' '%s/t' %s", test_data_dir(), scratch, layout);
	if (system(cmd) != 0) {
		fprintf(stderr, "%s failed\n", cmd);
		exit(1);
	}
	return scratch;
}

static void cleanup(void)
{
	if (scratch && !getenv("KBP_KEEP"))
		rm_rf(scratch);
	free(scratch);
	scratch = NULL;
}

/* rel inside the scratch dir. */
static char *scratch_path(const char *rel)
{
	return path_join(scratch, rel);
}

/* s with every from replaced by to (a new string). */
static char *replace_all(const char *s, const char *from, const char *to)
{
	struct strbuf b = { 0 };
	size_t fl = strlen(from);
	const char *m;

	while (fl && (m = strstr(s, from))) {
		strbuf_addn(&b, s, (size_t)(m - s));
		strbuf_adds(&b, to);
		s = m + fl;
	}
	strbuf_adds(&b, s);
	char *r = xstrdup(strbuf_str(&b));
	strbuf_release(&b);
	return r;
}

/* mode: "w" or "a" (fopen's). */
static void write_text(const char *path, const char *mode, const char *text)
{
	FILE *f = fopen(path, mode);

	assert_true(f && fputs(text, f) >= 0 && fclose(f) == 0);
}

/* got, with the scratch dir replaced by @S@, must equal expected/NAME. */
static void expect_text(const char *got, const char *name)
{
	_cleanup_free_ char *path = xasprintf("%s/expected/%s", test_data_dir(), name);
	_cleanup_free_ char *want = NULL, *norm = replace_all(got, scratch, "@S@");

	if (read_file(path, &want, NULL) < 0)
		want = xstrdup("(missing)\n");
	if (strcmp(norm, want)) {
		fprintf(stderr, "%s differs; got:\n%s", path, norm);
		test_failures++;
		/* KBP_UPDATE_EXPECTED=1: write what we got, for review with git diff. */
		if (getenv("KBP_UPDATE_EXPECTED"))
			write_text(path, "w", norm);
	}
}

/* A memory stream for what verify and diff print. */
struct capture {
	char *buf;
	size_t len;
	FILE *f;
};
static FILE *capture_open(struct capture *c)
{
	c->f = open_memstream(&c->buf, &c->len);
	return c->f;
}
static const char *capture_text(struct capture *c)
{
	fclose(c->f);
	return c->buf;
}

static int pack(const char *out, enum sink_format fmt, const char *report)
{
	_cleanup_free_ char *src = scratch_path("t/src"), *obj = scratch_path("t/obj"), *o = scratch_path(out);
	_cleanup_free_ char *r = report ? scratch_path(report) : NULL;
	struct pack_opts po = { .src = src, .obj = obj, .out = o, .clamp_mtime = -1, .format = fmt, .report = r };

	return kbp_pack(&po);
}

static const char *const type_name[] = { [ENTRY_FILE] = "file", [ENTRY_DIR] = "dir", [ENTRY_LINK] = "link" };

/* Every entry the manifests select: type, path, tree, rule, mode, link target. */
static void select_listing(const char *layout, const char *expected)
{
	const char *s = mktree(layout);
	bool split = !strcmp(layout, "split");
	_cleanup_free_ char *src = path_join(s, split ? "t/src" : "t"), *obj = split ? path_join(s, "t/obj") : NULL;
	_cleanup_free_ char *dir = xstrdup(getenv("KBUILD_PACK_MANIFEST_DIR"));
	_cleanup_free_ char *common = path_join(dir, "common.yaml"), *x86 = path_join(dir, "arch/x86.yaml");
	struct select_opts so = { .clamp_mtime = -1 };
	struct manifest_set ms = { 0 };
	struct filelist fl = { 0 };
	struct strbuf b = { 0 };
	struct ktree t;

	assert_int_eq(ktree_open(&t, src, obj, NULL), 0);
	assert_str_eq(t.release, REL);
	assert_str_eq(t.srcarch, "x86");
	assert_int_eq(manifest_load(&ms, common), 0);
	assert_int_eq(manifest_load(&ms, x86), 0);
	assert_int_eq(select_files(&t, &ms, &so, &fl), 0);
	for (size_t i = 0; i < fl.n; i++) {
		const struct pack_entry *e = fl.v[i];
		strbuf_addf(&b, "%s %s %s %s %04o%s%s\n", type_name[e->type], e->rel, origin_name(e->origin), e->rule,
			    (unsigned)e->mode, e->target ? " -> " : "", e->target ? e->target : "");
	}
	expect_text(strbuf_str(&b), expected);
	strbuf_release(&b);
	filelist_release(&fl);
	manifest_set_release(&ms);
	ktree_release(&t);
	cleanup();
}

DEFINE_TEST(select_split)
{
	select_listing("split", "select-split.txt");
}

DEFINE_TEST(select_intree)
{
	select_listing("intree", "select-intree.txt");
}

/* A file kbuild-pack brings replaces the selected one and gets its parents. */
DEFINE_TEST(filelist_tool_file)
{
	struct filelist fl = { 0 };
	struct strbuf b = { 0 };

	filelist_add(&fl, "scripts", ENTRY_DIR)->rule = "host-tools";
	filelist_add(&fl, "scripts/mod", ENTRY_DIR)->rule = "host-tools";
	filelist_add(&fl, "scripts/mod/modpost", ENTRY_FILE)->rule = "required-host-tools";
	filelist_add(&fl, "Makefile", ENTRY_FILE)->rule = "top-makefile";
	filelist_add(&fl, "Makefile", ENTRY_FILE)->rule = "later-wins";
	filelist_sort_dedup(&fl);
	assert_int_eq(filelist_put_tool_file(&fl, "scripts/mod/modpost", "/proc/self/exe", "modpost=bundled", 0), 0);
	assert_int_eq(filelist_put_tool_file(&fl, "tools/new/prog", "/proc/self/exe", "tool", 0), 0);
	assert_int_eq(filelist_put_tool_file(&fl, "tools/missing", "/nonexistent/x", "tool", 0), -ENOENT);
	for (size_t i = 0; i < fl.n; i++)
		strbuf_addf(&b, "%s %s %s\n", type_name[fl.v[i]->type], fl.v[i]->rel, fl.v[i]->rule);
	assert_str_eq(strbuf_str(&b), "file Makefile later-wins\n"
				      "dir scripts host-tools\n"
				      "dir scripts/mod host-tools\n"
				      "file scripts/mod/modpost modpost=bundled\n"
				      "dir tools (directory)\n"
				      "dir tools/new (directory)\n"
				      "file tools/new/prog tool\n");
	strbuf_release(&b);
	filelist_release(&fl);
}

/* Directory sink, then verify: a good tree has no problem; each defect one line. */
DEFINE_TEST(dir_sink_verify)
{
	struct verify_opts vo = { .host_arch = NULL };
	struct capture c;
	_cleanup_free_ char *build = NULL, *modpost = NULL, *lds = NULL;

	mktree("split");
	assert_int_eq(pack("d", FORMAT_DIR, NULL), 0);
	build = scratch_path("d/lib/modules/" REL "/build");
	assert_int_eq(kbp_verify(build, &vo, capture_open(&c), NULL), 0);
	assert_str_eq(capture_text(&c), "");
	free(c.buf);
	modpost = path_join(build, "scripts/mod/modpost");
	lds = path_join(build, "scripts/module.lds");
	assert_int_eq(chmod(modpost, 0644), 0);
	assert_int_eq(unlink(lds), 0);
	assert_int_eq(kbp_verify(build, &vo, capture_open(&c), NULL), 2);
	expect_text(capture_text(&c), "verify-defects.txt");
	free(c.buf);
	cleanup();
}

/* Every archive format holds what the directory sink wrote (diff finds
 * nothing); two packs give the same bytes; a changed tree differs. */
DEFINE_TEST(archive_sinks_diff)
{
	static const enum sink_format fmts[] = { FORMAT_TAR, FORMAT_TAR_GZ, FORMAT_TAR_XZ, FORMAT_TAR_ZST, FORMAT_CPIO };
	struct capture c;
	_cleanup_free_ char *dir = NULL, *mk = NULL;

	mktree("split");
	assert_int_eq(pack("d", FORMAT_DIR, NULL), 0);
	dir = scratch_path("d");
	for (size_t i = 0; i < ARRAY_SIZE(fmts); i++) {
		_cleanup_free_ char *n1 = xasprintf("k1.%s", sink_format_name(fmts[i]));
		_cleanup_free_ char *n2 = xasprintf("k2.%s", sink_format_name(fmts[i]));
		_cleanup_free_ char *a1 = scratch_path(n1), *a2 = scratch_path(n2), *b1 = NULL, *b2 = NULL;
		size_t l1 = 0, l2 = 0;

		assert_int_eq(pack(n1, fmts[i], NULL), 0);
		assert_int_eq(pack(n2, fmts[i], NULL), 0);
		assert_int_eq(read_file(a1, &b1, &l1), 0);
		assert_int_eq(read_file(a2, &b2, &l2), 0);
		assert_true(l1 > 0 && l1 == l2 && !memcmp(b1, b2, l1));
		assert_int_eq(kbp_diff(a1, dir, NULL, capture_open(&c)), 0);
		assert_str_eq(capture_text(&c), "");
		free(c.buf);
	}
	mk = scratch_path("d/lib/modules/" REL "/build/include/linux/kernel.h");
	assert_int_eq(unlink(mk), 0);
	_cleanup_free_ char *tar = scratch_path("k1.tar");
	assert_int_eq(kbp_diff(tar, dir, NULL, capture_open(&c)), 1);
	assert_str_eq(capture_text(&c), "only in A: include/linux/kernel.h\n");
	free(c.buf);
	cleanup();
}

/* The report of a pack, byte for byte (the host programs' hash substituted). */
DEFINE_TEST(report)
{
	_cleanup_free_ char *r = NULL, *text = NULL, *elf = NULL, *norm = NULL, *norm2 = NULL;
	const char *mdir = getenv("KBUILD_PACK_MANIFEST_DIR");
	char *hex;

	mktree("split");
	assert_int_eq(pack("d", FORMAT_DIR, "r.yaml"), 0);
	r = scratch_path("r.yaml");
	assert_int_eq(read_file(r, &text, NULL), 0);
	/* The sha256 of scripts/basic/fixdep's entry: a machine's bare ELF header. */
	hex = strstr(text, "scripts/basic/fixdep");
	hex = hex ? strstr(hex, "sha256") : NULL;
	hex = hex ? hex + 6 + strcspn(hex + 6, "0123456789abcdef") : NULL;
	if (!hex || strspn(hex, "0123456789abcdef") != 64) {
		assert_true(!"no sha256 of scripts/basic/fixdep in the report");
		hex = NULL;
	}
	elf = hex ? xstrndup(hex, 64) : xstrdup("-");
	norm = replace_all(text, elf, "@ELF_SHA256@");
	norm2 = replace_all(norm, mdir, "@MANIFESTS@");
	expect_text(norm2, "report.out");
	cleanup();
}

/* pack's key check of the file at path, named rel in its tree: its two
 * halves, as select runs them. */
static int is_private_key(const struct secrets_sig *sig, const char *rel, const char *path)
{
	struct stat st;

	assert_int_eq(stat(path, &st), 0);
	return secrets_named_key(sig, rel, &st) ? 1 : secrets_file_has_key(path);
}

/* The signing key, whatever CONFIG_MODULE_SIG_KEY names, and PEM private keys
 * (tests/hostile and tests/unit/verify-synth.sh: every other kind). */
DEFINE_TEST(secrets)
{
	static const char pem[] = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";
	static const char cert[] = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
	_cleanup_free_ char *src = NULL, *obj = NULL, *key = NULL, *pub = NULL, *der = NULL, *ac = NULL,
			    *named = NULL, *linked = NULL, *gone = NULL;
	struct secrets_sig sig;
	struct ktree t;

	mktree("split");
	src = scratch_path("t/src"), obj = scratch_path("t/obj");
	ac = scratch_path("t/obj/include/config/auto.conf");
	write_text(ac, "a", "CONFIG_MODULE_SIG_KEY=\"certs/custom.der\"\n");
	assert_int_eq(ktree_open(&t, src, obj, NULL), 0);
	key = scratch_path("t/obj/other.pem"), pub = scratch_path("t/obj/public.pem"), der = scratch_path("t/obj/certs/custom.der");
	named = scratch_path("t/obj/certs/signing_key.pem"), linked = scratch_path("t/obj/certs/copy.der");
	{
		_cleanup_free_ char *certs = scratch_path("t/obj/certs");
		assert_int_eq(mkdir(certs, 0755) == 0 || errno == EEXIST, 1);
	}
	write_text(key, "w", pem);
	write_text(pub, "w", cert);
	/* The configured key holds no key-like bytes: only its name and its
	 * identity make it one (a hard link to it is it too). */
	write_text(der, "w", cert);
	write_text(named, "w", cert);
	assert_int_eq(link(der, linked), 0);
	secrets_sig_init(&sig, &t);
	assert_int_eq(is_private_key(&sig, "other.pem", key), 1);
	assert_int_eq(is_private_key(&sig, "public.pem", pub), 0);
	assert_int_eq(is_private_key(&sig, "certs/custom.der", der), 1);
	assert_int_eq(is_private_key(&sig, "certs/copy.der", linked), 1);
	assert_int_eq(is_private_key(&sig, "certs/signing_key.pem", named), 1);
	/* Not read, not cleared: pack leaves it out with the reason. */
	gone = scratch_path("t/obj/certs/gone.x509");
	assert_int_eq(secrets_file_has_key(gone), -ENOENT);
	/* By content, whatever the name. */
	assert_int_eq(secrets_is_key_material("include/linux/a.h", NULL, key), 1);
	assert_int_eq(secrets_is_key_material("include/linux/b.h", NULL, pub), 0);
	ktree_release(&t);
	cleanup();
}
