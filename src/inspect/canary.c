// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "inspect/canary.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel/kelf.h"
#include "shared/log.h"
#include "shared/util.h"
#include "kernel/symvers.h"

extern char **environ;

/* Built in, so verify needs no data files: uses a few exports every
 * modular kernel has, so __versions is never empty with MODVERSIONS. */
static const char canary_c[] =
	"// SPDX-License-Identifier: GPL-2.0\n"
	"#include <linux/module.h>\n"
	"#include <linux/slab.h>\n"
	"static int __init kbp_canary_init(void)\n"
	"{\n"
	"\tvoid *p = kmalloc(16, GFP_KERNEL);\n"
	"\tpr_info(\"kbp_canary %p\\n\", p);\n"
	"\tkfree(p);\n"
	"\treturn 0;\n"
	"}\n"
	"static void __exit kbp_canary_exit(void) { }\n"
	"module_init(kbp_canary_init);\n"
	"module_exit(kbp_canary_exit);\n"
	"MODULE_LICENSE(\"GPL\");\n"
	"MODULE_DESCRIPTION(\"kbuild-pack verify canary\");\n";
static const char canary_kbuild[] = "obj-m := kbp_canary.o\n";

static int write_text(const char *dir, const char *name, const char *text)
{
	_cleanup_free_ char *p = path_join(dir, name);
	_cleanup_fclose_ FILE *f = fopen(p, "we");

	if (!f || fputs(text, f) < 0)
		return -errno;
	return 0;
}

static int run_make(const char *build, const char *mdir, const char *log_path)
{
	_cleanup_free_ char *c = xasprintf("-C%s", build);
	_cleanup_free_ char *m = xasprintf("M=%s", mdir);
	char *argv[] = { "make", c, m, "modules", NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int st, r;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	r = posix_spawnp(&pid, "make", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (r != 0) {
		log_err("cannot run make: %s", strerror(r));
		return -r;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}


static const struct symvers_entry *sv_find(const struct symvers *sv, const char *name)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i].name, name))
			return &sv->v[i];
	return NULL;
}

/* struct modversion_info { unsigned long crc; char name[64 - sizeof(long)]; } */
static int check_versions(const char *ko, const struct symvers *sv, FILE *out)
{
	_cleanup_kelf_ struct kelf *k = NULL;
	const uint8_t *d;
	size_t len, idx, wsz;
	int r, problems = 0, n = 0;

	r = kelf_open(ko, &k);
	if (r < 0) {
		fprintf(out, "canary: cannot read %s: %s\n", ko, kelf_errmsg());
		return 1;
	}
	idx = kelf_find_section(k, "__versions");
	if (!idx) {
		fprintf(out, "canary: module has no __versions section although CONFIG_MODVERSIONS=y\n");
		return 1;
	}
	if (kelf_section_bytes(k, idx, &d, &len) < 0)
		return fprintf(out, "canary: unreadable __versions section\n"), 1;
	wsz = kelf_is64(k) ? 8 : 4;
	for (size_t off = 0; off + 64 <= len; off += 64, n++) {
		uint32_t crc = (uint32_t)kelf_read_uint(k, d + off, wsz);
		const char *name = (const char *)d + off + wsz;
		const struct symvers_entry *e;

		if (!memchr(name, '\0', 64 - wsz))
			continue;
		e = sv_find(sv, name);
		if (!e) {
			fprintf(out, "canary: __versions names %s, which Module.symvers does not export\n", name);
			problems++;
		} else if (e->crc != crc) {
			fprintf(out, "canary: __versions CRC of %s is 0x%08x, Module.symvers has 0x%08x\n", name, crc, e->crc);
			problems++;
		}
	}
	if (n == 0) {
		fprintf(out, "canary: __versions is empty\n");
		problems++;
	}
	return problems;
}

int canary_check(const char *build, FILE *out)
{
	_cleanup_free_ char *dir = xasprintf("%s/kbuild-pack-canary-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	_cleanup_free_ char *logp = NULL, *ko = NULL, *symp = path_join(build, "Module.symvers");
	_cleanup_free_ char *auto_conf = path_join(build, "include/config/auto.conf");
	_cleanup_free_ char *conf = NULL;
	struct symvers sv = { 0 };
	char *err = NULL;
	int r;

	if (!mkdtemp(dir)) {
		r = -errno;
		log_err("cannot create a scratch directory: %s", strerror(errno));
		return r;
	}
	logp = path_join(dir, "build.log");
	ko = path_join(dir, "kbp_canary.ko");
	r = write_text(dir, "kbp_canary.c", canary_c);
	if (r == 0)
		r = write_text(dir, "Kbuild", canary_kbuild);
	if (r < 0)
		goto out;
	/* The build directory is only read: M= writes into the scratch dir. */
	r = run_make(build, dir, logp);
	if (r < 0)
		goto out;
	if (r != 0 || !path_is_reg(ko)) {
		_cleanup_free_ char *text = NULL;
		size_t len = 0;
		fprintf(out, "canary: make -C %s M=... modules failed (exit %d)\n", build, r);
		if (read_file(logp, &text, &len) == 0) {
			const char *tail = text + (len > 2000 ? len - 2000 : 0);
			fprintf(stderr, "---- canary build log (tail) ----\n%s", tail);
		}
		r = 1;
		goto out;
	}
	r = 0;
	if (read_control_file(auto_conf, 0, &conf, NULL, NULL) == 0 && strstr(conf, "\nCONFIG_MODVERSIONS=y")) {
		if (symvers_read(symp, &sv, &err) < 0) {
			fprintf(out, "%s\n", err);
			free(err);
			r = 1;
		} else {
			r = check_versions(ko, &sv, out);
		}
		symvers_release(&sv);
	}
out:
	rm_rf(dir);
	return r;
}
