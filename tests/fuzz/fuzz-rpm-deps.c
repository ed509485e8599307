// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target: kbuild-pack rpm-deps, the command itself (its stdin
 * is what rpm's fileattrs gives it: a package's file names) over a scratch
 * buildroot whose files are the input too. The input is four sections,
 * each ended by a line "%%":
 *   the file names, one a line, under the buildroot;
 *   usr/src/linux-headers-C/.kbuild-pack-common, a common part's list;
 *   an arch part's list: its first line ARCH, then the list, written to
 *     usr/src/linux-headers-C/.kbuild-pack-arch-ARCH;
 *   usr/src/linux-headers-F/Makefile, a flavour's.
 * Both --provides and --requires run on every input. What they print is
 * read by rpm as dependencies: each line must be one,
 * "kbuild-pack-split(DIR/PART) = DIGEST", with no blank, comma or
 * operator that would make it several. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz-util.h"
#include "shared/log.h"
#include "tools/kbuild-pack.h"

#define COMMON_DIR "usr/src/linux-headers-6.1.99-common"
#define FLAVOUR_DIR "usr/src/linux-headers-6.1.99-quick"

static char *root;
static char arch_list[4096];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int in = memfd_create("stdin", MFD_CLOEXEC), out = memfd_create("stdout", MFD_CLOEXEC);
	char d[4096];

	(void)argc;
	(void)argv;
	log_init("fuzz-rpm-deps", LOG_QUIET);
	root = fuzz_scratch("fuzz-rpm-deps");
	if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0)
		abort();
	close(in);
	close(out);
	for (const char *p = "usr\0usr/src\0" COMMON_DIR "\0" FLAVOUR_DIR "\0"; *p; p += strlen(p) + 1) {
		snprintf(d, sizeof(d), "%s/%s", root, p);
		mkdir(d, 0755);
	}
	return 0;
}

static void put(const char *rel, const char *data, size_t size)
{
	char p[8192];

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	fuzz_put(p, data, size);
}

/* The next section of [*s, end): its length; *s moves past its "%%" line. */
static size_t section(const char **s, const char *end, const char **start)
{
	const char *m = memmem(*s, (size_t)(end - *s), "\n%%\n", 4);
	size_t n = m ? (size_t)(m - *s + 1) : (size_t)(end - *s);

	*start = *s;
	*s = m ? m + 4 : end;
	return n;
}

/* The name lines, each under the buildroot, as rpm gives them. */
static void put_stdin(const char *names, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	for (const char *l = names, *end = names + n; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		size_t ll = nl ? (size_t)(nl - l) : (size_t)(end - l);

		fprintf(f, "%s/", root);
		fwrite(l, 1, ll, f);
		fputc('\n', f);
		l += ll + 1;
	}
	fclose(f);
	if (ftruncate(0, 0) < 0 || pwrite(0, text, len, 0) != (ssize_t)len)
		abort();
	free(text);
}

/* One dependency: kbuild-pack-split(DIR/PART) = HEX, DIR and PART of
 * [A-Za-z0-9._+-], HEX 64 hex digits. */
static int dependency_ok(const char *l, size_t n)
{
	const char *pre = "kbuild-pack-split(", *p = l + strlen(pre), *end = l + n;
	int slashes = 0;

	if (n < strlen(pre) || memcmp(l, pre, strlen(pre)))
		return 0;
	for (; p < end && *p != ')'; p++) {
		if (*p == '/' && slashes++ == 0)
			continue;
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') &&
		    !strchr("._+-", *p))
			return 0;
	}
	if (slashes != 1 || end - p != 4 + 64 || memcmp(p, ") = ", 4))
		return 0;
	for (p += 4; p < end; p++)
		if (!strchr("0123456789abcdefABCDEF", *p))
			return 0;
	return 1;
}

static void run(const char *mode)
{
	char a0[] = "rpm-deps", a1[16];
	char *argv[] = { a0, a1, NULL };
	off_t len;
	char *out;

	snprintf(a1, sizeof(a1), "%s", mode);
	fseek(stdin, 0, SEEK_SET);
	clearerr(stdin);
	kbp_cmd_rpm_deps.run(2, argv);
	fflush(stdout);
	len = lseek(1, 0, SEEK_CUR);
	out = malloc((size_t)len + 1);
	if (len < 0 || pread(1, out, (size_t)len, 0) != len)
		abort();
	for (char *l = out, *end = out + len; l < end;) {
		char *nl = memchr(l, '\n', (size_t)(end - l));

		if (!nl || !dependency_ok(l, (size_t)(nl - l)))
			abort();
		l = nl + 1;
	}
	free(out);
	if (ftruncate(1, 0) < 0)
		abort();
	fseek(stdout, 0, SEEK_SET);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *p;
	size_t n;

	put_stdin(s, section(&s, end, &p));
	n = section(&s, end, &p);
	put(COMMON_DIR "/.kbuild-pack-common", p, n);
	n = section(&s, end, &p);
	{
		/* ARCH: a file name, else none is written */
		const char *nl = memchr(p, '\n', n);
		size_t an = nl ? (size_t)(nl - p) : 0;

		if (an && an < 200 && !memchr(p, '/', an) && !memchr(p, '\0', an)) {
			snprintf(arch_list, sizeof(arch_list), COMMON_DIR "/.kbuild-pack-arch-%.*s", (int)an, p);
			put(arch_list, nl + 1, n - an - 1);
		}
	}
	n = section(&s, end, &p);
	put(FLAVOUR_DIR "/Makefile", p, n);
	run("--provides");
	run("--requires");
	/* the next input names its own arch list */
	if (*arch_list) {
		char f[8192];

		snprintf(f, sizeof(f), "%s/%s", root, arch_list);
		unlink(f);
		*arch_list = '\0';
	}
	return 0;
}
