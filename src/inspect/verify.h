/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-pack verify: would this build directory (or archive) work? */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "inspect/packed-tree.h"
#include "kernel/target.h" /* the machine names --host-arch takes */

struct verify_opts {
	const char *host_arch; /* machine the tree's programs must run on; NULL: this one */
	/* the same as its caller found it (pack --host-tools=target: the
	 * machine the target compiler builds for); em 0: host_arch decides */
	struct elf_machine host;
	bool canary;           /* also build the bundled canary module against it */
	bool no_btf_base;      /* module BTF waived (pack --vmlinux=none): no vmlinux is fine */
	/* The manifests the tree was packed with (pack --verify passes its own):
	 * NULL dir is kbp_manifest_dir(); the extra ones follow common and arch. */
	const char *manifest_dir;
	const char **extra_manifests;
	size_t nextra;
	struct packed_opts packed; /* how PATH is opened (its extraction limit) */
};

/* Checks PATH (a build directory, a DESTDIR holding one, or an archive)
 * against the manifests resolved for its own release, arch and config, and
 * writes every problem as one line "FILE: problem" to out. Returns the
 * number of problems, or a negative errno when it could not check. With
 * problems, *about (about may be NULL) says what a module build against
 * the tree must match: "Linux RELEASE (ARCH) built by CONFIG_CC_VERSION_TEXT". */
int kbp_verify(const char *path, const struct verify_opts *o, FILE *out, char **about);
