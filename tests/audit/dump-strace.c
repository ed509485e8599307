// SPDX-License-Identifier: GPL-2.0-or-later
/* dump-strace LOG CWD [BUILD MODDIR [TREE]]: the accesses the strace log
 * parser reads, one a line "pid prog kind result path"; with BUILD and
 * MODDIR, what audit makes of them instead (missing/escape lines). */
#include <stdio.h>

#include "audit/audit.h"

static const char *const kinds[] = { "open", "stat", "exec", "write" };
static const char *const results[] = { "found", "not-found", "error" };

int main(int argc, char *argv[])
{
	struct access_log log = { 0 };
	FILE *f;

	if (argc != 3 && argc != 5 && argc != 6) {
		fprintf(stderr, "usage: dump-strace LOG CWD [BUILD MODDIR [TREE]]\n");
		return 2;
	}
	f = fopen(argv[1], "re");
	if (!f || access_log_read(f, argv[2], &log) < 0) {
		perror(argv[1]);
		return 1;
	}
	fclose(f);
	if (argc == 3) {
		for (size_t i = 0; i < log.n; i++)
			printf("%d %s %s %s %s\n", log.v[i].pid, log.v[i].prog ? log.v[i].prog : "?",
			       kinds[log.v[i].kind], results[log.v[i].result], log.v[i].path);
	} else {
		struct audit_result r = { 0 };
		const char *const trees[2] = { argc == 6 ? argv[5] : NULL, NULL };

		audit_classify(&log, argv[3], NULL, argv[4], trees, &r);
		audit_finish(&r);
		audit_print(&r, false, stdout);
		printf("used: %zu\n", r.used.n);
		audit_result_release(&r);
	}
	access_log_release(&log);
	return 0;
}
