/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-pack verify: would this build directory (or archive) work? */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct verify_opts {
	const char *host_arch; /* machine the tree's programs must run on; NULL: this one */
	bool canary;           /* also build the bundled canary module against it */
	const char *canary_src; /* NULL: kbp_canary_dir() */
	bool no_btf_base;      /* module BTF waived (pack --vmlinux=none): no vmlinux is fine */
};

/* Checks PATH (a build directory, a DESTDIR holding one, or an archive)
 * and writes every problem as one line "FILE: problem" to out. Returns the
 * number of problems, or a negative errno when it could not check. */
int kbp_verify(const char *path, const struct verify_opts *o, FILE *out);

/* EM_* for a machine name (uname -m or Debian/kernel spelling); -EINVAL when unknown. */
int elf_machine_from_name(const char *name, uint16_t *em);
/* A readable name for an EM_* value. */
const char *elf_machine_name(uint16_t em);
