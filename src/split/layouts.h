/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The layouts of a split (--layout, doc/split.md): the packages its parts
 * are made for. Each is one table in layouts.c; the code that makes the
 * parts asks the table and never compares layouts, so a layout (Fedora's,
 * Ubuntu's) is added there. */
#pragma once

#include <stdbool.h>

struct split_layout_kind {
	const char *name;  /* --layout NAME */
	const char *whose; /* in messages: "Debian's" (layout, common part) */
	/* The common part is made from the source alone, for the release's
	 * architectures (--arch), holding every source file a rule of any of
	 * them takes; every tree is checked against it as against a published
	 * one (--common-name and --arch are required). */
	bool common_from_source;
	/* The build machine's host programs go to one part for every tree
	 * (Debian's linux-kbuild-SERIES; --kbuild, --kbuild-name, --merged-usr),
	 * one modpost (kbuild-modpost) serving every target, where the plain
	 * layout shares them in a part per architecture. */
	bool kbuild_part;
	/* A flavour's part is named after its release (a package per release):
	 * two trees of one release cannot be split together. */
	bool flavour_per_release;
	/* The parts' names: the common part's, a flavour's. */
	char *(*common_part)(const char *common_name);
	char *(*flavour_part)(const char *tree_name, const char *release);
	/* Where a flavour's links to its tree's shared host programs lead:
	 * usr/src/linux-kbuild-... */
	char *(*kbuild_dir)(const char *common_name, const char *kbuild_name, const char *arch);
	/* The lines of a flavour's Makefile that stop a build without its
	 * host programs part ("" when the layout has none of its own). */
	char *(*kbuild_check)(const char *kbuild_name);
};

/* common, arch-ARCH, flavour-NAME (the default). */
extern const struct split_layout_kind split_layout_parts;
/* Debian's packages: linux-headers-ABI-common, linux-kbuild-SERIES,
 * linux-headers-RELEASE. */
extern const struct split_layout_kind split_layout_debian;

/* The layout of that --layout name; NULL when there is none. */
const struct split_layout_kind *split_layout_named(const char *name);
/* usr/src/linux-headers-NAME: where a flavour (NAME its release) and the
 * common part (NAME its name) install, in every layout. */
char *split_headers_dir(const char *name);
