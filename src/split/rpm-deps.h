/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The rpm dependencies between a split's parts, for rpm's dependency
 * generator (packaging/rpm/kbuild_pack_split.attr, kbuild-pack rpm-deps):
 * the common part and each arch part provide
 *   kbuild-pack-split(linux-headers-COMMON/common) = DIGEST
 *   kbuild-pack-split(linux-headers-COMMON/arch-ARCH) = DIGEST
 * (their lists' digests), and a flavour requires those its Makefile names.
 * Two variants of a release (Fedora's kernel-devel and kernel-debug-devel,
 * rt) each require the very common part they were made with, whatever the
 * packages are named. */
#pragma once

#include <stdbool.h>
#include <stdio.h>

/* What the installed file PATH (a buildroot's) provides (requires) on out:
 * nothing for a file that is no list (no flavour Makefile). Negative errno,
 * printed. */
int split_rpm_deps(const char *path, bool requires, FILE *out);
